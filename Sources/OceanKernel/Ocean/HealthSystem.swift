/// Applies each outcome's effect on ocean health and reports the tick's net change
/// once.
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
        let wasFull = healedAll(s, rules)
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
        if !wasFull && healedAll(s, rules) && rules.dailyRiseCap < Rules.fullHealth {
            events.append(.healedAllToday)
        }
    }

    /// True once today's gains have reached the rise cap (or full health).
    static func healedAll(_ s: borrowing GameState, _ rules: Rules) -> Bool {
        s.health >= min(Rules.fullHealth, s.healthDayStart + rules.dailyRiseCap)
            && (!rules.dailyCapOnSum || s.healthDayNet >= rules.dailyRiseCap || s.health == Rules.fullHealth)
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
        let net = min(rules.dailyRiseCap, max(-rules.dailyFallCap, s.healthDayNet))
        return min(Rules.fullHealth, max(0, s.healthDayStart + net))
    }

    /// Health after a gain, clamped as it comes: up to today's ceiling, never down.
    @inline(__always)
    static func raised(_ s: borrowing GameState, by gain: Int, _ rules: Rules) -> Int {
        let ceiling = min(Rules.fullHealth, s.healthDayStart + rules.dailyRiseCap)
        return max(s.health, min(ceiling, s.health + gain))
    }

    /// Health after a loss, clamped as it comes: down to today's floor, never up.
    @inline(__always)
    static func lowered(_ s: borrowing GameState, by loss: Int, _ rules: Rules) -> Int {
        let floor = max(0, s.healthDayStart - rules.dailyFallCap)
        return min(s.health, max(floor, s.health - loss))
    }
}
