import ArgumentParser
import OceanSystem
import OceanTune
#if canImport(Glibc)
import Glibc
#endif

/// `ocean tune eval SPEC`: the ask-and-tell evaluator an outside optimiser drives
/// (scripts/optuna_search.py): points as JSON lines on standard input, each point's
/// metrics as JSON lines on standard output, one line out as soon as each line in
/// has been played.
struct TuneEval: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "eval",
        abstract: "Play points read as JSON lines on standard input; write each point's metrics with intervals as a JSON line.",
        discussion: """
            Each input line is {"KEY": N, …} (the spec's varied keys; one left out keeps the base's \
            value) or {"params": {…}}. Each output line is the point line a sweep writes for those \
            values (same games, seeds and statistics; `point` counts the input lines from 0), with \
            `distance` and each target's error in `objectives` when the spec has targets. A line that \
            is not a point stops the run: its line number, the key and what is allowed (exit 2).
            """)

    @Argument(help: "The tune spec (TOML): its bots, games, seed base, careers, targets and varied keys.",
              completion: .file(extensions: ["toml"]))
    var spec: String

    @Option(help: "Games per point and bot, overriding the spec's `games` (1 to 1000000).")
    var games: Int?

    @Option(help: "Threads to play each point on (1 to 256; default: the CPUs this process may use).")
    var jobs: Int?

    @Option(help: "The balance the points start from (default: the spec's `balance`, else assets/balance.toml).",
            completion: .file(extensions: ["toml"]))
    var balance: String?

    func validate() throws {
        try checkRange(games, "--games", 1...1_000_000)
        try checkRange(jobs, "--jobs", 1...256)
    }

    @Flag(help: "Write a sweep's header line first, so the output is a sweep's JSON Lines that `ocean tune export` reads.")
    var sweepHeader = false

    func run() throws {
        let (spec, base) = try loadSpec(self.spec, balance: balance)
        // Halving picks its own points rung by rung; here the asker picks them.
        if spec.strategy == .halving {
            throw CommandFailure("ocean: error: tune eval: \(self.spec): strategy = \"halving\" does nothing here: tune eval evaluates "
                + "the points given on standard input, each with the spec's games; remove strategy (or set \"sweep\"), "
                + "or run halving with `ocean tune \(self.spec) --out FILE`")
        }
        var evaluator = Evaluator(spec: spec, base: base, file: self.spec)
        evaluator.games = games
        evaluator.jobs = jobs ?? usableCPUs()
        if sweepHeader {
            var bytes = Array((evaluator.sweepHeader + "\n").utf8)
            _ = bytes.withUnsafeMutableBytes { write(1, $0.baseAddress, $0.count) }
        }
        var index = 0
        var lines = StandardInputLines(reader: "tune eval", lineHolds: "one point, {\"KEY\": WHOLE NUMBER, …}")
        while let text = try lines.next() {
            if text.allSatisfy(\.isWhitespace) { continue }
            let pairs: [(key: String, value: Int)]
            do { pairs = try evaluator.parse(Substring(text), line: lines.number) } catch { throw CommandFailure("ocean: error: tune eval: \(error)") }
            // Straight to the descriptor, unbuffered: the asker waits for each answer
            // before its next question.
            var bytes = Array((Evaluator.encode(evaluator.evaluate(pairs, index: index)) + "\n").utf8)
            _ = bytes.withUnsafeMutableBytes { write(1, $0.baseAddress, $0.count) }
            index += 1
        }
    }
}
