/// The figures `vs_shipped_*` bounds judge: a point's value minus the base balance's,
/// pair by pair (game i of both played from the same seed, career i of both from the
/// same plan), so that what the two balances share cancels and only their difference
/// is left to chance. The base against itself differs by exactly 0, interval and all.
enum PairedDifference {
    /// Each constraint's metric's paired difference, by the metric's name.
    static func of(_ constraints: [TuneSpec.Constraint], point: (games: [GameOutcome], careers: [CareerOutcome]),
                   base: (games: [GameOutcome], careers: [CareerOutcome]), careerDays: Int) -> [String: PairedStat] {
        var out: [String: PairedStat] = [:]
        // The first games of the base: a halving rung plays fewer than the base was played with.
        let games = Array(zip(point.games, base.games)), careers = Array(zip(point.careers, base.careers))
        for c in constraints {
            out[c.metricName] = stat(c, games: games, careers: careers)
        }
        return out
    }

    static func stat(_ c: TuneSpec.Constraint, games: [(GameOutcome, GameOutcome)], careers: [(CareerOutcome, CareerOutcome)]) -> PairedStat {
        if let day = c.day {
            return PairedStat(careers.compactMap { p, b in
                guard day <= p.days.count, day <= b.days.count else { return nil }
                return dayValue(c.metric, p.days[day - 1]) - dayValue(c.metric, b.days[day - 1])
            })
        }
        if let round = c.round {
            // `roundN.reached` (the reader refuses a round's catch rate: its items differ per game).
            return PairedStat(games.map { p, b in Double(p.roundReached >= round ? 1 : 0) - Double(b.roundReached >= round ? 1 : 0) })
        }
        switch c.metric {
        case .catchRate:
            return catchRate(games)
        case _ where c.metric.rawValue.hasPrefix(Metric.daysToPrefix):
            guard let i = CareerOutcome.milestones.firstIndex(of: String(c.metric.rawValue.dropFirst(Metric.daysToPrefix.count))) else {
                return PairedStat([])
            }
            // Both reached it: the days' difference; neither: the same within the plan;
            // one side only: unknown (how much later the other would have is not known).
            var d: [Double] = [], censored = 0
            for (p, b) in careers {
                switch (p.day[i], b.day[i]) {
                case (0, 0): d.append(0)
                case (0, _), (_, 0): censored += 1
                case let (x, y): d.append(Double(x - y))
                }
            }
            return PairedStat(d, censored: censored)
        default:
            return PairedStat(games.map { p, b in PlayerResult.perGame(c.metric, p) - PlayerResult.perGame(c.metric, b) })
        }
    }

    /// The difference of two pooled catch rates (catches over items caught or missed),
    /// its interval from each game's linearised share: (c − R·n)/n̄ per side, whose
    /// paired differences have the spread of the rates' difference times √games.
    static func catchRate(_ games: [(GameOutcome, GameOutcome)]) -> PairedStat {
        let n = Double(games.count)
        let cp = games.reduce(0) { $0 + $1.0.catches }, np = games.reduce(0) { $0 + $1.0.catches + $1.0.misses }
        let cb = games.reduce(0) { $0 + $1.1.catches }, nb = games.reduce(0) { $0 + $1.1.catches + $1.1.misses }
        guard np > 0, nb > 0 else { return PairedStat([]) }
        let rp = Double(cp) / Double(np), rb = Double(cb) / Double(nb)
        let meanP = Double(np) / n, meanB = Double(nb) / n
        let u = games.map { p, b in
            (Double(p.catches) - rp * Double(p.catches + p.misses)) / meanP - (Double(b.catches) - rb * Double(b.catches + b.misses)) / meanB
        }
        return PairedStat(u, difference: rp - rb)
    }

    static func dayValue(_ metric: Metric, _ s: Snapshot) -> Double {
        switch metric {
        case .level: Double(s.level)
        case .phase: Double(s.phase)
        case .petStage: Double(s.petStage)
        default: Double(s.health)
        }
    }
}
