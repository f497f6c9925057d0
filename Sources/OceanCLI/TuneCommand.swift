import ArgumentParser
import OceanBalance
import OceanDrivers
import OceanAssets
import OceanKernel
import OceanReplay
import OceanStore
import OceanSystem
import OceanTune
#if canImport(Glibc)
import Glibc
#endif

public struct TuneCommand: ParsableCommand {
    public init() {}

    public static let configuration = CommandConfiguration(
        commandName: "tune",
        abstract: "Balance sweeps: play many games per candidate balance and report metrics with confidence intervals.",
        subcommands: [TuneRun.self, TuneMerge.self, TuneEval.self, TuneReplays.self, TuneExport.self],
        defaultSubcommand: TuneRun.self)
}

/// The spec, read and validated, and the balance its points start from.
func loadSpec(_ path: String, balance: String?) throws -> (TuneSpec, Balance) {
    let spec: TuneSpec
    // `-`: the spec from standard input (its `balance` then relative to the working folder).
    let piped = StandardInput.isDash(path) ? try StandardInput.readText(limit: 1 << 20, what: "the spec") : nil
    do {
        if let piped { spec = try TuneSpecReader.parse(piped, file: "standard input") } else { spec = try TuneSpecReader.read(path: path) }
    } catch { throw CommandFailure(error.description) }
    let basePath = balance ?? specBalancePath(spec, path)
    let base = try BalanceOption(balance: basePath).load()
    if let (name, last) = spec.roundPastTheLast(base: base) {
        throw CommandFailure("\(path): \(name): a game has \(last) rounds (rounds.per_game), so a round past \(last) has no value; "
            + "name a round from 1 to \(last)")
    }
    return (spec, base)
}

/// The balance a spec's points start from: its `balance` (relative to the spec's
/// folder), else the shipped one.
private func specBalancePath(_ spec: TuneSpec, _ specPath: String) -> String {
    if let relative = spec.balancePath {
        if StandardInput.isDash(specPath) { return relative }
        return relative.hasPrefix("/") ? relative : ((try? PathName(specPath).sibling(relative)) ?? relative)
    }
    return defaultBalancePath() ?? "assets/balance.toml"
}

/// The CPUs this process may use (affinity, cgroup quota, SLURM_CPUS_PER_TASK).
func usableCPUs() -> Int { UsableCPUs.count(environment: environmentVariables()) }
private func allCores() -> Int { usableCPUs() }

struct TuneRun: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run a tune spec (the default: `ocean tune SPEC --out FILE.jsonl`).",
        discussion: """
            Each finished point is appended to OUT.part as soon as all its games are played; a run that \
            was killed goes on from there with --resume, and the output is the same bytes as a run \
            never stopped. The output replaces OUT only when it is whole, and OUT.part is removed then.
            """)

    @Argument(help: "The tune spec (TOML), - for standard input; see assets/tune/example.toml.", completion: .file(extensions: ["toml"]))
    var spec: String

    @Option(help: "Games per point and bot, overriding the spec's `games` (1 to 1000000).")
    var games: Int?

    @Option(help: "Threads to play on (1 to 256; default: the CPUs this process may use: affinity, cgroup quota, SLURM_CPUS_PER_TASK). The output is the same for any number.")
    var jobs: Int?

    @Option(help: "Run one shard: i/n, or `auto` from SLURM_ARRAY_TASK_* or JOB_COMPLETION_INDEX.")
    var shard: String?

    @Option(help: "With --shard auto in a Kubernetes Indexed Job: the job's completions.")
    var shardCount: Int?

    @Option(help: "Where to write the JSON Lines (a header line, then one line per point); - for standard output.",
            completion: .file(extensions: ["jsonl"]))
    var out: String

    @Flag(help: "Go on with the finished points an interrupted run left in OUT.part (same spec, games and shard).")
    var resume = false

    @Option(help: "Play the \(Sweep.Options.confirmedPoints) best points again on this many games of fresh seeds (1 to 1000000) and rank them by those figures (a \"confirmed\" object in their records).")
    var confirm: Int?

    @Flag(help: "Each target a separate objective: every point gets its errors and the header the Pareto front (the points no other beats on every target).")
    var objectives = false

    @OptionGroup var files: SweepFiles

    @Option(help: "Also record metrics over time: per round of the games and per day of the careers, each point and bot's means with 95 % intervals, as JSON Lines here.",
            completion: .file(extensions: ["jsonl"]))
    var series: String?

    @Option(help: "The same curves as CSV here (a row per point, bot and round or day; every metric).", completion: .file(extensions: ["csv"]))
    var seriesCsv: String?

    @Option(help: "Draw --series-metric over rounds (or days) with its band, a line per point (the best eight with targets, else the first), as SVG here.",
            completion: .file(extensions: ["svg"]))
    var seriesChart: String?

    @Option(help: "The series chart's metric: \(Series.roundMetrics.joined(separator: ", ")) per round; \(Series.dayMetrics.joined(separator: ", ")) per day.",
            completion: .list(Array(Set(Series.roundMetrics + Series.dayMetrics)).sorted()))
    var seriesMetric: String = "catch_rate"

    @Option(help: "The balance the points start from (default: the spec's `balance`, else assets/balance.toml).",
            completion: .file(extensions: ["toml"]))
    var balance: String?

    @Flag(help: "No progress, no table: only the output files.")
    var quiet = false

    @Flag(help: forceHelp("existing --out, --csv, --chart, --png and --best files, and an interrupted run's OUT.part"))
    var force = false

    func validate() throws {
        if let games, !(1...1_000_000).contains(games) { throw ValidationError("--games: \(games) is out of range; allowed: 1 to 1000000") }
        if let jobs, !(1...256).contains(jobs) { throw ValidationError("--jobs: \(jobs) is out of range; allowed: 1 to 256") }
        if let shard, shard != "auto", Shard(shard) == nil {
            throw ValidationError("--shard: '\(shard)' is not i/n with 1 ≤ i ≤ n ≤ \(Shard.maxCount), nor auto")
        }
        try checkRange(shardCount, "--shard-count", 1...Shard.maxCount)
        try checkRange(confirm, "--confirm", 1...1_000_000)
        if confirm != nil && shard != nil { throw ValidationError("--confirm plays the whole sweep's best points: not with --shard") }
        try checkPath(out, flag: "--out", stream: true)
        if resume && isStandardOutput(out) {
            throw ValidationError("--resume: --out is standard output, which keeps no finished points; name a file")
        }
        if resume && force { throw ValidationError("--resume and --force do not go together: --force starts over, --resume goes on") }
        for (flag, path) in [("--series", series), ("--series-csv", seriesCsv), ("--series-chart", seriesChart)] {
            try checkPath(path, flag: flag, stream: true)
        }
        let metrics = Set(Series.roundMetrics + Series.dayMetrics)
        guard metrics.contains(seriesMetric) else {
            throw ValidationError("--series-metric: '\(seriesMetric)' is not one; allowed: \(metrics.sorted().joined(separator: ", "))")
        }
    }

    var seriesOutputs: [(String, String?)] { [("--series", series), ("--series-csv", seriesCsv), ("--series-chart", seriesChart)] }

    func run() throws {
        try files.refuseUnwritablePNG()
        let (spec, base) = try loadSpec(self.spec, balance: balance)
        let journalPath = isStandardOutput(out) ? nil : out + ".part"
        var options = Sweep.Options()
        options.games = games
        options.jobs = jobs ?? allCores()
        options.confirm = confirm ?? 0
        if let shard {
            if shard == "auto" {
                switch Shard.auto(environment: environmentVariables(), count: shardCount) {
                case .success(let s): options.shard = s
                case .failure(let e): throw CommandFailure("ocean tune: \(e)")
                }
            } else {
                options.shard = Shard(shard)!
            }
            if spec.strategy == .halving && options.shard.count > 1 {
                throw CommandFailure("ocean: --shard: a halving run decides each rung from all points; run it whole")
            }
        }
        let bestPath = options.shard.count > 1 ? nil : files.bestPath(out: out, targets: !spec.targets.isEmpty || !spec.constraints.isEmpty)
        // A run already finished: --resume has nothing to do (a requeued batch job
        // succeeds and changes nothing).
        if resume, let journalPath, SweepJournal.pending(journalPath) == nil, Sweep.isFinished(out, spec: spec, base: base, options: options) {
            if !quiet { CommandOutput.printError("ocean tune: \(out) is this run's, finished: nothing to resume") }
            return
        }
        try refuseClashes(inputs: [("the spec", self.spec), ("--balance", balance ?? specBalancePath(spec, self.spec))],
                      outputs: [("--out", out), ("the journal", journalPath)] + files.outputs(best: bestPath) + seriesOutputs)
        try refuseExisting([("--out", out)] + files.outputs(best: bestPath) + seriesOutputs, force: force)
        try refuseUnwritable([("--out", out)] + files.outputs(best: bestPath) + seriesOutputs)
        if let journalPath {
            do { try checkFreshFile(journalPath) } catch { throw CommandFailure("ocean: the journal \(error.description); --out must be in a folder you can write") }
        }
        if let journalPath, !force, let problem = SweepJournal.notAJournalFile(journalPath) {
            throw CommandFailure("ocean: \(journalPath) \(problem)")
        }
        if let journalPath, !resume, !force, let n = SweepJournal.pending(journalPath) {
            throw CommandFailure("ocean: \(journalPath) holds an interrupted run (\(counted(n, "finished point"))); "
                + "add --resume to go on with it, or --force to start over")
        }
        options.journal = journalPath
        options.resume = resume
        options.objectives = objectives
        options.series = !seriesOutputs.allSatisfy { $0.1 == nil }
        if objectives && spec.targets.count < 2 {
            throw CommandFailure("ocean: --objectives: \(self.spec) has \(counted(spec.targets.count, "target")); a Pareto front needs at least 2 ([targets.\"BOT\"] metric = value)")
        }
        let progress = quiet ? nil : Progress("tune", total: 1, unit: "games", plainLines: true)
        if let progress { options.progress = { done, total in progress.update(done, of: total) } }
        let output: SweepOutput
        do { output = try Sweep.run(spec: spec, base: base, file: self.spec, options: options) } catch { throw CommandFailure("ocean: \(error)") }
        progress?.finish()
        do { try write(out, output.jsonl) } catch let failure as CommandFailure where journalPath != nil {
            // Checked before any game, so rare (a full disk): the played points are not
            // thrown away, and the message says where they are.
            throw CommandFailure("\(failure.message); the finished points stay in \(journalPath!): run again with --resume once --out can be written")
        }
        output.journal?.remove()
        if options.series {
            let curves = output.series
            if let series { try write(series, Series.jsonl(curves)) }
            if let seriesCsv { try write(seriesCsv, Series.csv(curves)) }
            if let seriesChart {
                let bot = files.chartBot ?? spec.players.first?.description ?? ""
                let ranked = Sweep.ranked(output.lines)
                let best = (ranked.isEmpty ? output.lines : ranked).prefix(8).map(\.point)
                // Each point labelled by its values; the base balance played for the chart's bot on the same games.
                var labels: [Int: String] = [:]
                for l in output.lines { labels[l.point] = spec.axes.map { "\($0.key) \(l.params[$0.key].map(String.init) ?? "?")" }.joined(separator: ", ") }
                let shipped = Self.shippedCurve(spec: spec, base: base, bot: bot, jobs: options.jobs)
                try write(seriesChart, Series.svg(curves, metric: seriesMetric, bot: bot, points: best, labels: labels, shipped: shipped))
            }
        }
        let baseText = bestPath == nil ? nil : readTextFile(balance ?? specBalancePath(spec, self.spec), limit: 1 << 20)
        try files.finish(header: output.header, lines: output.lines, out: out, best: bestPath, base: base, baseText: baseText,
                         source: self.spec, quiet: quiet)
        let rate = Double(output.gamesPlayed) / max(output.seconds, 1e-9)
        if !quiet {
            let careers = spec.career.careers > 0 ? " (and \(spec.career.careers) careers per point and bot)" : ""
            let resumed = output.resumed > 0 ? "; \(counted(output.resumed, "point")) taken from \(journalPath ?? "")" : ""
            CommandOutput.printError("\(output.gamesPlayed) games\(careers) in \(SweepReport.fixed(output.seconds, 2)) s: \(Int(rate)) games/s "
                + "on \(options.jobs) thread\(options.jobs == 1 ? "" : "s") (\(Int(rate / Double(min(options.jobs, allCores())))) per core)\(resumed)")
        }
    }
}

struct TuneMerge: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Join the shards of one sweep into the bytes one machine would have written, with its best point, charts and report.",
        discussion: """
            The merged file is the bytes a whole run writes. With targets, the sweep's best point is \
            written as a balance file (--best, default OUT with .best.toml), applied to the balance the \
            shards started from (--balance, default assets/balance.toml; its fingerprint must be the \
            shards'). Shards run with --objectives get the Pareto front over all points here.
            """)

    @Argument(help: "The shard outputs (JSON Lines); - for one read from standard input.", completion: .file(extensions: ["jsonl"]))
    var shards: [String]

    @Option(help: "Where to write the merged JSON Lines; - for standard output.", completion: .file(extensions: ["jsonl"]))
    var out: String

    @OptionGroup var files: SweepFiles

    @Option(help: "The balance the shards started from, for the best point's file (default: assets/balance.toml).",
            completion: .file(extensions: ["toml"]))
    var balance: String?

    @Flag(help: "No table: only the output files.")
    var quiet = false

    @Flag(help: forceHelp("existing --out, --csv, --chart, --png and --best files"))
    var force = false

    func validate() throws { try checkPath(out, flag: "--out", stream: true) }

    func run() throws {
        guard !shards.isEmpty else { throw CommandFailure("ocean: tune merge: name the shard files") }
        try files.refuseUnwritablePNG()
        let basePath = balance ?? defaultBalancePath()
        // Before any reading: an output over an input is refused whatever the shards hold
        // (the best balance's default path counted as if the sweep had targets).
        let possibleBest = files.bestPath(out: out, targets: true)
        try refuseClashes(inputs: shards.map { ("the shard", $0) } + [("--balance", basePath)],
                      outputs: [("--out", out)] + files.outputs(best: possibleBest))
        if shards.filter(StandardInput.isDash).count > 1 { throw CommandFailure("ocean: tune merge: standard input (-) can be only one of the shards") }
        let texts = try shards.map { f -> (name: String, text: String) in
            if StandardInput.isDash(f) { return ("standard input", try StandardInput.readText(limit: 1 << 30, what: "a shard")) }
            do { return (f, try PathName(f).readText(limit: 1 << 30)) } catch { throw CommandFailure("ocean: tune merge: \(error)") }
        }
        let merged: String
        switch ShardMerge.merge(texts) {
        case .success(let text): merged = text
        case .failure(let e): throw CommandFailure("ocean: tune merge: \(e)")
        }
        guard let (header, lines) = ShardMerge.read(merged) else { throw CommandFailure("ocean: tune merge: the merged lines cannot be read back") }
        let targets = lines.contains { $0.distance != nil }
        let bestPath = files.bestPath(out: out, targets: targets)
        try refuseExisting([("--out", out)] + files.outputs(best: bestPath), force: force)
        try refuseUnwritable([("--out", out)] + files.outputs(best: bestPath))
        var base: Balance?
        if bestPath != nil {
            guard let basePath else { throw CommandFailure("ocean: tune merge: cannot find assets/balance.toml for the best point; name the shards' base with --balance FILE") }
            let b = try BalanceOption(balance: basePath).load()
            let print = hex16(PointSampler.fingerprint(b))
            guard print == header.balance else {
                throw CommandFailure("ocean: tune merge: --balance \(basePath) has fingerprint \(print), but the shards started from \(header.balance); "
                    + "name the balance the sweep ran from with --balance FILE")
            }
            base = b
        }
        try write(out, merged)
        try files.finish(header: header, lines: lines, out: out, best: bestPath, base: base,
                         baseText: base == nil ? nil : basePath.flatMap { readTextFile($0, limit: 1 << 20) },
                         source: "the merged \(shards.count) shards", quiet: quiet)
    }
}

struct TuneExport: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write any point of a sweep as a balance file: the base file with that point's values edited in, its comments kept.",
        discussion: """
            Each changed line says what it was ("# tuned: was 250"), and the top of the file \
            names the sweep, the point, its values and how it did (per bot, the catch rate \
            with its interval; its distance, feasibility and confirmation). Without --point, \
            the best point as `ocean tune` ranks it.
            """)

    @Argument(help: "The sweep's JSON Lines file (ocean tune --out, or tune merge).")
    var sweep: String

    @Option(help: "The point to export (its number in the sweep; default: the best).")
    var point: Int?

    @Option(help: "Where to write the balance file.")
    var out: String

    @Option(help: "The balance the sweep started from (default: the shipped assets/balance.toml); checked against the sweep's fingerprint.")
    var balance: String?

    @Option(help: "Also write a change note (Markdown) here: each sweep bot's catch rate per round against the base's, the golden replays that play the changed keys, and with --pacing the days to each milestone.")
    var note: String?

    @Option(help: "Games a bot the note's per-round table plays under each balance (1 to 100000; default 200).")
    var noteGames: Int = 200

    @Option(help: "With --note: a tune spec whose careers are the pacing check (e.g. assets/tune/pacing-check.toml), played under both balances.")
    var pacing: String?

    @Option(help: "With --note: a golden replay to look at (repeatable; default: replays/*.replay here, when there).")
    var replay: [String] = []

    @Option(help: "Threads the note plays on (default: all cores).")
    var jobs: Int?

    @Flag(help: forceHelp("an existing --out or --note"))
    var force = false

    func validate() throws {
        try checkPath(out, flag: "--out", stream: false)
        try checkPath(note, flag: "--note", stream: false)
        guard (1...100_000).contains(noteGames) else { throw ValidationError("--note-games: \(noteGames) is out of range; allowed: 1 to 100000") }
        if note == nil && (pacing != nil || !replay.isEmpty) { throw ValidationError("--pacing and --replay go with --note") }
        if let jobs, !(1...1024).contains(jobs) { throw ValidationError("--jobs: \(jobs) is out of range; allowed: 1 to 1024") }
    }

    func run() throws {
        guard let basePath = balance ?? defaultBalancePath() else {
            throw CommandFailure("ocean: tune export: cannot find assets/balance.toml; name the sweep's base with --balance FILE")
        }
        try refuseClashes(inputs: [("the sweep", sweep), ("--balance", basePath), ("--pacing", pacing)] + replay.map { ("--replay", $0) },
                          outputs: [("--out", out), ("--note", note)])
        try refuseExisting([("--out", out), ("--note", note)], force: force)
        try refuseUnwritable([("--out", out), ("--note", note)])
        guard let text = readTextFile(sweep, limit: 1 << 30) else { throw CommandFailure("ocean: tune export: cannot read \(sweep)") }
        guard let (header, lines) = ShardMerge.read(text) else {
            throw CommandFailure("ocean: tune export: \(sweep) is not a sweep's JSON Lines (a header line, then one line per point)")
        }
        let base = try BalanceOption(balance: basePath).load()
        let print = hex16(PointSampler.fingerprint(base))
        guard print == header.balance else {
            throw CommandFailure("ocean: tune export: --balance \(basePath) has fingerprint \(print), but the sweep started from \(header.balance); "
                + "name the balance the sweep ran from with --balance FILE")
        }
        let chosen: PointLine
        if let point {
            guard let l = lines.first(where: { $0.point == point }) else {
                throw CommandFailure("ocean: tune export: --point \(point): the sweep has points \(lines.map(\.point).min() ?? 0) to \(lines.map(\.point).max() ?? 0)")
            }
            chosen = l
        } else {
            guard let best = Sweep.ranked(lines).first else {
                throw CommandFailure("ocean: tune export: \(sweep) ranks no point (no targets or constraints); name one with --point N")
            }
            chosen = best
        }
        guard chosen.valid, let balance = chosen.balance(base: base) else {
            throw CommandFailure("ocean: tune export: point \(chosen.point) is not a valid balance: \(chosen.invalid ?? "its values do not apply")")
        }
        let values = chosen.params.keys.sorted().map { "\($0) = \(chosen.params[$0]!)" }.joined(separator: ", ")
        var note = "Point \(chosen.point) of \(PathName.shortened(sweep)): \(values.isEmpty ? "the base's values" : values)"
        for r in chosen.confirmed?.results ?? chosen.results {
            let c = r.catchRate
            note += "\n\(r.bot): catch rate \(percentOne(c.rate)) [\(percentOne(c.ciLow))–\(percentOne(c.ciHigh))] over \(r.games) games"
        }
        if let d = chosen.judgedDistance { note += "\ndistance to the targets \(d)" }
        if let f = chosen.judgedFeasible { note += f ? "\nevery constraint kept" : "\nnot feasible: a constraint is broken" }
        if let c = chosen.confirmed { note += " (confirmed on \(c.games) games of fresh seeds)" }
        let textOut = readTextFile(basePath, limit: 1 << 20).flatMap { CommentedBalance.patched($0, values: chosen.params, note: note,
                                                                                                          meaning: CommentedBalance.meanings(of: base)) }
            ?? PointSampler.toml(balance, comment: note)
        // The note's inputs are read before anything is written: a bad one leaves no file.
        var noteOptions: ChangeNote.Options?
        if self.note != nil {
            var o = ChangeNote.Options(bots: header.bots)
            (o.games, o.seedBase, o.jobs) = (noteGames, header.seedBase, jobs ?? allCores())
            if let pacing {
                do { o.pacing = (try TuneSpecReader.read(path: pacing), pacing) } catch { throw CommandFailure(error.description) }
            }
            let files = replay.isEmpty ? Self.goldenReplays() : replay
            for f in files {
                do { o.replays.append((f, try ReplayReader.read(path: f).replay)) } catch { throw CommandFailure(error.description) }
            }
            noteOptions = o
        }
        try write(out, textOut)
        CommandOutput.print("wrote \(out): point \(chosen.point) (\(values.isEmpty ? "the base's values" : values)); play it: ocean play --balance \(shellQuoted(out))")
        if let note = self.note, let noteOptions {
            let text = ChangeNote.markdown(title: "Shipping point \(chosen.point) of \(PathName.shortened(sweep)) as \(PathName.shortened(out))",
                                           shipped: base, new: balance, values: chosen.params, options: noteOptions)
            try write(note, text)
            CommandOutput.print("wrote \(note): the change note")
        }
    }

    /// The current format's golden replays (`replays/*.replay`) of the folder run in.
    static func goldenReplays() -> [String] {
        folderNames("replays").filter { $0.hasSuffix(".replay") }.map { "replays/" + $0 }
    }

    func percentOne(_ x: Double) -> String {
        let tenths = Int((x * 1000).rounded())
        return "\(tenths / 10).\(tenths % 10) %"
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

    @Flag(help: "Replay every recording's inputs as recorded, even where its recorded-by names a bot that could play again (by default that bot is re-driven under each point: a closed loop).")
    var openLoop = false

    func validate() throws { try checkPath(out, flag: "--out", stream: true) }

    func run() throws {
        guard !files.isEmpty else { throw CommandFailure("ocean tune replays: name at least one replay") }
        try refuseClashes(inputs: [("the spec", self.spec)] + files.map { ("the replay", $0) }, outputs: [("--out", out)])
        try refuseExisting([("--out", out)], force: force)
        try refuseUnwritable([("--out", out)])
        let spec: TuneSpec
        do { spec = try TuneSpecReader.read(path: self.spec) } catch { throw CommandFailure(error.description) }
        let report: WhatIf.Report
        switch WhatIf.run(spec: spec, specFile: self.spec, replayFiles: files, jobs: jobs ?? allCores(), openLoop: openLoop) {
        case .success(let r): report = r
        case .failure(let e): throw CommandFailure(e.description)
        }
        for note in report.notes { CommandOutput.printError(note) }
        if let out { try write(out, report.jsonl) }
        CommandOutput.print(report.table, terminator: "")
    }
}

extension TuneRun {
    /// The base balance's series for one of the spec's bots: its games (and careers) on
    /// the sweep's seeds, what `--series-chart` draws as the shipped line.
    static func shippedCurve(spec: TuneSpec, base: Balance, bot: String, jobs: Int) -> [SeriesLine] {
        guard let player = spec.players.first(where: { $0.description == bot }) else { return [] }
        var runner = SweepRunner(jobs: jobs, career: spec.career, seedBase: spec.seedBase)
        runner.series = true
        guard let r = runner.run([Cell(rules: Rules(base), player: player, games: spec.games, careers: spec.career.careers)]).first else { return [] }
        return Series.lines(point: -1, bot: bot, games: r.games, careers: r.careers)
    }
}
