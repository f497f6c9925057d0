import ArgumentParser
import OceanBalance
import OceanDrivers
import OceanAssets
import OceanKernel
import OceanStore
import OceanSystem
import OceanTune
#if canImport(Glibc)
import Glibc
#endif

/// The files a finished sweep (a whole run or a merge) can also be written as.
struct SweepFiles: ParsableArguments {
    @Option(help: "Also write the results as CSV here (every metric: games, careers' milestones, each target's error).", completion: .file(extensions: ["csv"]))
    var csv: String?

    @Option(help: "Also draw a chart (SVG) of --metric over the first one or two varied keys here.", completion: .file(extensions: ["svg"]))
    var chart: String?

    @Option(help: "Also draw the chart as a PNG here (the same data, labelled in the game's bitmap font).", completion: .file(extensions: ["png"]))
    var png: String?

    @Option(help: "The chart's metric: \(Metric.names).", completion: .list(Metric.allCases.filter { !Metric.dayOnly.contains($0) }.map(\.rawValue)))
    var metric: String = "catch_rate"

    @Option(help: "The chart's bot (default: the spec's first).")
    var chartBot: String?

    @Option(help: "Where to write the best point's balance when the spec has targets (default: OUT with .best.toml; none for a shard, whose best is only local: merge the shards).", completion: .file(extensions: ["toml"]))
    var best: String?

    @Option(help: "With --objectives: draw the Pareto front (SVG) over the first two targets here.", completion: .file(extensions: ["svg"]))
    var paretoChart: String?

    @Option(help: "Draw each key's share of each metric's variance (SVG bars, the chart bot) here.", completion: .file(extensions: ["svg"]))
    var importanceChart: String?

    func validate() throws {
        guard let m = Metric(rawValue: metric), !Metric.dayOnly.contains(m) else {
            throw ValidationError("--metric: unknown; allowed: \(Metric.names)")
        }
        for (flag, path) in [("--csv", csv), ("--chart", chart), ("--png", png), ("--best", best),
                             ("--pareto-chart", paretoChart), ("--importance-chart", importanceChart)] {
            try checkPath(path, flag: flag, stream: true)
        }
    }

    /// Before any work: a PNG asked of a program that links no picture writer.
    func refuseUnwritablePNG() throws {
    }

    /// Every output with its flag (`best`: the path the best balance goes to, if any).
    func outputs(best bestPath: String?) -> [(String, String?)] {
        [("--csv", csv), ("--chart", chart), ("--png", png), ("--best", bestPath),
         ("--pareto-chart", paretoChart), ("--importance-chart", importanceChart)]
    }

    /// The best balance's path: --best, else OUT with .best.toml (standard output: none).
    func bestPath(out: String, targets: Bool) -> String? {
        guard targets else { return nil }
        if let best { return best }
        guard !isStandardOutput(out) else { return nil }
        return (out.hasSuffix(".jsonl") ? String(out.dropLast(6)) : out) + ".best.toml"
    }

    /// Writes the extra files and the report (to standard output, or standard error
    /// when the JSON Lines went to standard output). `base`: the balance the points
    /// start from (for the best point's file); `source`: what the best point's comment names.
    /// `baseText`: the base balance file's text, so the best point is written as that
    /// file with its changed values edited in (`CommentedBalance`).
    func finish(header: SweepHeader, lines: [PointLine], out: String, best bestTarget: String?, base: Balance?,
                baseText: String? = nil, source: String, quiet: Bool) throws {
        let bot = chartBot ?? header.bots.first ?? ""
        let metric = Metric(rawValue: self.metric)!
        if let csv { try write(csv, SweepReport.csv(header: header, lines: lines)) }
        if let chart { try write(chart, SweepChart.svg(header: header, lines: lines, metric: metric, bot: bot)) }
        if let png {
            let font: BitmapFont
            do { font = try FrontAssetsLoader.load(theme: nil).font } catch { throw CommandFailure(String(describing: error)) }
            let picture = ChartPicture.draw(header: header, lines: lines, metric: metric, bot: bot, font: font)
            try refuseUnwritablePNG()
            do { try PNGFile.write(picture, to: png) } catch { throw CommandFailure("\(error)") }
        }
        let importance = Importance.compute(header: header, lines: lines)
        if let importanceChart { try write(importanceChart, Importance.svg(importance, keys: header.keys, bot: bot)) }
        if let paretoChart {
            guard header.objectives != nil else { throw CommandFailure("ocean: --pareto-chart needs --objectives (each target an objective)") }
            try write(paretoChart, ParetoChart.svg(header: header, lines: lines))
        }
        var note = ""
        let best = Sweep.best(lines)
        // A key that changes nothing measured is said, whatever --quiet says (a warning).
        let inert = InertKeys.keys(header: header, lines: lines)
        if !inert.isEmpty {
            writeError("ocean tune: warning: \(inert.joined(separator: ", ")) changed no game this sweep measured "
                + "(every point that differs only there played the same); check the bots' mode and the keys\n")
        }
        let alike = InertKeys.allPointsAlike(lines)
        if header.shard != Shard.whole.description {
            if case .nothing = best {} else { note = "shard \(header.shard): its best is only this shard's; `ocean tune merge` writes the sweep's best\n" }
        } else if alike, bestTarget != nil {
            note = "every point played the same games (the swept keys change nothing measured); no best balance written\n"
            if quiet { writeError("ocean tune: " + note) }
        } else if case .noneFeasible(let nearest) = best {
            note = "no point keeps every constraint (the nearest: point \(nearest.point)); no best balance written\n"
        } else if case .point(let top) = best, let base, let target = bestTarget, let balance = top.balance(base: base) {
            let values = top.params.keys.sorted().map { "\($0) = \(top.params[$0]!)" }.joined(separator: ", ")
            let confirmed = top.confirmed.map { " on \($0.games) games of fresh seeds" } ?? ""
            let said = [top.judgedFeasible == true ? "every constraint kept" + confirmed : nil,
                        top.judgedDistance.map { "distance to the targets \($0)" }]
                .compactMap { $0 }.joined(separator: "; ")
            let comment = "The best point (\(top.point)) of \(source): \(values)\n\(said)"
            try write(target, baseText.flatMap { CommentedBalance.patched($0, values: top.params, note: comment,
                                                                          meaning: CommentedBalance.meanings(of: base)) }
                      ?? PointSampler.toml(balance, comment: comment))
            note = "best point \(top.point)\(top.judgedFeasible == true ? " (feasible\(confirmed))" : ""); play it: ocean play --balance \(shellQuoted(target))\n"
        }
        guard !quiet else { return }
        let report = SweepReport.table(header: header, lines: lines) + Importance.table(importance, keys: header.keys) + note
        if isStandardOutput(out) { writeError(report) } else { CommandOutput.print(report, terminator: "") }
    }

}
