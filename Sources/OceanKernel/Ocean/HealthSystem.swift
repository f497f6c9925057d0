/// Applies each outcome's effect on ocean health in order, clamping to [0, full]
/// after every one, and reports the tick's net change once.
enum HealthSystem {
    static func run(_ s: inout GameState, log: borrowing TickLog, rules: Rules, events: inout [Event]) {
        let before = s.health
        for outcome in log.outcomes {
            let delta = switch outcome {
            case .caught: rules.healthPerCatch
            case .missed: -rules.healthPerMiss
            case .scanned: rules.healthPerScan
            case .absent(let days): -min(Rules.fullHealth, days * rules.career.absenceHealthPerDay)
            }
            s.health = min(Rules.fullHealth, max(0, s.health + delta))
        }
        if s.health != before { events.append(.healthChanged(from: before, to: s.health)) }
    }
}
