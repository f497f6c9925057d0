/// Applies each outcome's effect on ocean health in order and reports the tick's net
/// change once.
///
/// Catches, misses and scans move health within the day's band: no more than
/// `health.daily_rise_cap` above, nor `daily_fall_cap` below, the health the day
/// began with (and always within [0, full]), so the ocean follows consistent days,
/// not one great game. Absence is charged outside the band, before the new day's
/// band starts (`dayBegan`). With both caps at full health the band is [0, full]:
/// every event counts, as before the caps existed.
enum HealthSystem {
    static func run(_ s: inout GameState, log: borrowing TickLog, rules: Rules, events: inout [Event]) {
        let before = s.health
        for outcome in log.outcomes {
            switch outcome {
            case .caught: s.health = raised(s, by: rules.healthPerCatch, rules)
            case .missed: s.health = lowered(s, by: rules.healthPerMiss, rules)
            case .scanned: s.health = raised(s, by: rules.healthPerScan, rules)
            case .absent(let days):
                s.health = max(0, s.health - min(Rules.fullHealth, days * rules.career.absenceHealthPerDay))
            case .dayBegan: s.healthDayStart = s.health
            }
        }
        if s.health != before { events.append(.healthChanged(from: before, to: s.health)) }
    }

    /// Health after a gain: up to today's ceiling, never down (a catch never hurts).
    @inline(__always)
    static func raised(_ s: borrowing GameState, by gain: Int, _ rules: Rules) -> Int {
        let ceiling = min(Rules.fullHealth, s.healthDayStart + rules.dailyRiseCap)
        return max(s.health, min(ceiling, s.health + gain))
    }

    /// Health after a loss: down to today's floor, never up.
    @inline(__always)
    static func lowered(_ s: borrowing GameState, by loss: Int, _ rules: Rules) -> Int {
        let floor = max(0, s.healthDayStart - rules.dailyFallCap)
        return min(s.health, max(floor, s.health - loss))
    }
}
