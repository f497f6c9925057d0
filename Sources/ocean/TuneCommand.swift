import ArgumentParser
import OceanBalance
import OceanDrivers
import OceanAssets
import OceanKernel
import OceanPlatform
import OceanStore
import OceanSystem
import OceanTune
#if canImport(Glibc)
import Glibc
#endif

struct TuneCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tune",
        abstract: "Balance sweeps: play many games per candidate balance and report metrics with confidence intervals.",
        subcommands: [TuneRun.self, TuneMerge.self, TuneReplays.self],
        defaultSubcommand: TuneRun.self)
}

/// The spec, read and validated, and the balance its points start from.
private func loadSpec(_ path: String, balance: String?) -> (TuneSpec, Balance) {
    let spec: TuneSpec
    do { spec = try TuneSpecReader.read(path: path) } catch { fail(error.description) }
    let basePath = balance ?? specBalancePath(spec, path)
    return (spec, BalanceOption(balance: basePath).load())
}

/// The balance a spec's points start from: its `balance` (relative to the spec's
/// folder), else the shipped one.
private func specBalancePath(_ spec: TuneSpec, _ specPath: String) -> String {
    if let relative = spec.balancePath {
        return relative.hasPrefix("/") ? relative : ((try? PathName(specPath).sibling(relative)) ?? relative)
    }
    return defaultBalancePath() ?? "assets/balance.toml"
}

private func allCores() -> Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

/// Every file `tune` writes goes through the safe replace (see `AtomicWriter`).
private func write(_ path: String, _ text: String) { write(path, Array(text.utf8)) }

private func write(_ path: String, _ bytes: [UInt8]) {
    do { try replaceFile(path, with: bytes) } catch { fail(error.description) }
}

struct TuneRun: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run a tune spec (the default: `ocean tune SPEC --out FILE.jsonl`).")

    @Argument(help: "The tune spec (TOML); see assets/tune/example.toml.")
    var spec: String

    @Option(help: "Games per point and bot, overriding the spec's `games` (1 to 1000000).")
    var games: Int?

    @Option(help: "Threads to play on (1 to 256; default: all cores). The output is the same for any number.")
    var jobs: Int?

    @Option(help: "Run one shard: i/n, or `auto` from SLURM_ARRAY_TASK_* or JOB_COMPLETION_INDEX.")
    var shard: String?

    @Option(help: "With --shard auto in a Kubernetes Indexed Job: the job's completions.")
    var shardCount: Int?

    @Option(help: "Where to write the JSON Lines (a header line, then one line per point).")
    var out: String

    @Option(help: "Also write the results as CSV here.")
    var csv: String?

    @Option(help: "Also draw a chart (SVG) of --metric over the first one or two varied keys here.")
    var chart: String?

    @Option(help: "Also draw the chart as a PNG here (the same data; no text).")
    var png: String?

    @Option(help: "The chart's metric: \(Metric.names).")
    var metric: String = "catch_rate"

    @Option(help: "The chart's bot (default: the spec's first).")
    var chartBot: String?

    @Option(help: "Where to write the best point's balance when the spec has targets (default: OUT with .best.toml).")
    var best: String?

    @Option(help: "The balance the points start from (default: the spec's `balance`, else assets/balance.toml).")
    var balance: String?

    @Flag(help: "No progress, no table: only the output files.")
    var quiet = false

    @Flag(help: forceHelp("existing --out, --csv, --chart, --png and --best files"))
    var force = false

    func validate() throws {
        if let games, !(1...1_000_000).contains(games) { throw ValidationError("--games: \(games) is out of range; allowed: 1 to 1000000") }
        if let jobs, !(1...256).contains(jobs) { throw ValidationError("--jobs: \(jobs) is out of range; allowed: 1 to 256") }
        if let shard, shard != "auto", Shard(shard) == nil {
            throw ValidationError("--shard: '\(shard)' is not i/n with 1 ≤ i ≤ n ≤ \(Shard.maxCount), nor auto")
        }
        try checkRange(shardCount, "--shard-count", 1...Shard.maxCount)
        guard Metric(rawValue: metric) != nil else { throw ValidationError("--metric: unknown; allowed: \(Metric.names)") }
        for (flag, path) in [("--out", out), ("--csv", csv), ("--chart", chart), ("--png", png), ("--best", best)] {
            try checkPath(path, flag: flag, stream: true)
        }
    }

    func run() throws {
        let (spec, base) = loadSpec(self.spec, balance: balance)
        let bestPath = spec.targets.isEmpty ? nil : best ?? (out.hasSuffix(".jsonl") ? String(out.dropLast(6)) : out) + ".best.toml"
        refuseClashes(inputs: [("the spec", self.spec), ("--balance", balance ?? specBalancePath(spec, self.spec))],
                      outputs: [("--out", out), ("--csv", csv), ("--chart", chart), ("--png", png), ("--best", bestPath)])
        refuseExisting([("--out", out), ("--csv", csv), ("--chart", chart), ("--png", png), ("--best", bestPath)], force: force)
        var options = Sweep.Options()
        options.games = games
        options.jobs = jobs ?? allCores()
        if let shard {
            if shard == "auto" {
                switch Shard.auto(environment: environmentVariables(), count: shardCount) {
                case .success(let s): options.shard = s
                case .failure(let e): fail("ocean tune: \(e)")
                }
            } else {
                options.shard = Shard(shard)!
            }
            if spec.strategy == .halving && options.shard.count > 1 {
                fail("ocean tune: --shard: a halving run decides each rung from all points; run it whole")
            }
        }
        if !quiet {
            let progress = Progress("tune", total: 1, unit: "games", plainLines: true)
            options.progress = { done, total in progress.update(done, of: total) }
        }
        let output = Sweep.run(spec: spec, base: base, file: self.spec, options: options)
        write(out, output.jsonl)
        if let csv { write(csv, SweepReport.csv(header: output.header, lines: output.lines)) }
        if let chart {
            let bot = chartBot ?? spec.players.first?.description ?? ""
            write(chart, SweepChart.svg(header: output.header, lines: output.lines, metric: Metric(rawValue: metric)!, bot: bot))
        }
        if let png {
            let bot = chartBot ?? spec.players.first?.description ?? ""
            let font: BitmapFont
            do { font = try FrontAssetsLoader.load(theme: nil).font } catch { fail(String(describing: error)) }
            let picture = ChartPicture.draw(header: output.header, lines: output.lines, metric: Metric(rawValue: metric)!,
                                            bot: bot, font: font)
            do { try PNGWriter.write(picture, to: png) } catch { fail(error.description) }
        }
        var bestNote = ""
        if !spec.targets.isEmpty, let top = Sweep.ranked(output.lines).first, let balance = top.balance(base: base) {
            let path = bestPath ?? "best.toml"
            let values = top.params.keys.sorted().map { "\($0) = \(top.params[$0]!)" }.joined(separator: ", ")
            write(path, PointSampler.toml(balance, comment: "The best point (\(top.point)) of \(self.spec): \(values)\ndistance to the targets \(top.distance ?? 0)"))
            bestNote = "best point \(top.point); play it: ocean play --balance \(path)\n"
        }
        let rate = Double(output.gamesPlayed) / max(output.seconds, 1e-9)
        if !quiet {
            print(SweepReport.table(header: output.header, lines: output.lines), terminator: "")
            print(bestNote, terminator: "")
            let careers = spec.career.careers > 0 ? " (and \(spec.career.careers) careers per point and bot)" : ""
            printError("\(output.gamesPlayed) games\(careers) in \(SweepReport.fixed(output.seconds, 2)) s: \(Int(rate)) games/s "
                + "on \(options.jobs) thread\(options.jobs == 1 ? "" : "s") (\(Int(rate / Double(min(options.jobs, allCores())))) per core)")
        }
    }
}

private func environmentVariables() -> [String: String] {
    var env: [String: String] = [:]
    var p = environ
    while let entry = p.pointee {
        let s = String(cString: entry)
        if let eq = s.firstIndex(of: "=") { env[String(s[..<eq])] = String(s[s.index(after: eq)...]) }
        p += 1
    }
    return env
}

struct TuneMerge: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Join the shards of one sweep into the bytes one machine would have written.")

    @Argument(help: "The shard outputs (JSON Lines).")
    var files: [String]

    @Option(help: "Where to write the merged JSON Lines.")
    var out: String

    @Flag(help: forceHelp())
    var force = false

    func validate() throws { try checkPath(out, flag: "--out", stream: true) }

    func run() throws {
        guard !files.isEmpty else { fail("ocean tune merge: name the shard files") }
        refuseClashes(inputs: files.map { ("the shard", $0) }, outputs: [("--out", out)])
        refuseExisting([("--out", out)], force: force)
        let texts = files.map { f -> (name: String, text: String) in
            do { return (f, try PathName(f).readText(limit: 1 << 30)) } catch { fail("ocean tune merge: \(error)") }
        }
        switch ShardMerge.merge(texts) {
        case .success(let text): write(out, text)
        case .failure(let e): fail("ocean tune merge: \(e)")
        }
    }
}

struct TuneReplays: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replays",
        abstract: "What-if: re-run recorded replays' inputs under each point of a spec and report how the outcomes move.")

    @Argument(help: "The tune spec (TOML); its [vary] keys are applied to each replay's own constants.")
    var spec: String

    @Argument(help: "The replays.")
    var files: [String]

    @Option(help: "Also write the results as JSON Lines here.")
    var out: String?

    @Option(help: "Threads to play on (default: all cores).")
    var jobs: Int?

    @Flag(help: forceHelp())
    var force = false

    func validate() throws { try checkPath(out, flag: "--out", stream: true) }

    func run() throws {
        guard !files.isEmpty else { fail("ocean tune replays: name at least one replay") }
        refuseClashes(inputs: [("the spec", self.spec)] + files.map { ("the replay", $0) }, outputs: [("--out", out)])
        refuseExisting([("--out", out)], force: force)
        let spec: TuneSpec
        do { spec = try TuneSpecReader.read(path: self.spec) } catch { fail(error.description) }
        let report: WhatIf.Report
        switch WhatIf.run(spec: spec, specFile: self.spec, replayFiles: files, jobs: jobs ?? allCores()) {
        case .success(let r): report = r
        case .failure(let e): fail(e.description)
        }
        if let out { write(out, report.jsonl) }
        print(report.table, terminator: "")
    }
}

/// Writes text to standard error as it is (no newline added), in one write.
private func writeError(_ text: String) {
    var bytes = Array(text.utf8)
    _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
}
