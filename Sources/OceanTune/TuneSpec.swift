import OceanBalance
import OceanDrivers
import OceanKernel

/// What a tuning sweep varies, who plays, how many games, and what it aims for: the
/// contents of a spec file (`assets/tune/example.toml` documents every key).
public struct TuneSpec: Sendable {
    /// How the points of a sweep are chosen from the varied keys.
    public enum Sampling: String, Sendable, CaseIterable {
        /// Every combination of every key's values.
        case grid
        /// The i-th point takes the i-th value of every key (all lists the same length).
        case list
        /// `samples` points, each key drawn uniformly from its range.
        case random
        /// `samples` points; each key's range cut into `samples` strata, each used once.
        case latin
    }

    /// What is done with the points.
    public enum Strategy: String, Sendable, CaseIterable {
        /// Every point with `games` games.
        case sweep
        /// Successive halving: every point with `games` games, the best `keep` fraction
        /// again with `growth`× the games, and so on for `rungs` rungs.
        case halving
    }

    /// One varied balance key: its values (grid, list) or its range (random, latin).
    public struct Axis: Sendable, Equatable {
        public var key: String
        public var values: [Int]
        public var range: ClosedRange<Int>?
    }

    /// Which game a bot's single games are: the classic game, arcade, or the Daily
    /// Ocean (an arcade game whose seed is a date's and the balance's, `DailyGame`).
    public enum Mode: String, Sendable, CaseIterable, Hashable {
        case classic, arcade, daily

        /// The game the kernel plays.
        public var play: PlayMode { self == .classic ? .classic : .arcade }
    }

    /// A bot and its skill, written `human@50` (skill only for `human`; default 70),
    /// for a human on the pointer `human@50/pointer` (default: the keys), and in a
    /// mode other than the spec's `arcade:human@50`. Named with its mode whenever that
    /// is not classic, so results and goals of the same bot in two modes never mix.
    public struct Player: Sendable, Equatable, Hashable, CustomStringConvertible {
        public var kind: BotKind
        public var skill: Int
        public var input: HumanBot.Input = .keys
        public var mode = Mode.classic
        public var description: String {
            (mode == .classic ? "" : "\(mode.rawValue):")
                + (kind == .human ? "\(kind.rawValue)@\(skill)\(input == .keys ? "" : "/\(input.rawValue)")" : kind.rawValue)
        }

        /// `text` as a bot; without a `MODE:` prefix it plays `mode` (the spec's).
        public init?(_ written: String, mode: Mode = .classic) {
            var text = Substring(written)
            self.mode = mode
            if let colon = text.firstIndex(of: ":") {
                guard let m = Mode(rawValue: String(text[..<colon])) else { return nil }
                self.mode = m
                text = text[text.index(after: colon)...]
            }
            let halves = text.split(separator: "/", omittingEmptySubsequences: false)
            guard halves.count <= 2 else { return nil }
            let parts = halves[0].split(separator: "@", omittingEmptySubsequences: false)
            guard parts.count <= 2, let kind = BotKind(rawValue: String(parts[0])) else { return nil }
            var skill = 70
            if parts.count == 2 {
                guard kind == .human, let s = Int(parts[1]), (0...100).contains(s) else { return nil }
                skill = s
            }
            if halves.count == 2 {
                guard kind == .human, let input = HumanBot.Input(rawValue: String(halves[1])) else { return nil }
                self.input = input
            }
            self.kind = kind
            self.skill = skill
        }
    }

    /// A wanted value of one metric for one player; with `round`, the metric of that
    /// round alone (`round3.catch_rate`: the third round's catches of its items); with
    /// `day`, the careers' mean on that day of the plan (`day30.health`). With
    /// `vsShipped` the target is relative: the base balance's own value plus that much
    /// (`{ vs_shipped = -0.05 }`), `value` filled in once the base has been played
    /// (`Sweep.resolvingRelativeTargets`).
    public struct Target: Sendable, Equatable {
        public var player: Player
        public var metric: Metric
        public var value: Double
        public var round: Int?
        public var day: Int?
        /// A quantile of the games' values instead of their mean (`rounds_reached.p10`: 10).
        public var quantile: Int?
        public var vsShipped: Double?
        /// `{ vs_shipped_within = W }`: the base's value, met while the paired
        /// differences' interval stays inside ±W (its error: how far the interval leaves the band).
        public var within: Double?

        public init(player: Player, metric: Metric, value: Double, round: Int? = nil, day: Int? = nil, quantile: Int? = nil,
                    vsShipped: Double? = nil) {
            (self.player, self.metric, self.value, self.round, self.day) = (player, metric, value, round, day)
            (self.quantile, self.vsShipped) = (quantile, vsShipped)
        }

        /// The metric as the spec writes it: `catch_rate`, `round3.catch_rate`, `day30.health`, `score.p10`.
        public var metricName: String { Metric.name(metric, round: round, day: day, quantile: quantile) }
    }

    /// `"human@50.catch_rate" = { min = 0.75 }` (or `max`, or both): the metric of the
    /// player must stay within the bounds. Judged on the 95 % interval's bound on the
    /// safe side (a minimum against the interval's low end, a maximum against its high
    /// end) unless `on = "mean"`: a point feasible by its interval is feasible with 95 %
    /// confidence, not by luck of its games. `vs_shipped_min`, `vs_shipped_max` and
    /// `vs_shipped_within` bound the point's value minus the base balance's on the same
    /// seeds, judged on the paired differences' interval (an equivalence test for
    /// `within`: the whole interval inside ±w), so the base itself always keeps them.
    public struct Constraint: Sendable, Equatable {
        public var player: Player
        public var metric: Metric
        public var min: Double?
        public var max: Double?
        /// Bounds on the point's value minus the base's (`vs_shipped_min`, `vs_shipped_max`;
        /// `vs_shipped_within = w` is both, −w and w).
        public var shippedMin: Double?
        public var shippedMax: Double?
        public var onMean = false
        /// The metric of this round alone (1 = the first), or of this day of the
        /// careers, as for a target.
        public var round: Int?
        public var day: Int?
        /// A quantile of the games' values (`rounds_reached.p10`), as for a target.
        public var quantile: Int?
        /// A relation between bots (`"human@30.days_to_sea_2 - human@80.days_to_sea_2" =
        /// { min = 7 }`): the bounds hold for this metric minus that one.
        public var minus: Term?

        /// One side of a relation: a bot's metric (of a round or a day, or a quantile, as a constraint's).
        public struct Term: Sendable, Equatable {
            public var player: Player
            public var metric: Metric
            public var round: Int?
            public var day: Int?
            public var quantile: Int?

            public init(player: Player, metric: Metric, round: Int? = nil, day: Int? = nil, quantile: Int? = nil) {
                (self.player, self.metric, self.round, self.day, self.quantile) = (player, metric, round, day, quantile)
            }

            public var name: String { "\(player).\(Metric.name(metric, round: round, day: day, quantile: quantile))" }

            /// The mean (or quantile) and the 95 % interval of this term in `r` (censored
            /// days: the careers that reached the milestone); nil when it has no value.
            func figure(_ r: PlayerResult, careerDays: Int) -> (mean: Double, low: Double, high: Double)? {
                if let quantile {
                    guard let q = r.quantiles?[Metric.name(metric, round: nil, quantile: quantile)], q.n > 0 else { return nil }
                    return (q.value, q.ciLow, q.ciHigh)
                }
                if let reach = r.reach(of: metric), reach.reached.successes < reach.reached.n {
                    guard reach.days.n > 0 else { return nil }
                    return (reach.days.mean, reach.days.ciLow, reach.days.ciHigh)
                }
                let mean = r.value(of: metric, round: round, day: day, careerDays: careerDays)
                let (low, high) = r.interval(of: metric, round: round, day: day) ?? (mean, mean)
                return mean.isNaN || low.isNaN || high.isNaN ? nil : (mean, low, high)
            }
        }

        public init(player: Player, metric: Metric, round: Int? = nil, day: Int? = nil, quantile: Int? = nil) {
            (self.player, self.metric, self.round, self.day, self.quantile) = (player, metric, round, day, quantile)
        }

        var term: Term { Term(player: player, metric: metric, round: round, day: day, quantile: quantile) }

        /// The key as the spec writes it.
        public var name: String {
            let left = term.name
            return minus.map { "\(left) - \($0.name)" } ?? left
        }

        /// The metric's name without the bot: what its paired differences are kept by.
        public var metricName: String { Metric.name(metric, round: round, day: day, quantile: quantile) }

        /// Whether it bounds the point against the base (`vs_shipped_*`).
        public var isPaired: Bool { shippedMin != nil || shippedMax != nil }

        /// The bots whose results it reads.
        public var players: [Player] { [player] + (minus.map { [$0.player] } ?? []) }

        /// How far inside its bounds `results` are (the constraint's bot's, and for a
        /// relation the other's too); NaN when a side has no value or no result.
        public func margin(_ results: [PlayerResult], careerDays: Int) -> Double {
            guard let r = results.first(where: { $0.bot == player.description }) else { return .nan }
            guard let minus else { return margin(r, careerDays: careerDays) }
            guard let o = results.first(where: { $0.bot == minus.player.description }) else { return .nan }
            // Days to a milestone some careers never reached are known only from below:
            // a side that can only be larger than measured cannot prove a bound it would
            // break by being larger (the left side's maximum, the right side's minimum).
            func censored(_ r: PlayerResult, _ t: Term) -> Bool {
                t.quantile == nil && (r.reach(of: t.metric).map { $0.reached.successes < $0.reached.n } ?? false)
            }
            if (censored(r, term) && max != nil) || (censored(o, minus) && min != nil) { return -.infinity }
            guard let a = term.figure(r, careerDays: careerDays), let b = minus.figure(o, careerDays: careerDays) else { return .nan }
            // The difference of two independent estimates: its interval's half-width the
            // two half-widths in quadrature (each side's games are its own bot's).
            let difference = a.mean - b.mean
            let half = onMean ? 0 : ((a.high - a.low) / 2 * (a.high - a.low) / 2 + (b.high - b.low) / 2 * (b.high - b.low) / 2).squareRoot()
            var m = Double.infinity
            if let min { m = Swift.min(m, difference - half - min) }
            if let max { m = Swift.min(m, max - (difference + half)) }
            return m
        }

        /// How far inside its bounds `r` is (negative: outside), the nearest bound's
        /// margin; NaN when the metric has no value (a round no game reached).
        public func margin(_ r: PlayerResult, careerDays: Int) -> Double {
            let absolute = min == nil && max == nil ? Double.infinity : absoluteMargin(r, careerDays: careerDays)
            guard isPaired else { return absolute }
            // Against the base: the paired differences' interval (or mean) inside the bounds.
            guard let d = r.paired?[metricName] else { return .nan }
            // A career one balance took to a milestone and the other did not: unknown by how much.
            if (d.censored ?? 0) > 0 { return -.infinity }
            guard d.n > 0 else { return .nan }
            let (low, high) = onMean ? (d.mean, d.mean) : (d.ciLow, d.ciHigh)
            var m = absolute
            if let shippedMin { m = Swift.min(m, low - shippedMin) }
            if let shippedMax { m = Swift.min(m, shippedMax - high) }
            return absolute.isNaN ? .nan : m
        }

        func absoluteMargin(_ r: PlayerResult, careerDays: Int) -> Double {
            // Days to a milestone some careers never reached within the plan are censored:
            // the figure is unknown beyond the plan, so no maximum can be kept, and a
            // minimum is judged on the careers that reached it (the low side is known).
            if quantile == nil, let reach = r.reach(of: metric), reach.reached.successes < reach.reached.n {
                if max != nil { return -.infinity }
                guard let min, reach.days.n > 0 else { return .nan }
                return (onMean ? reach.days.mean : reach.days.ciLow) - min
            }
            guard let f = term.figure(r, careerDays: careerDays) else { return .nan }
            let (low, high) = onMean ? (f.mean, f.mean) : (f.low, f.high)
            var m = Double.infinity
            if let min { m = Swift.min(m, low - min) }
            if let max { m = Swift.min(m, max - high) }
            return m
        }
    }

    /// Careers played per point and player, in addition to single games.
    public struct Career: Sendable, Equatable {
        public var careers = 0
        public var days = 30
        public var gamesPerDay = 1
        public var skipPercent = 15
    }

    public var seedBase: UInt64 = 1
    /// The mode of the bots written without one (`mode = "arcade"`).
    public var mode = Mode.classic
    /// In daily mode, game i is the Daily Ocean of this date plus i days.
    public var dailyStart = TuneSpec.defaultDailyStart
    public static let defaultDailyStart = CalendarDate(year: 2027, month: 1, day: 1)
    public var games = 100
    public var sampling = Sampling.grid
    public var strategy = Strategy.sweep
    public var samples = 0
    /// The most values one key takes in a grid or list.
    public static let maxAxisValues = 10_000
    /// The most points a grid makes (the product of its keys' values).
    public static let maxPoints = 1_000_000
    /// The widest range (to − from) random and Latin-hypercube sampling draw from.
    public static let maxRangeSpan = 1 << 40
    public var sampleSeed: UInt64 = 1
    public var players: [Player] = []
    public var axes: [Axis] = []
    public var career = Career()
    public var targets: [Target] = []
    /// Goals as statements (`[constraints]`): bounds a point must keep to be feasible.
    public var constraints: [Constraint] = []
    public var rungs = 3
    public var keepPercent = 50
    public var growth = 2
    /// A balance file to start from, relative to the spec's folder; nil: the shipped one.
    public var balancePath: String?
    /// FNV-1a of the spec file's bytes, so shards of different specs are not merged.
    public var fingerprint: UInt64 = 0

    public init() {}

    /// A target or constraint on a round no game of `base` (or of any point, when the
    /// spec varies `rounds.per_game`) has: its name and the last round, or nil. Such a
    /// goal has no value at any point, so every point would rank alike.
    public func roundPastTheLast(base: Balance) -> (name: String, last: Int)? {
        // A classic game's rounds, or an arcade game's cap (the round that clears it).
        func last(_ p: Player) -> Int {
            let (key, shipped) = p.mode == .classic ? ("rounds.per_game", base.rounds.perGame) : ("arcade.round_cap", base.arcade.roundCap)
            guard let axis = axes.first(where: { $0.key == key }) else { return shipped }
            return axis.range?.lowerBound ?? axis.values.min() ?? shipped
        }
        for t in targets { if let r = t.round, r > last(t.player) { return ("targets.\"\(t.player)\".\(t.metricName)", last(t.player)) } }
        for c in constraints {
            for (p, r) in [(c.player, c.round), (c.minus?.player ?? c.player, c.minus?.round)] {
                if let r, r > last(p) { return ("constraints.\"\(c.name)\"", last(p)) }
            }
        }
        return nil
    }

    /// Whether a target or constraint names a round's metric: then every game keeps
    /// its rounds' figures.
    public var needsRounds: Bool {
        targets.contains { $0.round != nil } || constraints.contains { $0.round != nil || $0.minus?.round != nil }
    }

    /// The days of the careers and their metrics the targets and constraints name, each
    /// once, in the order first named: what every career keeps of its days.
    public var dayMetrics: [DayMetric] {
        var out: [DayMetric] = []
        let named = targets.compactMap { t in t.day.map { DayMetric(day: $0, metric: t.metric) } }
            + constraints.compactMap { c in c.day.map { DayMetric(day: $0, metric: c.metric) } }
            + constraints.compactMap { c in c.minus.flatMap { m in m.day.map { DayMetric(day: $0, metric: m.metric) } } }
        for d in named where !out.contains(d) { out.append(d) }
        return out
    }

    /// Whether a target or constraint names a day of the careers (then they keep their days).
    public var needsDays: Bool { !dayMetrics.isEmpty }

    /// Whether a target is relative to the base balance's value (`vs_shipped`).
    public var hasRelativeTargets: Bool { targets.contains { $0.vsShipped != nil } }

    /// The quantiles the targets and constraints name (`score.p10`), each once, in the
    /// order first named: what every result keeps besides its means.
    public var quantiles: [QuantileMetric] {
        var out: [QuantileMetric] = []
        let named = targets.compactMap { t in t.quantile.map { QuantileMetric(metric: t.metric, percent: $0) } }
            + constraints.flatMap { c in [c.term] + (c.minus.map { [$0] } ?? []) }
                .compactMap { t in t.quantile.map { QuantileMetric(metric: t.metric, percent: $0) } }
        for q in named where !out.contains(q) { out.append(q) }
        return out
    }

    /// The metrics of `player` bounded against the base (`vs_shipped_*` constraints,
    /// `vs_shipped_within` targets), by name, each once.
    public func pairedMetrics(of player: Player) -> [Constraint] {
        var out: [Constraint] = []
        let fromTargets = targets.filter { $0.within != nil && $0.player == player }.map { t in
            var c = Constraint(player: t.player, metric: t.metric, round: t.round, day: t.day)
            (c.shippedMin, c.shippedMax) = (-t.within!, t.within!)
            return c
        }
        for c in constraints.filter({ $0.isPaired && $0.player == player }) + fromTargets
            where !out.contains(where: { $0.metricName == c.metricName }) { out.append(c) }
        return out
    }

    /// The bots whose figures are bounded against the base: the base is played for them.
    public var pairedPlayers: [Player] { players.filter { !pairedMetrics(of: $0).isEmpty } }

    /// Whether a goal names an arcade figure of a classic bot (or any bot in another
    /// mode): then every result keeps them.
    func keepsArcadeFigures(_ player: Player) -> Bool {
        player.mode != .classic || targets.contains { $0.player == player && $0.metric.isArcade }
            || constraints.contains { c in c.players.contains(player) && c.metric.isArcade }
    }

    /// The result of `player`'s games and careers, with every figure this spec's goals
    /// read (rounds, days, quantiles, arcade figures), and with `shipped` (the base's
    /// outcomes on the same seeds) the paired differences its `vs_shipped_*` bounds judge.
    public func result(_ player: Player, games: [GameOutcome], careers: [CareerOutcome],
                       shipped: (games: [GameOutcome], careers: [CareerOutcome])? = nil) -> PlayerResult {
        var r = PlayerResult(bot: player.description, games: games, careers: careers, careerDays: career.days,
                             rounds: needsRounds, days: dayMetrics, quantiles: quantiles, arcade: keepsArcadeFigures(player))
        let paired = pairedMetrics(of: player)
        if let shipped, !paired.isEmpty {
            r.paired = PairedDifference.of(paired, point: (games, careers), base: shipped, careerDays: career.days)
        }
        return r
    }
}

/// A quantile of a per-game metric (`rounds_reached.p10`).
public struct QuantileMetric: Sendable, Equatable, Hashable {
    public var metric: Metric
    public var percent: Int
    public var name: String { Metric.name(metric, round: nil, quantile: percent) }
}

/// A metric of one day of the careers (`day30.health`).
public struct DayMetric: Sendable, Equatable, Hashable {
    public var day: Int
    public var metric: Metric
    public init(day: Int, metric: Metric) { (self.day, self.metric) = (day, metric) }
    public var name: String { Metric.name(metric, round: nil, day: day) }
}

/// A metric a sweep reports and a target may name.
public enum Metric: String, Sendable, CaseIterable, Codable {
    case catchRate = "catch_rate", perfectRate = "perfect_rate", bestCombo = "best_combo", score, grams, health
    case daysToStabilizing = "days_to_stabilizing", daysToRecovering = "days_to_recovering"
    case daysToFlourishing = "days_to_flourishing", daysToThriving = "days_to_thriving"
    case daysToLevel10 = "days_to_level_10", daysToLevel50 = "days_to_level_50"
    case daysToAdult = "days_to_adult", daysToElder = "days_to_elder"
    case daysToSea2 = "days_to_sea_2", daysToSea3 = "days_to_sea_3"
    /// A career's figures on one day only (`dayN.level`; `dayN.health` is the ocean's).
    case level, phase, petStage = "pet_stage"
    /// The round a game ended in, its length in minutes of play, and whether the misses
    /// ran out (an arcade game not cleared at the cap; a classic game never).
    case roundsReached = "rounds_reached", gameMinutes = "game_minutes", endedByMisses = "ended_by_misses"
    /// Per round only (`round5.reached`): the share of games that reached the round.
    case reached

    /// The metrics a whole point has (not the day-only ones).
    public static var names: String { allCases.filter { !dayOnly.contains($0) && $0 != .reached }.map(\.rawValue).joined(separator: ", ") }
    /// The metrics a round has of its own (`roundN.catch_rate`, `roundN.reached`).
    public static let perRound: [Metric] = [.catchRate, .reached]
    /// The per-game metrics a quantile may be taken of (`score.p10`, `rounds_reached.median`).
    public static let perGame: [Metric] = [.bestCombo, .score, .grams, .health, .roundsReached, .gameMinutes]
    /// The arcade figures, kept for a classic bot only when a goal names them.
    public var isArcade: Bool { [.roundsReached, .gameMinutes, .endedByMisses, .reached].contains(self) }
    /// The metrics a day of the careers has (`dayN.health`: the `--series` day curve's).
    public static let perDay: [Metric] = [.health, .level, .phase, .petStage]
    /// Named only with a day.
    public static let dayOnly: [Metric] = [.level, .phase, .petStage]

    /// `catch_rate`, `round3.catch_rate` for the third round's, `day30.health` for day
    /// 30's, `score.p10` for the games' 10th percentile.
    public static func name(_ metric: Metric, round: Int?, day: Int? = nil, quantile: Int? = nil) -> String {
        (round.map { "round\($0)." } ?? "") + (day.map { "day\($0)." } ?? "") + metric.rawValue + (quantile.map { $0 == 50 ? ".median" : ".p\($0)" } ?? "")
    }

    /// `parse`, or a per-game metric's quantile: `score.p10` (1 to 99), `score.median`
    /// (the 50th): the metric, its round or day, and the quantile's percent.
    public static func parseGoal(_ text: String) -> (metric: Metric, round: Int?, day: Int?, quantile: Int?)? {
        if let (m, r, d) = parse(text) { return (m, r, d, nil) }
        guard let dot = text.lastIndex(of: "."), let m = Metric(rawValue: String(text[..<dot])), perGame.contains(m) else { return nil }
        let q = text[text.index(after: dot)...]
        if q == "median" { return (m, nil, nil, 50) }
        guard q.hasPrefix("p"), q.count <= 3, let n = Int(q.dropFirst()), q.dropFirst().allSatisfy({ $0.isASCII && $0.isNumber }),
              (1...99).contains(n) else { return nil }
        return (m, nil, nil, n)
    }

    /// `catch_rate`, `roundN.catch_rate` or `dayN.health` (N from 1): the metric and its
    /// round or day, or nil.
    public static func parse(_ text: String) -> (metric: Metric, round: Int?, day: Int?)? {
        if let m = Metric(rawValue: text), !dayOnly.contains(m) { return (m, nil, nil) }
        for (prefix, allowed) in [("round", perRound), ("day", perDay)] {
            guard text.hasPrefix(prefix), let dot = text.firstIndex(of: ".") else { continue }
            let digits = text[text.index(text.startIndex, offsetBy: prefix.count)..<dot]
            guard !digits.isEmpty, digits.count <= 5, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int(digits), n >= 1,
                  let m = Metric(rawValue: String(text[text.index(after: dot)...])), allowed.contains(m) else { return nil }
            return prefix == "round" ? (m, n, nil) : (m, nil, n)
        }
        return nil
    }

    /// What `parse` accepts, for messages.
    public static var allowed: String {
        names + "; per round: " + perRound.map { "roundN.\($0.rawValue)" }.joined(separator: ", ")
            + "; per day of the careers: " + perDay.map { "dayN.\($0.rawValue)" }.joined(separator: ", ")
            + "; a quantile of " + perGame.map(\.rawValue).joined(separator: ", ") + " as METRIC.p10 (p1 to p99) or METRIC.median"
    }
    /// What a career metric's name starts with: `days_to_` and a milestone's name.
    public static let daysToPrefix = "days_to_"

    /// Measured over careers rather than single games.
    public var needsCareers: Bool {
        switch self {
        case .catchRate, .perfectRate, .bestCombo, .score, .grams, .health, .roundsReached, .gameMinutes, .endedByMisses, .reached: false
        default: true
        }
    }
}
