import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import OceanBalance
import OceanKernel
import Synchronization

/// Ask and tell for an outside optimiser (Optuna): one point in, its metrics out, with
/// the same games, seeds and statistics as a sweep's point, so a study's best trial
/// can be checked against `ocean tune` at that point.
///
/// In: one JSON object a line, `{"bin.width_px": 80, …}` (the spec's varied keys, whole
/// numbers; a key left out keeps the base's value), or `{"params": {…}}`. Out: one
/// line a point, a sweep's point line (`point` counts the lines from 0), with
/// `objectives` (each target's error) whenever the spec has targets.
public struct Evaluator {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    let spec: TuneSpec
    let base: Balance
    let file: String
    public var jobs = 1
    public var games: Int?

    /// The base's games for the bots bounded against it (`vs_shipped_*`), by games played.
    private let shipped = ShippedGames()

    final class ShippedGames: Sendable {
        let kept = Mutex<(games: Int, outcomes: [TuneSpec.Player: (games: [GameOutcome], careers: [CareerOutcome])])?>(nil)
    }

    /// A spec with targets relative to the base (`vs_shipped`) has the base played
    /// first, on its seeds, to make them absolute, as a sweep does.
    public init(spec: TuneSpec, base: Balance, file: String) {
        (self.spec, self.base, self.file) = (Sweep.resolvingRelativeTargets(spec, base: base, games: spec.games, jobs: 1).0, base, file)
    }

    /// The values a line asks for, checked against the spec's keys; `line` (1-based)
    /// names it in the message.
    public func parse(_ text: Substring, line: Int) throws(Failure) -> [(key: String, value: Int)] {
        struct Wrapped: Decodable { var params: [String: Double] }
        let data = Data(text.utf8)
        guard let params = (try? JSONDecoder().decode(Wrapped.self, from: data))?.params
                ?? (try? JSONDecoder().decode([String: Double].self, from: data)) else {
            throw Failure(description: "standard input:\(line): not a JSON object of numbers; expected {\"KEY\": WHOLE NUMBER, …} "
                + "or {\"params\": {…}}")
        }
        if let twice = JSONDuplicateKeys.first(in: text) {
            throw Failure(description: "standard input:\(line): \(twice): given twice; each key at most once a line")
        }
        let keys = spec.axes.map(\.key)
        var pairs: [(key: String, value: Int)] = []
        for key in params.keys.sorted() {
            guard keys.contains(key) else {
                throw Failure(description: "standard input:\(line): \(key): not a key the spec varies; allowed: \(keys.joined(separator: ", "))")
            }
            // A whole number, also when a JSON writer gives 80.0.
            guard let value = Int(exactly: params[key]!) else {
                throw Failure(description: "standard input:\(line): \(key): expected a whole number, found \(params[key]!)")
            }
            pairs.append((key, value))
        }
        // The spec's key order, as a sweep's point has it.
        return keys.compactMap { k in pairs.first { $0.key == k } }
    }

    /// Plays the point: every player, the spec's games (and careers).
    public func evaluate(_ pairs: [(key: String, value: Int)], index: Int) -> PointLine {
        let params = Dictionary(pairs.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
        let balance: Balance
        do {
            balance = try PointSampler.apply(pairs, to: base, file: "\(file) point \(index)")
        } catch {
            let reason = error.issues.map { "\($0.key.map { "\($0): " } ?? "")\($0.message)" }.joined(separator: "; ")
            return PointLine(point: index, params: params, valid: false, invalid: reason, seedBase: spec.seedBase,
                             distance: nil, objectives: nil, rung: nil, results: [])
        }
        let games = self.games ?? spec.games
        let rules = Rules(balance)
        let cells = spec.players.map { Cell(rules: rules, player: $0, games: games, careers: spec.career.careers) }
        let runner = Sweep.runner(spec, jobs: jobs)
        // Bounds against the base: the base's games once (per number of games), then each point's paired with them.
        let shipped = self.shipped.kept.withLock { kept in
            if let kept, kept.games == games { return kept.outcomes }
            let o = Sweep.shippedOutcomes(spec, base: base, games: games, runner: runner)
            kept = (games, o)
            return o
        }
        let results = zip(spec.players, runner.run(cells)).map { p, r in spec.result(p, games: r.games, careers: r.careers, shipped: shipped[p]) }
        let targets = !spec.targets.isEmpty
        var line = PointLine(point: index, params: params, valid: true, invalid: nil, seedBase: spec.seedBase,
                             distance: targets ? Sweep.distance(results, spec: spec) : nil,
                             objectives: targets ? Sweep.errors(results, spec: spec) : nil, rung: nil, results: results)
        // Constraints are said per point, as a sweep says them (an optimiser's constraint values).
        if !spec.constraints.isEmpty { (line.feasible, line.margins) = Sweep.feasibility(results, spec: spec) }
        return line
    }

    /// The line written back.
    public static func encode(_ line: PointLine) -> String { JSONLines.encode(line) }

    /// The header a sweep of these points would have (points: 0, as they are asked one
    /// at a time): written first, it makes the answers a sweep's JSON Lines, which
    /// `ocean tune export` writes a balance file from.
    public var sweepHeader: String {
        JSONLines.encode(SweepHeader(spec: hex16(spec.fingerprint), engine: Engine.version,
                                     balance: hex16(PointSampler.fingerprint(base)), games: games ?? spec.games,
                                     careers: spec.career.careers, points: 0, shard: "all",
                                     bots: spec.players.map(\.description), keys: spec.axes.map(\.key),
                                     seedBase: spec.seedBase, seeds: Seeds.rule, sampling: spec.sampling.rawValue,
                                     strategy: spec.strategy.rawValue))
    }
}
