/// The Daily Ocean's run counted in the career (GAME_RULES §7): the run is played in
/// a session of its own, the same game for every player, and its figures come to the
/// career as one command (`Command.creditDaily`), counted like a game of the career's
/// own. It is a game played (the day counts toward the streak), its plastic counts
/// toward the day's goal, the level and the lifetime, its catches and misses move
/// the ocean within the day's caps, and a finished run opens the day's mastery as a
/// clean game does. `ProgressSystem` and `ChallengeSystem` do the rest from the
/// totals, as after any game (its catches, plastic and the game itself count toward
/// the challenges; its score, an arcade game's, does not).
///
/// Once: each day's Daily Ocean counts one run (the official one, the first the player
/// finished), on the career's today. The Daily Ocean's date is UTC's and the career's
/// the player's own, so the run's date may be the day before or after today (time
/// zones span less than a day either way); never an older Daily Ocean than the last
/// counted. The kinds' lifetime tallies stay the career's own games' (the run's
/// figures carry no kinds).
enum DailyCreditSystem {
    static func run(_ command: Command, _ s: inout GameState, rules: Rules, log: inout TickLog, events: inout [Event]) {
        guard case .creditDaily(let run) = command else { return }
        let day = Int(run.day)
        guard s.career.hasSession, s.mode == .idle, abs(day - s.career.today) <= 1,
              s.career.dailyCreditDay == CareerState.never || day > s.career.dailyCreditDay, plausible(run, rules) else {
            events.append(.inputIgnored(.dailyNotCredited))
            return
        }
        s.career.dailyCreditDay = day
        log.dailyCredited = true
        s.totals.games += 1
        s.totals.catches += Int(run.catches)
        s.totals.misses += Int(run.misses)
        s.totals.grams += Int(run.grams)

        let before = s.health
        let wasFull = HealthSystem.healedAll(s, rules)
        // Effect by effect as a game's would come: on the day's sum, the order never matters.
        for _ in 0..<run.catches { HealthSystem.gain(&s, rules.healthPerCatch, rules) }
        for _ in 0..<run.misses { HealthSystem.lose(&s, rules.healthPerMiss, rules) }
        if rules.hasSeaLife { for _ in 0..<run.seaLifeHits { HealthSystem.lose(&s, rules.healthPerSeaLife, rules) } }
        if s.health != before { events.append(.healthChanged(from: before, to: s.health)) }
        events.append(.dailyCredited(run))
        if run.finished {
            HealthSystem.mastered(&s, catches: Int(run.catches), mistakes: Int(run.misses + run.seaLifeHits),
                                  rules: rules, events: &events)
        }
        HealthSystem.announceFull(wasFull: wasFull, s, rules, events: &events)
    }

    /// Figures a game can have: none negative, no more plastic than its catches can
    /// weigh, and bounded (so the day's loops stay short).
    static func plausible(_ run: DailyCredit, _ r: Rules) -> Bool {
        let most = 1_000_000
        guard run.catches >= 0, run.misses >= 0, run.seaLifeHits >= 0, run.grams >= 0,
              run.catches <= most, run.misses <= most, run.seaLifeHits <= most else { return false }
        var heaviest = 0
        for g in r.grams { heaviest = max(heaviest, g) }
        return Int(run.grams) <= Int(run.catches) * heaviest
    }
}
