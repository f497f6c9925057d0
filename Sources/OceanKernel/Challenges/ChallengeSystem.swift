/// Daily, weekly and milestone challenges.
///
/// - When a new calendar day begins (a session on a later date), a daily challenge
///   still open from an earlier day has failed, and so has a weekly one from an earlier
///   week; then today's and (if the week is new) this week's are drawn
///   (`ChallengeDraw`). A skipped day draws nothing: only days with a session have a
///   daily challenge. A date that goes back moves nothing.
/// - Each tick adds what happened to the open challenges' progress (what each metric
///   counts: `ChallengeMetric`), reports each quarter of the way, and completes a
///   challenge when its target is reached: the reward is given then, and only then.
/// - A milestone is reached when the career's lifetime figure reaches its target; it
///   never fails, and it rewards once.
///
/// Rewards: bonus grams toward the level (`CareerState.bonusGrams`, never counted as
/// plastic diverted) and ocean health within the day's rise cap, as a catch's is.
/// Runs after progress (it counts a goal met this tick) and before the pet (a reward's
/// level-up excites it).
enum ChallengeSystem {
    static func run(_ s: inout GameState, log: inout TickLog, rules: Rules, events: inout [Event]) {
        guard rules.hasChallenges, s.career.hasSession else { return }
        if log.newDay { newDay(&s, rules: rules, events: &events) }
        // Most ticks change nothing a challenge counts.
        guard log.newDay || !log.outcomes.isEmpty || log.studied || log.goalReached || log.becameActive
            || s.mode != log.before.mode || log.dailyCredited else { return }
        // Copies: a challenge and the state it rewards cannot both be borrowed at once.
        var daily = s.career.daily, weekly = s.career.weekly
        count(&daily, &s, log: &log, rules: rules, events: &events)
        count(&weekly, &s, log: &log, rules: rules, events: &events)
        s.career.daily = daily
        s.career.weekly = weekly
        milestones(&s, log: &log, rules: rules, events: &events)
    }

    /// Closes what the new day ended and draws what it brings.
    private static func newDay(_ s: inout GameState, rules: Rules, events: inout [Event]) {
        let today = s.career.today
        s.career.daily = rolled(s.career.daily, to: today, &s, rules: rules, events: &events)
        s.career.weekly = rolled(s.career.weekly, to: ChallengeDraw.week(ofDay: today), &s, rules: rules, events: &events)
    }

    /// The challenge for day or week `number`: `c` if it is that one's already; else
    /// `c` fails if still open and a new one is drawn.
    private static func rolled(_ c: Challenge, to number: Int, _ s: inout GameState, rules: Rules,
                               events: inout [Event]) -> Challenge {
        guard c.number != number else { return c }
        if c.isOpen {
            var failed = c
            failed.status = .failed
            s.career.challengesFailed += 1
            events.append(.challengeFailed(failed))
        }
        let next = ChallengeDraw.draw(c.period, number: number, level: s.career.level, seed: s.career.seed,
                                      previousTemplate: c.template, rules: rules)
        if next.exists { events.append(.challengeIssued(next)) }
        return next
    }

    /// Adds this tick's part to one open challenge.
    private static func count(_ c: inout Challenge, _ s: inout GameState, log: inout TickLog, rules: Rules,
                              events: inout [Event]) {
        guard c.isOpen else { return }
        let old = c.progress
        // A combo counts where it grows: one left over from an earlier game is not today's.
        let combo = s.game.combo > log.before.combo ? s.game.combo : 0
        let new = min(c.target, c.metric == .bestCombo ? max(old, combo) : old + added(c.metric, s, log))
        guard new > old else { return }
        c.progress = new
        if new >= c.target {
            c.status = .completed
            s.career.challengesCompleted += 1
            events.append(.challengeCompleted(c))
            reward(grams: c.rewardGrams, health: c.rewardHealth, &s, log: &log, rules: rules, events: &events)
        } else {
            c.status = .inProgress
            if new * 4 / c.target > old * 4 / c.target {
                events.append(.challengeProgressed(period: c.period, progress: new, target: c.target))
            }
        }
    }

    /// What this tick added to a count.
    private static func added(_ metric: ChallengeMetric, _ s: borrowing GameState, _ log: borrowing TickLog) -> Int {
        let b = log.before
        switch metric {
        case .catches: return s.totals.catches - b.catches
        case .plasticGrams: return s.totals.grams - b.grams
        case .bestCombo: return 0
        case .games: return (b.mode != .idle && s.mode == .idle) || log.dailyCredited ? 1 : 0
        case .perfectGames: return s.totals.perfectGames - b.perfectGames
        case .scans: return s.totals.scans - b.scans
        case .cardsStudied: return log.studied ? 1 : 0
        case .goalDays: return log.goalReached ? 1 : 0
        case .activeDays: return log.becameActive ? 1 : 0
        case .score: return s.totals.score - b.score
        }
    }

    private static func milestones(_ s: inout GameState, log: inout TickLog, rules: Rules, events: inout [Event]) {
        let table = rules.milestoneTable
        for bit in table.indices where s.career.milestones & (1 << bit) == 0 {
            let m = table[bit]
            guard lifetime(m.metric, s) >= m.target else { continue }
            s.career.milestones |= 1 << bit
            events.append(.milestoneReached(template: m.template))
            reward(grams: m.rewardGrams, health: m.rewardHealth, &s, log: &log, rules: rules, events: &events)
        }
    }

    /// The career's lifetime figure for a metric (what a milestone measures).
    public static func lifetime(_ metric: ChallengeMetric, _ s: borrowing GameState) -> Int {
        switch metric {
        case .catches: return s.totals.catches
        case .plasticGrams: return s.totals.grams
        case .bestCombo: return s.totals.bestCombo
        case .games: return s.totals.games - (s.mode == .idle ? 0 : 1)
        case .perfectGames: return s.totals.perfectGames
        case .scans: return s.totals.scans
        case .cardsStudied: return s.career.cardsStudied
        case .goalDays: return s.career.goalDays
        case .activeDays: return s.career.activeDays
        case .score: return s.totals.score
        }
    }

    static func reward(grams: Int, health: Int, _ s: inout GameState, log: inout TickLog, rules: Rules,
                               events: inout [Event]) {
        if grams > 0 {
            s.career.bonusGrams += grams
            ProgressSystem.catchUpLevel(&s, log: &log, rules: rules, events: &events)
        }
        if health > 0 {
            let before = s.health
            // A reward on top of the day's cap: it is never swallowed by a day healed in full.
            if rules.rewardsOverCap { s.rewardsToday = min(Rules.fullHealth, s.rewardsToday + health) }
            HealthSystem.gain(&s, health, rules)
            if s.health != before {
                events.append(.healthChanged(from: before, to: s.health))
                PhaseSystem.run(&s, rules: rules, events: &events)
            }
        }
    }
}

extension GameState {
    /// A challenge's lifetime figure now (for a milestone's progress on screen).
    public func lifetime(_ metric: ChallengeMetric) -> Int { ChallengeSystem.lifetime(metric, self) }
}
