import FoundationEssentials
import OceanBalance
import OceanKernel
import OceanSystem

/// Which part of a sweep to run: shard `index` of `count` (1-based) takes the points
/// whose index modulo `count` is `index − 1`, a split that depends on nothing else.
public struct Shard: Sendable, Equatable, CustomStringConvertible {
    public var index: Int
    public var count: Int
    public static let whole = Shard(index: 1, count: 1)
    /// The most shards a sweep is split into, from the command line or a batch system.
    public static let maxCount = 100_000

    public init(index: Int, count: Int) { (self.index, self.count) = (index, count) }

    /// `i/n` as written on the command line.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]), n >= 1, n <= Shard.maxCount, (1...n).contains(i) else { return nil }
        (index, count) = (i, n)
    }

    /// The shard a batch system's task is: a Slurm array task
    /// ((`SLURM_ARRAY_TASK_ID` − `SLURM_ARRAY_TASK_MIN`) / `SLURM_ARRAY_TASK_STEP` + 1 of
    /// `SLURM_ARRAY_TASK_COUNT`) or a
    /// Kubernetes Indexed Job's pod (`JOB_COMPLETION_INDEX` + 1 of `count`, which the job
    /// states: `--shard-count` or `OCEAN_SHARD_COUNT`).
    public static func auto(environment: [String: String], count: Int?) -> Result<Shard, ShardError> {
        if let id = environment["SLURM_ARRAY_TASK_ID"].flatMap(Int.init) {
            guard let min = environment["SLURM_ARRAY_TASK_MIN"].flatMap(Int.init),
                  let n = environment["SLURM_ARRAY_TASK_COUNT"].flatMap(Int.init), n >= 1 else {
                return .failure(ShardError("SLURM_ARRAY_TASK_ID is set but SLURM_ARRAY_TASK_MIN or SLURM_ARRAY_TASK_COUNT is missing or inconsistent"))
            }
            guard n <= Shard.maxCount else {
                return .failure(ShardError("SLURM_ARRAY_TASK_COUNT \(n) is more shards than a sweep is split into (at most \(Shard.maxCount))"))
            }
            // An array with a step (`--array=0-10:2`) numbers its tasks MIN, MIN+STEP, …
            let step = environment["SLURM_ARRAY_TASK_STEP"].flatMap(Int.init) ?? 1
            guard step >= 1 else { return .failure(ShardError("SLURM_ARRAY_TASK_STEP \(environment["SLURM_ARRAY_TASK_STEP"] ?? "") is not a step of 1 or more")) }
            // Overflow-safe: the variables may hold anything up to Int.max either way.
            let (distance, overflow) = id.subtractingReportingOverflow(min)
            guard !overflow, distance >= 0, distance % step == 0, (0..<n).contains(distance / step) else {
                return .failure(ShardError("SLURM_ARRAY_TASK_ID \(id) is not one of the \(n) tasks of SLURM_ARRAY_TASK_COUNT "
                    + "from SLURM_ARRAY_TASK_MIN \(min) in steps of \(step)"))
            }
            let offset = distance / step
            return .success(Shard(index: offset + 1, count: n))
        }
        if let index = environment["JOB_COMPLETION_INDEX"].flatMap(Int.init) {
            guard let n = count ?? environment["OCEAN_SHARD_COUNT"].flatMap(Int.init), n >= 1 else {
                return .failure(ShardError("JOB_COMPLETION_INDEX is set; give the job's completions with --shard-count N or OCEAN_SHARD_COUNT"))
            }
            guard n <= Shard.maxCount else {
                return .failure(ShardError("\(count != nil ? "--shard-count" : "OCEAN_SHARD_COUNT") \(n) is more shards than a sweep is split into (at most \(Shard.maxCount))"))
            }
            guard (0..<n).contains(index) else {
                return .failure(ShardError("JOB_COMPLETION_INDEX \(index) is outside 0…\(n - 1)"))
            }
            return .success(Shard(index: index + 1, count: n))
        }
        return .failure(ShardError("--shard auto: neither SLURM_ARRAY_TASK_ID (a Slurm job array) nor JOB_COMPLETION_INDEX (a Kubernetes Indexed Job) is set"))
    }

    public func contains(_ point: Int) -> Bool { point % count == index - 1 }
    public var description: String { count == 1 ? "all" : "\(index)/\(count)" }
}

public struct ShardError: Error, CustomStringConvertible {
    public let description: String
    init(_ d: String) { description = d }
}

/// A finished sweep: its header, one line per point (in point order), and how long it took.
public struct SweepOutput: Sendable {
    public var header: SweepHeader
    public var lines: [PointLine]
    public var gamesPlayed: Int
    public var seconds: Double
    /// The journal the finished points went to (`--resume`); remove it once the
    /// output is in place.
    public var journal: SweepJournal?
    /// Points taken from the journal rather than played.
    public var resumed = 0

    /// The JSON Lines file: the header, then the points.
    public var jsonl: String {
        ([JSONLines.encode(header)] + lines.map { JSONLines.encode($0.withoutSeries) }).joined(separator: "\n") + "\n"
    }

    /// With `--series`: every point's curves, in point order (a halving run's from each
    /// point's last rung).
    public var series: [SeriesLine] { lines.flatMap { $0.series ?? [] } }
}

/// Runs a spec: its points, for every player, in parallel; ranks by the targets.
public enum Sweep {
    public struct Options: Sendable {
        public var games: Int?
        public var jobs = 1
        public var shard = Shard.whole
        public var progress: (@Sendable (Int, Int) -> Void)?
        /// Where finished points are appended as they finish (see `SweepJournal`); nil: nowhere.
        public var journal: String?
        /// Keep the finished points an earlier run left in `journal`, and play only the rest.
        public var resume = false
        /// Each target a separate objective: every point carries its errors, and the
        /// header the Pareto front (`Pareto`), besides the folded distance.
        public var objectives = false
        /// Keep per-round and per-day curves (`Series`) with each point.
        public var series = false
        /// Play the best points again on this many games of fresh seeds (0: no).
        public var confirm = 0
        /// How many of the best points `confirm` plays again.
        public static let confirmedPoints = 5
        public init() {}
    }

    /// Whether the sweep output at `path` is this run's, finished: its header names the
    /// same spec, balance, games, shard and engine, and it holds a line for every point.
    /// (`--resume` of a run that already finished then has nothing to do: a requeued
    /// batch job succeeds and changes nothing.)
    public static func isFinished(_ path: String, spec: TuneSpec, base: Balance, options: Options) -> Bool {
        guard let text = readTextFile(path, limit: 1 << 30) else { return false }
        let lines = text.split(separator: "\n")
        guard let first = lines.first,
              let header = try? JSONDecoder().decode(SweepHeader.self, from: Data(first.utf8)) else { return false }
        return header.spec == hex16(spec.fingerprint) && header.balance == hex16(PointSampler.fingerprint(base))
            && header.games == (options.games ?? spec.games) && header.shard == options.shard.description
            && header.engine == Engine.version && header.confirm == (options.confirm > 0 ? options.confirm : nil)
            && lines.count - 1 >= (0..<header.points).filter { $0 % options.shard.count == options.shard.index - 1 }.count
    }

    public static func run(spec written: TuneSpec, base: Balance, file: String, options: Options) throws(SweepJournal.Failure) -> SweepOutput {
        let start = monotonicNanos()
        let games = options.games ?? written.games
        // Targets relative to the base (`vs_shipped`): the base played first, on the same
        // seeds, and each such target made absolute; the header keeps the base's values.
        let (spec, shipped) = resolvingRelativeTargets(written, base: base, games: games, jobs: options.jobs)
        let points = PointSampler.points(for: spec, base: base, file: file)
        var header = SweepHeader(spec: hex16(spec.fingerprint), engine: Engine.version,
                                 balance: hex16(PointSampler.fingerprint(base)), games: games,
                                 careers: spec.career.careers, points: points.count,
                                 shard: options.shard.description, bots: spec.players.map(\.description),
                                 keys: spec.axes.map(\.key), seedBase: spec.seedBase, seeds: Seeds.rule,
                                 sampling: spec.sampling.rawValue, strategy: spec.strategy.rawValue)
        if !shipped.isEmpty { header.shipped = shipped }
        if options.objectives && !spec.targets.isEmpty { header.objectives = spec.targets.map(Pareto.name) }
        let journal = try options.journal.map { path throws(SweepJournal.Failure) in
            try SweepJournal(path: path, header: header, resume: options.resume)
        }
        var runner = Sweep.runner(spec, jobs: options.jobs)
        runner.progress = options.progress
        runner.series = options.series || spec.needsRounds || spec.needsDays
        // Bounds against the base (`vs_shipped_*`): the base played first, on as many
        // games as any rung plays, each point's games then paired with its first ones.
        let mostGames = spec.strategy == .halving ? games * Int(pow(Double(spec.growth), Double(spec.rungs - 1))) : games
        let baseGames = shippedOutcomes(spec, base: base, games: mostGames, runner: runner)
        var played = baseGames.count * mostGames, resumed = 0
        func line(_ p: TunePoint, _ results: [PlayerResult], rung: Int?) -> PointLine {
            var l = PointLine(point: p.index, params: Dictionary(p.values.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a }),
                              valid: p.balance != nil, invalid: p.invalidReason, seedBase: spec.seedBase,
                              distance: p.balance == nil || spec.targets.isEmpty ? nil : distance(results, spec: spec),
                              objectives: p.balance == nil || header.objectives == nil ? nil : errors(results, spec: spec),
                              rung: rung, results: results)
            if p.balance != nil && !spec.constraints.isEmpty {
                (l.feasible, l.margins) = feasibility(results, spec: spec)
            }
            return l
        }
        // Plays the points not yet in the journal; each point goes to the journal as
        // soon as all its players' games are played, in whatever order they finish.
        func play(_ chosen: [TunePoint], games: Int, rung: Int?) throws(SweepJournal.Failure) -> [PointLine] {
            var done: [Int: PointLine] = [:]
            for p in chosen {
                // A point journaled without its curves is played again when they are asked for.
                if let l = journal?.finished[SweepJournal.Key(rung: rung, point: p.index)], !(options.series && l.valid && l.series == nil) {
                    done[p.index] = l
                    resumed += 1
                }
            }
            let todo = chosen.filter { done[$0.index] == nil }
            for p in todo where p.balance == nil {
                let l = line(p, [], rung: rung)
                try journal?.append(l)
                done[p.index] = l
            }
            let valid = todo.filter { $0.balance != nil }
            var cells: [Cell] = []
            for p in valid {
                let rules = Rules(p.balance!)
                for player in spec.players {
                    cells.append(Cell(rules: rules, player: player, games: games, careers: spec.career.careers))
                }
            }
            let n = spec.players.count
            // Per valid point: its players' results (and curves) as they come in.
            var partial = [[PlayerResult?]](repeating: [PlayerResult?](repeating: nil, count: n), count: valid.count)
            var curves = [[[SeriesLine]]](repeating: [[SeriesLine]](repeating: [], count: n), count: valid.count)
            var finished: [Int: PointLine] = [:]
            var failure: SweepJournal.Failure?
            _ = runner.run(cells) { c, g, k in
                let (v, player) = c.quotientAndRemainder(dividingBy: n)
                partial[v][player] = spec.result(spec.players[player], games: g, careers: k, shipped: baseGames[spec.players[player]])
                if options.series {
                    curves[v][player] = Series.lines(point: valid[v].index, bot: spec.players[player].description, games: g, careers: k)
                }
                guard partial[v].allSatisfy({ $0 != nil }) else { return }
                var l = line(valid[v], partial[v].map { $0! }, rung: rung)
                if options.series { l.series = curves[v].flatMap { $0 } }
                finished[l.point] = l
                do throws(SweepJournal.Failure) { try journal?.append(l) } catch { if failure == nil { failure = error } }
            }
            if let failure { throw failure }
            played += cells.count * games
            done.merge(finished) { a, _ in a }
            return chosen.map { done[$0.index]! }
        }
        var lines: [PointLine]
        switch spec.strategy {
        case .sweep:
            lines = try play(points.filter { options.shard.contains($0.index) }, games: games, rung: nil)
        case .halving:
            var final: [Int: PointLine] = [:]
            for p in points where p.balance == nil {
                final[p.index] = try play([p], games: games, rung: nil)[0]
            }
            var alive = points.filter { $0.balance != nil }
            var rungs: [SweepHeader.Rung] = []
            var g = games
            for r in 0..<spec.rungs {
                let out = try play(alive, games: g, rung: r)
                for line in out { final[line.point] = line }
                let ranked = out.sorted { ($0.distance ?? .infinity, $0.point) < ($1.distance ?? .infinity, $1.point) }
                let keep = r == spec.rungs - 1 ? 1 : max(1, (ranked.count * spec.keepPercent + 99) / 100)
                let kept = Set(ranked.prefix(keep).map(\.point))
                rungs.append(SweepHeader.Rung(rung: r, games: g, played: alive.map(\.index),
                                              kept: alive.map(\.index).filter { kept.contains($0) },
                                              dropped: alive.map(\.index).filter { !kept.contains($0) }))
                alive = alive.filter { kept.contains($0.index) }
                if alive.count <= 1 && r < spec.rungs - 1 {
                    // One candidate left: give it the last rung's games, so its figures are the sharpest.
                    g = games * Int(pow(Double(spec.growth), Double(spec.rungs - 1)))
                    let last = try play(alive, games: g, rung: r + 1)
                    for line in last { final[line.point] = line }
                    rungs.append(SweepHeader.Rung(rung: r + 1, games: g, played: alive.map(\.index), kept: alive.map(\.index), dropped: []))
                    break
                }
                g *= spec.growth
            }
            header.halving = rungs
            lines = final.keys.sorted().map { final[$0]! }
        }
        if options.confirm > 0 && options.shard.count == 1 {
            header.confirm = options.confirm
            lines = confirm(lines, points: points, spec: spec, base: base, options: options)
            let confirmed = Options.confirmedPoints * spec.players.count + spec.pairedPlayers.count
            played += confirmed * options.confirm
        }
        // The front is the whole sweep's: a shard leaves it to the merge.
        if header.objectives != nil && options.shard.count == 1 { header.front = Pareto.front(lines) }
        return SweepOutput(header: header, lines: lines, gamesPlayed: played,
                           seconds: Double(monotonicNanos() - start) / 1e9, journal: journal, resumed: resumed)
    }

    /// The spec with every relative target (`vs_shipped`) made absolute: the base
    /// balance played by those targets' players on the spec's seeds (`games` games, and
    /// its careers), each such target then the base's value plus its offset; and the
    /// base's values by target (`human@50.round3.catch_rate`), for the header.
    public static func resolvingRelativeTargets(_ spec: TuneSpec, base: Balance, games: Int, jobs: Int) -> (TuneSpec, [String: Double]) {
        guard spec.hasRelativeTargets else { return (spec, [:]) }
        let players = spec.players.filter { p in spec.targets.contains { $0.vsShipped != nil && $0.player == p } }
        let outcomes = runner(spec, jobs: jobs).run(players.map { Cell(rules: Rules(base), player: $0, games: games, careers: spec.career.careers) })
        let results = zip(players, outcomes).map { p, o in spec.result(p, games: o.games, careers: o.careers) }
        var out = spec
        var shipped: [String: Double] = [:]
        for i in out.targets.indices {
            guard let offset = out.targets[i].vsShipped else { continue }
            let t = out.targets[i]
            guard let r = results.first(where: { $0.bot == t.player.description }) else { continue }
            let v = value(t, r, careerDays: spec.career.days)
            shipped["\(t.player).\(t.metricName)"] = v.isNaN ? nil : rounded(v)
            out.targets[i].value = v + offset
        }
        return (out, shipped)
    }

    /// A runner for `spec`'s games: its careers, seeds (or `seedBase`), days of the
    /// Daily Ocean (or `dailyStart`), and the rounds and days its goals read.
    static func runner(_ spec: TuneSpec, jobs: Int, seedBase: UInt64? = nil, dailyStart: CalendarDate? = nil) -> SweepRunner {
        var r = SweepRunner(jobs: jobs, career: spec.career, seedBase: seedBase ?? spec.seedBase)
        r.series = spec.needsRounds || spec.needsDays
        r.dailyStart = dailyStart ?? spec.dailyStart
        return r
    }

    /// The base balance's games and careers for the bots bounded against it
    /// (`vs_shipped_*`), `games` of them from the runner's seeds: what every point's are
    /// paired with. Empty when no constraint bounds against the base.
    static func shippedOutcomes(_ spec: TuneSpec, base: Balance, games: Int, runner: SweepRunner)
        -> [TuneSpec.Player: (games: [GameOutcome], careers: [CareerOutcome])] {
        let players = spec.pairedPlayers
        guard !players.isEmpty else { return [:] }
        let outcomes = runner.run(players.map { Cell(rules: Rules(base), player: $0, games: games, careers: spec.career.careers) })
        return Dictionary(uniqueKeysWithValues: zip(players, outcomes).map { ($0, $1) })
    }

    /// The days of a confirmation's Daily Oceans: a century after the sweep's, so no day is played again.
    static func confirmDailyStart(_ spec: TuneSpec) -> CalendarDate { CalendarDate(dayNumber: spec.dailyStart.dayNumber + 36_525) }

    /// Root mean square of each target's error relative to the target (absolute when
    /// the target is 0): 0 when every target is met exactly.
    public static func distance(_ results: [PlayerResult], spec: TuneSpec) -> Double {
        var sum = 0.0
        for t in spec.targets {
            guard let r = results.first(where: { $0.bot == t.player.description }) else { continue }
            let e = error(t, r, careerDays: spec.career.days)
            sum += e.isNaN ? 1e6 : e * e
        }
        return rounded((sum / Double(max(1, spec.targets.count))).squareRoot())
    }

    /// Each target's error relative to the target (absolute when the target is 0), as
    /// a size (unsigned): one objective per target, each to be made small.
    public static func errors(_ results: [PlayerResult], spec: TuneSpec) -> [Double] {
        spec.targets.map { t in
            guard let r = results.first(where: { $0.bot == t.player.description }) else { return 1e6 }
            let e = abs(error(t, r, careerDays: spec.career.days))
            return e.isNaN ? 1e6 : rounded(e)
        }
    }

    /// One target's error relative to its value (absolute when it is 0); for a
    /// `vs_shipped_within` target, how far the paired differences' interval leaves ±W.
    static func error(_ t: TuneSpec.Target, _ r: PlayerResult, careerDays: Int) -> Double {
        let scale = t.value == 0 || t.value.isNaN ? 1 : abs(t.value)
        if let w = t.within {
            guard let d = r.paired?[t.metricName], d.n > 0, (d.censored ?? 0) == 0 else { return .nan }
            return max(0, max(-d.ciLow, d.ciHigh) - w) / scale
        }
        return (value(t, r, careerDays: careerDays) - t.value) / scale
    }

    /// A target's metric in `r`: its quantile's value when it names one, else its mean (NaN: no value).
    static func value(_ t: TuneSpec.Target, _ r: PlayerResult, careerDays: Int) -> Double {
        t.quantile.map { r.quantiles?[Metric.name(t.metric, round: nil, quantile: $0)]?.value ?? .nan }
            ?? r.value(of: t.metric, round: t.round, day: t.day, careerDays: careerDays)
    }

    /// The points ranked by distance (best first; ties by point), valid ones only.
    /// Fresh seeds for confirmation: the spec's seed base moved by a constant, so no
    /// game of the sweep is played again.
    public static func confirmSeedBase(_ spec: TuneSpec) -> UInt64 { spec.seedBase ^ 0x436F_6E66_6972_6D21 }

    /// The best points (`Options.confirmedPoints`, as ranked) played again on
    /// `options.confirm` games of fresh seeds, their figures kept as `confirmed`.
    static func confirm(_ lines: [PointLine], points: [TunePoint], spec: TuneSpec, base: Balance, options: Options) -> [PointLine] {
        let best = ranked(lines).prefix(Options.confirmedPoints).map(\.point)
        let chosen = best.compactMap { i in points.first { $0.index == i && $0.balance != nil } }
        guard !chosen.isEmpty else { return lines }
        let seedBase = confirmSeedBase(spec)
        var runner = Sweep.runner(spec, jobs: options.jobs, seedBase: seedBase, dailyStart: confirmDailyStart(spec))
        runner.progress = options.progress
        let shipped = shippedOutcomes(spec, base: base, games: options.confirm, runner: runner)
        var cells: [Cell] = []
        for p in chosen {
            let rules = Rules(p.balance!)
            for player in spec.players { cells.append(Cell(rules: rules, player: player, games: options.confirm, careers: spec.career.careers)) }
        }
        let outcomes = runner.run(cells)
        var out = lines
        for (k, p) in chosen.enumerated() {
            let results = spec.players.indices.map { j in
                let o = outcomes[k * spec.players.count + j]
                return spec.result(spec.players[j], games: o.games, careers: o.careers, shipped: shipped[spec.players[j]])
            }
            var c = PointLine.Confirmed(seedBase: seedBase, games: options.confirm,
                                        distance: spec.targets.isEmpty ? nil : distance(results, spec: spec), results: results)
            if !spec.constraints.isEmpty { (c.feasible, c.margins) = feasibility(results, spec: spec) }
            if let i = out.firstIndex(where: { $0.point == p.index }) { out[i].confirmed = c }
        }
        return out
    }

    /// Whether `results` keep every constraint, and each one's margin (rounded as
    /// the records are; a metric with no value is outside its bound).
    public static func feasibility(_ results: [PlayerResult], spec: TuneSpec) -> (Bool, [String: Double]) {
        var margins: [String: Double] = [:]
        for c in spec.constraints {
            guard results.contains(where: { $0.bot == c.player.description }) else { continue }
            let m = c.margin(results, careerDays: spec.career.days)
            margins[c.name] = m.isNaN ? -1e6 : rounded(m)
        }
        return (margins.values.allSatisfy { $0 >= 0 }, margins)
    }

    /// The points best first: feasible ones (every constraint kept) before the rest,
    /// then the furthest rung, then the nearest the targets; with constraints and no
    /// targets, the widest smallest margin first.
    /// Confirmed points (`--confirm`) rank by their confirmed figures, before the rest.
    public static func ranked(_ lines: [PointLine]) -> [PointLine] {
        func feasible(_ l: PointLine) -> Int { l.judgedFeasible != false ? 1 : 0 }
        func score(_ l: PointLine) -> Double { l.judgedDistance ?? -(l.judgedMargins?.values.min() ?? 0) }
        func confirmed(_ l: PointLine) -> Int { l.confirmed == nil ? 0 : 1 }
        return lines.filter { $0.valid && ($0.distance != nil || $0.feasible != nil) }
            .sorted {
                (confirmed($0), feasible($0), $0.rung ?? 0, -score($0), $1.point) > (confirmed($1), feasible($1), $1.rung ?? 0, -score($1), $0.point)
            }
    }

    /// The rule for the best point, in one place: the first of `ranked`, unless it
    /// breaks a constraint (then no point kept them all, and none is offered).
    public enum Best {
        case point(PointLine)
        /// Constraints no point kept: the nearest, named, but no balance.
        case noneFeasible(nearest: PointLine)
        /// Nothing ranked (no valid point with a target or a constraint).
        case nothing
    }

    public static func best(_ lines: [PointLine]) -> Best {
        guard let top = ranked(lines).first else { return .nothing }
        return top.judgedFeasible == false ? .noneFeasible(nearest: top) : .point(top)
    }
}

extension PointLine {
    /// How a point is judged (ranked, offered as the best, exported): by its figures on
    /// fresh seeds when it was confirmed (`--confirm`), else by its own.
    public var judgedFeasible: Bool? { confirmed.map { $0.feasible } ?? feasible }
    public var judgedDistance: Double? { confirmed.map { $0.distance } ?? distance }
    public var judgedMargins: [String: Double]? { confirmed.map { $0.margins } ?? margins }
}

#if canImport(Glibc)
import Glibc
#endif
