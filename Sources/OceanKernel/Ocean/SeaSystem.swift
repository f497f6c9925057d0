/// The seas of a career (GAME_RULES §6): the first opens with the career, each next
/// one when the sea before it (the newest) reaches Thriving; the player chooses which
/// to play between games; a sea not played loses `neglect_per_day` each day.
/// Nothing here runs for a balance without seas.
enum SeaSystem {
    /// A new calendar day, `days` after the last one the career saw: the first sea
    /// opens with the first day; every other opened sea is neglected for those days.
    static func newDay(_ s: inout GameState, days: Int, rules: Rules) {
        guard rules.hasSeas else { return }
        let today = s.career.today
        if s.seas.isEmpty {
            s.seas.append(SeaState(health: s.health, phase: s.phase, dayStart: s.health, dayNet: 0,
                                   openedDay: today, lastDay: today))
            return
        }
        s.seas[s.seaIndex].lastDay = today
        for i in s.seas.indices where i != s.seaIndex {
            let loss = rules.seaNeglectPerDay[i] * min(max(0, days), 10_000)
            guard loss > 0, s.seas[i].health > 0 else { continue }
            s.seas[i].health = max(0, s.seas[i].health - loss)
            s.seas[i].phase = PhaseSystem.phase(after: s.seas[i].phase, health: s.seas[i].health, rules: rules)
        }
    }

    /// The player chose sea `index` (between games): the sea being played is stored,
    /// the chosen one becomes the live ocean, with its own day's band (today's, if it
    /// was played today; a fresh one otherwise).
    static func choose(_ command: Command, _ s: inout GameState, rules: Rules, events: inout [Event]) {
        guard case .chooseSea(let index) = command else { return }
        guard index >= 0, index < s.seas.count, s.mode == .idle else {
            events.append(.inputIgnored(.unknownSea))
            return
        }
        guard index != s.seaIndex else { return }
        let today = s.career.today
        s.seas[s.seaIndex].health = s.health
        s.seas[s.seaIndex].phase = s.phase
        s.seas[s.seaIndex].dayStart = s.healthDayStart
        s.seas[s.seaIndex].dayNet = s.healthDayNet
        s.seas[s.seaIndex].lastDay = today
        let next = s.seas[index]
        s.seaIndex = index
        s.health = next.health
        s.phase = next.phase
        if next.lastDay == today {
            s.healthDayStart = next.dayStart
            s.healthDayNet = next.dayNet
        } else {
            s.healthDayStart = next.health
            s.healthDayNet = 0
        }
        s.seas[index].lastDay = today
        events.append(.seaChosen(index: index))
    }

    /// The newest sea reached Thriving: the next one opens (the player stays where
    /// they are until they choose it).
    static func openNext(_ s: inout GameState, rules: Rules, events: inout [Event]) {
        guard s.phase == .thriving, !s.seas.isEmpty, s.seaIndex == s.seas.count - 1,
              s.seas.count < rules.seaKeys.count else { return }
        let start = rules.healthStart
        s.seas.append(SeaState(health: start, phase: rules.phase(forHealth: start), dayStart: start, dayNet: 0,
                               openedDay: s.career.today, lastDay: s.career.today))
        events.append(.seaOpened(index: s.seas.count - 1))
    }
}
