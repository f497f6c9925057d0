import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import OceanKernel

/// The first line of every sweep output: what produced it. Shards carry `shard`
/// "i/n"; a whole run and a merge carry "all", so their bytes are the same.
public struct SweepHeader: Codable, Sendable, Equatable {
    public var kind = "ocean-tune"
    public var format = SweepHeader.currentFormat
    /// The version of this file's layout (`ocean --version` says it).
    public static let currentFormat = 1
    public var spec: String
    public var engine: String
    public var balance: String
    public var games: Int
    public var careers: Int
    public var points: Int
    public var shard: String
    public var bots: [String]
    public var keys: [String]
    public var seedBase: UInt64
    public var seeds: String
    public var sampling: String
    public var strategy: String
    /// What successive halving kept and dropped at each rung (halving only).
    public var halving: [Rung]?
    /// With `--objectives`: each target as written (`human@50 catch_rate = 0.75`), in
    /// the order of every point's `objectives`.
    public var objectives: [String]?
    /// With `--objectives`, in a whole run or a merge: the points no other point beats
    /// on every objective (the Pareto front), in point order.
    public var front: [Int]?
    /// With `--confirm N`: the best points were played again on N games of fresh seeds.
    public var confirm: Int?
    /// With targets relative to the base (`vs_shipped`): the base balance's value of
    /// each, by target (`human@50.round3.catch_rate`), on the sweep's seeds.
    public var shipped: [String: Double]?

    public struct Rung: Codable, Sendable, Equatable {
        public var rung: Int
        public var games: Int
        public var played: [Int]
        public var kept: [Int]
        public var dropped: [Int]
    }

    public init(spec: String, engine: String, balance: String, games: Int, careers: Int, points: Int, shard: String,
                bots: [String], keys: [String], seedBase: UInt64, seeds: String, sampling: String, strategy: String) {
        (self.spec, self.engine, self.balance, self.games, self.careers, self.points) = (spec, engine, balance, games, careers, points)
        (self.shard, self.bots, self.keys, self.seedBase, self.seeds) = (shard, bots, keys, seedBase, seeds)
        (self.sampling, self.strategy) = (sampling, strategy)
    }

    /// The same sweep, whatever the shard: what merging compares.
    func sameSweep(as other: SweepHeader) -> Bool {
        var a = self, b = other
        a.shard = ""; b.shard = ""
        a.front = nil; b.front = nil
        return a == b
    }
}

/// One player's results at one point.
public struct PlayerResult: Codable, Sendable, Equatable {
    public var bot: String
    public var games: Int
    /// Items caught of items that reached the rim or the water (Wilson over items).
    public var catchRate: RateStat
    /// Perfect games of games (Wilson over games).
    public var perfectRate: RateStat
    public var bestCombo: MeanStat
    public var score: MeanStat
    public var grams: MeanStat
    /// Ocean health at the game's end, in 1/10000 (from the balance's start).
    public var health: MeanStat
    /// With careers: days to each milestone (see `CareerOutcome.milestones`).
    public var careers: Int?
    public var daysTo: [String: ReachStat]?
    /// When a target or constraint names a round: each round's own catch rate (its
    /// catches of its items, pooled over the games that reached it), round 1 first.
    public var roundCatchRate: [RateStat]?
    /// When a target or constraint names a day of the careers: that day's mean (over
    /// the careers, a normal interval) by its name, `day30.health`.
    public var dayMeans: [String: MeanStat]?
    /// A bot in arcade or daily mode (or a goal naming them): the round each game ended
    /// in, its minutes of play, and the games whose misses ran out (Wilson over games).
    public var roundsReached: MeanStat?
    public var gameMinutes: MeanStat?
    public var endedByMisses: RateStat?
    /// With rounds kept: the share of games that reached each round, round 1 first.
    public var roundReached: [RateStat]?
    /// The quantiles the goals name, by name (`rounds_reached.p10`).
    public var quantiles: [String: QuantileStat]?
    /// With `vs_shipped_*` bounds: this point's figure minus the base's on the same
    /// seeds, by metric (`catch_rate`, `day30.health`).
    public var paired: [String: PairedStat]?

    /// `rounds`: keep each round's catch rate (the games must have kept their rounds);
    /// `days`: these days' figures (the careers must have kept their days); `quantiles`:
    /// these quantiles; `arcade`: the arcade figures.
    public init(bot: String, games: [GameOutcome], careers: [CareerOutcome], careerDays: Int, rounds keepRounds: Bool = false,
                days: [DayMetric] = [], quantiles: [QuantileMetric] = [], arcade: Bool = false) {
        self.bot = bot
        self.games = games.count
        let caught = games.reduce(0) { $0 + $1.catches }, missed = games.reduce(0) { $0 + $1.misses }
        catchRate = RateStat(successes: caught, n: caught + missed)
        perfectRate = RateStat(successes: games.filter(\.perfect).count, n: games.count)
        bestCombo = MeanStat(games.map(\.bestCombo))
        score = MeanStat(games.map(\.score))
        grams = MeanStat(games.map(\.grams))
        health = MeanStat(games.map(\.health))
        if !careers.isEmpty {
            self.careers = careers.count
            var d: [String: ReachStat] = [:]
            for (i, name) in CareerOutcome.milestones.enumerated() {
                d[name] = ReachStat(days: careers.map { $0.day[i] == 0 ? nil : $0.day[i] })
            }
            daysTo = d
        }
        let rounds = keepRounds ? games.map(\.rounds.count).max() ?? 0 : 0
        if rounds > 0 {
            roundCatchRate = (0..<rounds).map { r in
                var caught = 0, missed = 0
                for g in games where g.rounds.count > r {
                    let before = r > 0 ? g.rounds[r - 1] : Snapshot()
                    caught += g.rounds[r].catches - before.catches
                    missed += g.rounds[r].misses - before.misses
                }
                return RateStat(successes: caught, n: caught + missed)
            }
        }
        if !days.isEmpty && !careers.isEmpty {
            var means: [String: MeanStat] = [:]
            for d in days {
                // A career skips no day of its plan's length: day N is its Nth day.
                let values = careers.compactMap { c -> Int? in
                    guard d.day <= c.days.count else { return nil }
                    let s = c.days[d.day - 1]
                    switch d.metric {
                    case .level: return s.level
                    case .phase: return s.phase
                    case .petStage: return s.petStage
                    default: return s.health
                    }
                }
                means[d.name] = MeanStat(values)
            }
            dayMeans = means
        }
        if arcade {
            roundsReached = MeanStat(games.map(\.roundReached))
            gameMinutes = MeanStat(games.map { Double($0.ticks) / PlayerResult.ticksPerMinute })
            endedByMisses = RateStat(successes: games.filter(\.endedByMisses).count, n: games.count)
        }
        if keepRounds, let last = games.map(\.roundReached).max(), last > 0 {
            roundReached = (1...last).map { r in RateStat(successes: games.filter { $0.roundReached >= r }.count, n: games.count) }
        }
        if !quantiles.isEmpty && !games.isEmpty {
            var q: [String: QuantileStat] = [:]
            for metric in quantiles { q[metric.name] = QuantileStat(games.map { PlayerResult.perGame(metric.metric, $0) }, percent: metric.percent) }
            self.quantiles = q
        }
        _ = careerDays
    }

    /// A game's value of a per-game metric (`Metric.perGame`).
    static func perGame(_ metric: Metric, _ g: GameOutcome) -> Double {
        switch metric {
        case .bestCombo: Double(g.bestCombo)
        case .score: Double(g.score)
        case .grams: Double(g.grams)
        case .health: Double(g.health)
        case .roundsReached: Double(g.roundReached)
        case .gameMinutes: Double(g.ticks) / ticksPerMinute
        case .perfectRate: g.perfect ? 1 : 0
        case .endedByMisses: g.endedByMisses ? 1 : 0
        default: .nan
        }
    }

    static let ticksPerMinute = 3600.0

    /// A round's share of games that reached it (none past the last any game reached).
    func reachedShare(round: Int) -> RateStat? {
        guard let r = roundReached, round >= 1, games > 0 else { return nil }
        return round <= r.count ? r[round - 1] : RateStat(successes: 0, n: games)
    }

    /// `value(of:careerDays:)`, or with `round` that round's own figure (NaN when no
    /// game reached it or the run kept no rounds).
    public func value(of metric: Metric, round: Int?, day: Int? = nil, careerDays: Int) -> Double {
        if let day {
            guard let m = dayMeans?[Metric.name(metric, round: nil, day: day)], m.n > 0 else { return .nan }
            return m.mean
        }
        guard let round else { return value(of: metric, careerDays: careerDays) }
        if metric == .reached { return reachedShare(round: round)?.rate ?? .nan }
        guard metric == .catchRate, let r = roundCatchRate, round >= 1, round <= r.count, r[round - 1].n > 0 else { return .nan }
        return r[round - 1].rate
    }

    /// `interval(of:)`, or with `round` that round's.
    public func interval(of metric: Metric, round: Int?, day: Int? = nil) -> (Double, Double)? {
        if let day {
            guard let m = dayMeans?[Metric.name(metric, round: nil, day: day)], m.n > 0 else { return nil }
            return (m.ciLow, m.ciHigh)
        }
        guard let round else { return interval(of: metric) }
        if metric == .reached { return reachedShare(round: round).map { ($0.ciLow, $0.ciHigh) } }
        guard metric == .catchRate, let r = roundCatchRate, round >= 1, round <= r.count, r[round - 1].n > 0 else { return nil }
        return (r[round - 1].ciLow, r[round - 1].ciHigh)
    }

    /// The value a target is compared with. Days to a milestone count a career
    /// that never reached it as the plan's length + 1.
    public func value(of metric: Metric, careerDays: Int) -> Double {
        switch metric {
        case .catchRate: return catchRate.rate
        case .perfectRate: return perfectRate.rate
        case .bestCombo: return bestCombo.mean
        case .score: return score.mean
        case .grams: return grams.mean
        case .health: return health.mean
        case .roundsReached: return roundsReached?.mean ?? .nan
        case .gameMinutes: return gameMinutes?.mean ?? .nan
        case .endedByMisses: return endedByMisses?.rate ?? .nan
        case .reached, .level, .phase, .petStage: return .nan
        default:
            // `days_to_X` names milestone X (`CareerOutcome.milestones`).
            let name = String(metric.rawValue.dropFirst(Metric.daysToPrefix.count))
            guard let r = daysTo?[name], r.reached.n > 0 else { return .nan }
            let never = Double(r.reached.n - r.reached.successes) * Double(careerDays + 1)
            return (r.days.mean * Double(r.days.n) + never) / Double(r.reached.n)
        }
    }

    /// The interval of a metric's value, for tables and charts.
    public func interval(of metric: Metric) -> (Double, Double)? {
        switch metric {
        case .catchRate: (catchRate.ciLow, catchRate.ciHigh)
        case .perfectRate: (perfectRate.ciLow, perfectRate.ciHigh)
        case .bestCombo: (bestCombo.ciLow, bestCombo.ciHigh)
        case .score: (score.ciLow, score.ciHigh)
        case .grams: (grams.ciLow, grams.ciHigh)
        case .health: (health.ciLow, health.ciHigh)
        case .roundsReached: roundsReached.map { ($0.ciLow, $0.ciHigh) }
        case .gameMinutes: gameMinutes.map { ($0.ciLow, $0.ciHigh) }
        case .endedByMisses: endedByMisses.map { ($0.ciLow, $0.ciHigh) }
        default:
            // Days to a milestone: the reached careers' interval when every career reached
            // it (a censored figure is judged apart: `Constraint.margin`).
            reach(of: metric).flatMap { $0.reached.successes == $0.reached.n && $0.days.n > 0 ? ($0.days.ciLow, $0.days.ciHigh) : nil }
        }
    }

    /// A `days_to_X` metric's careers: how many reached milestone X and in how many days.
    public func reach(of metric: Metric) -> ReachStat? {
        guard metric.rawValue.hasPrefix(Metric.daysToPrefix) else { return nil }
        return daysTo?[String(metric.rawValue.dropFirst(Metric.daysToPrefix.count))]
    }
}

/// One line of a sweep's output: one point, every player.
public struct PointLine: Codable, Sendable, Equatable {
    public var point: Int
    public var params: [String: Int]
    public var valid: Bool
    /// Why the point's balance fails validation (then nothing was played).
    public var invalid: String?
    public var seedBase: UInt64
    /// Distance to the spec's targets (0: all met), when the spec has targets.
    public var distance: Double?
    /// With `--objectives`: each target's error relative to the target, in the
    /// header's `objectives` order (0: met).
    public var objectives: [Double]?
    /// With halving: the last rung the point played in.
    public var rung: Int?
    /// With `[constraints]`: whether the point keeps every bound, and each
    /// constraint's margin (how far inside its bound; negative: outside).
    public var feasible: Bool?
    public var margins: [String: Double]?
    /// With `--confirm`: the point played again on games of fresh seeds (picking the
    /// best of many points overstates it; these figures do not).
    public var confirmed: Confirmed?

    public struct Confirmed: Codable, Sendable, Equatable {
        public var seedBase: UInt64
        public var games: Int
        public var distance: Double?
        public var feasible: Bool?
        public var margins: [String: Double]?
        public var results: [PlayerResult]
    }
    public var results: [PlayerResult]
    /// With `--series`, in the journal only: the point's curves, so a resumed run still
    /// has every point's (the sweep's output leaves them out: `withoutSeries`).
    public var series: [SeriesLine]?

    /// The line as the sweep's output writes it.
    public var withoutSeries: PointLine {
        var l = self
        l.series = nil
        return l
    }

    public init(point: Int, params: [String: Int], valid: Bool, invalid: String?, seedBase: UInt64, distance: Double?,
                objectives: [Double]?, rung: Int?, results: [PlayerResult]) {
        (self.point, self.params, self.valid, self.invalid, self.seedBase) = (point, params, valid, invalid, seedBase)
        (self.distance, self.objectives, self.rung, self.results) = (distance, objectives, rung, results)
    }
}

/// JSON as the sweep writes it: keys sorted, no spaces, so equal values are equal bytes.
enum JSONLines {
    static func encode<T: Encodable>(_ value: T) -> String {
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        e.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return String(decoding: try! e.encode(value), as: UTF8.self)
    }

    static func decode<T: Decodable>(_ type: T.Type, _ line: Substring) -> T? {
        let d = JSONDecoder()
        d.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return try? d.decode(type, from: Data(line.utf8))
    }
}
