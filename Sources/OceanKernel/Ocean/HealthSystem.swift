/// Applies each outcome's effect on ocean health and reports the tick's net change
/// once.
///
/// The day's rise cap follows the day's play (`Rules.riseCap`): part of it is open
/// from the start and the rest opens with today's plastic against the daily goal, so
/// a weak first game heals a little and a good one more; `ProgressSystem` calls
/// `rebanded` when today's plastic grows.
///
/// Catches, misses and scans move health within the day's band: no more than
/// `health.daily_rise_cap` above, nor `daily_fall_cap` below, the health the day
/// began with (and always within [0, full]), so the ocean follows consistent days,
/// not one great game. With `daily_cap_on_sum` (GAME_RULES §2) the band holds the
/// day's net, the sum of its effects, so the order of a day's events never matters
/// and a catch always counts toward it; without it (older rules) each event is
/// clamped as it comes. Absence is charged outside the band, before the new day's
/// band starts (`dayBegan`). With both caps at full health the band is [0, full].
enum HealthSystem {
    static func run(_ s: inout GameState, log: borrowing TickLog, rules: Rules, events: inout [Event]) {
        // Most ticks have no outcome: nothing to move, nothing to copy.
        guard !log.outcomes.isEmpty else { return }
        let before = s.health
        // Only said outside a game: during one (most outcomes) nothing to compare.
        let wasFull = s.mode != .idle || healedAll(s, rules)
        for outcome in log.outcomes {
            switch outcome {
            case .caught(let kind, _) where rules.hasSeaLife && rules.isSeaLife[kind.rawValue]:
                lose(&s, rules.healthPerSeaLife, rules)
            case .caught: gain(&s, rules.healthPerCatch, rules)
            case .missed: lose(&s, rules.healthPerMiss, rules)
            case .scanned: gain(&s, rules.healthPerScan, rules)
            case .absent(let days):
                let loss = min(Rules.fullHealth, days * rules.career.absenceHealthPerDay)
                s.health = max(0, s.health - loss)
            case .dayBegan:
                s.healthDayStart = s.health
                s.healthDayNet = 0
            case .scanLogged, .passed, .bounced:
                break
            }
        }
        if s.health != before { events.append(.healthChanged(from: before, to: s.health)) }
        announceFull(wasFull: wasFull, s, rules, events: &events)
    }

    /// "Today's healing is full", said when it becomes true outside a game (a scan);
    /// during a game it waits for the game's end (`ProgressSystem`), where the
    /// summary shows it (GAME_RULES §2: never in the middle of one).
    /// `wasFull`: true during a game (then nothing is said here).
    static func announceFull(wasFull: Bool, _ s: borrowing GameState, _ rules: Rules, events: inout [Event]) {
        if !wasFull && s.mode == .idle && rules.dailyRiseCap < Rules.fullHealth && healedAll(s, rules) {
            events.append(.healedAllToday)
        }
    }

    /// Today's plastic has grown (a catch or a scan counted toward the goal): with a
    /// rise cap that follows the day's play, more of it is open now.
    /// `idle`: no game was on this tick (a game's end says it itself).
    static func rebanded(_ s: inout GameState, idle: Bool, rules: Rules, events: inout [Event]) {
        guard rules.dailyCapOnSum, rules.riseOpenPercent < 100 else { return }
        let wasFull = !idle || healedAll(s, rules)
        let before = s.health
        s.health = banded(s, rules)
        guard s.health != before else { return }
        moved(&s, from: before, rules: rules, events: &events)
        announceFull(wasFull: wasFull, s, rules, events: &events)
    }

    /// Health moved from `before` outside the tick's outcomes (its band widened): said
    /// in the tick's one health event, and the phase follows.
    private static func moved(_ s: inout GameState, from before: Int, rules: Rules, events: inout [Event]) {
        // One health event a tick: this tick's catch already said where it moved from.
        if let i = events.lastIndex(where: { if case .healthChanged = $0 { true } else { false } }),
           case .healthChanged(let from, _) = events[i] {
            events[i] = .healthChanged(from: from, to: s.health)
        } else {
            events.append(.healthChanged(from: before, to: s.health))
        }
        PhaseSystem.run(&s, rules: rules, events: &events)
    }

    /// How far today's play may lift health above the day's start, now.
    @inline(__always)
    static func riseCap(_ s: borrowing GameState, _ rules: Rules) -> Int {
        rules.riseCap(dayStart: s.healthDayStart, plasticToday: s.career.gramsToday, mastery: s.masteryToday, sea: s.seaIndex)
            + s.rewardsToday
    }

    /// True once nothing more today can lift health: today's plastic has opened the
    /// whole rise cap and the day's gains have reached it (or full health).
    /// (The mastery part is not needed: "full" means more catches will not heal more.)
    public static func healedAll(_ s: borrowing GameState, _ rules: Rules) -> Bool {
        let cap = riseCap(s, rules)
        let fromPlastic = rules.riseCap(dayStart: s.healthDayStart, plasticToday: s.career.gramsToday, sea: s.seaIndex)
            + s.rewardsToday
        guard fromPlastic >= rules.fullRiseCap(dayStart: s.healthDayStart, sea: s.seaIndex) else {
            return s.health == Rules.fullHealth
        }
        return s.health >= min(Rules.fullHealth, s.healthDayStart + cap)
            && (!rules.dailyCapOnSum || s.healthDayNet >= cap || s.health == Rules.fullHealth)
    }

    /// A game finished (not abandoned) in a career: the fewer its misses, the more of
    /// today's mastery part of the rise cap it opens; the day keeps its cleanest game.
    /// `catches`, `mistakes`: the game's trash caught, and its misses and sea life caught.
    static func mastered(_ s: inout GameState, catches: Int, mistakes: Int, rules: Rules, events: inout [Event]) {
        guard rules.masteryRise > 0, s.career.hasSession, catches > 0 else { return }
        let percent = rules.masteryPercent(mistakes: mistakes)
        guard percent > s.masteryToday else { return }
        s.masteryToday = percent
        let before = s.health
        if rules.dailyCapOnSum { s.health = banded(s, rules) }
        events.append(.masteryHealed(percent: percent,
                                     extra: rules.masteryCap(dayStart: s.healthDayStart, sea: s.seaIndex) * percent / 100))
        guard s.health != before else { return }
        moved(&s, from: before, rules: rules, events: &events)
    }

    /// A gain (a catch, a scan, a challenge's reward).
    static func gain(_ s: inout GameState, _ amount: Int, _ rules: Rules) {
        if rules.dailyCapOnSum {
            s.healthDayNet += amount
            s.health = banded(s, rules)
        } else {
            s.health = raised(s, by: amount, rules)
        }
    }

    static func lose(_ s: inout GameState, _ amount: Int, _ rules: Rules) {
        if rules.dailyCapOnSum {
            s.healthDayNet -= amount
            s.health = banded(s, rules)
        } else {
            s.health = lowered(s, by: amount, rules)
        }
    }

    /// The day's start moved by its net, within the caps and [0, full].
    @inline(__always)
    static func banded(_ s: borrowing GameState, _ rules: Rules) -> Int {
        let net = min(riseCap(s, rules), max(-rules.dailyFallCap, s.healthDayNet))
        return min(Rules.fullHealth, max(0, s.healthDayStart + net))
    }

    /// Health after a gain, clamped as it comes: up to today's ceiling, never down.
    @inline(__always)
    static func raised(_ s: borrowing GameState, by gain: Int, _ rules: Rules) -> Int {
        let ceiling = min(Rules.fullHealth, s.healthDayStart + riseCap(s, rules))
        return max(s.health, min(ceiling, s.health + gain))
    }

    /// Health after a loss, clamped as it comes: down to today's floor, never up.
    @inline(__always)
    static func lowered(_ s: borrowing GameState, by loss: Int, _ rules: Rules) -> Int {
        let floor = max(0, s.healthDayStart - rules.dailyFallCap)
        return min(s.health, max(floor, s.health - loss))
    }
}
