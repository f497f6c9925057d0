/// Moves the ocean's phase with its health. Rising into a phase needs its floor;
/// falling out of one needs health below the floor by more than `hysteresis`, so
/// health jittering on a bound never makes the phase flicker. One event per tick in
/// which the phase changed, from the old phase to the new.
enum PhaseSystem {
    static func run(_ s: inout GameState, rules: Rules, events: inout [Event]) {
        let next = phase(after: s.phase, health: s.health, rules: rules)
        if next != s.phase {
            events.append(.phaseChanged(from: s.phase, to: next))
            s.phase = next
        }
    }

    static func phase(after current: Phase, health: Int, rules: Rules) -> Phase {
        var p = current
        while let up = Phase(rawValue: p.rawValue + 1), health >= rules.phaseFloor[up.rawValue] { p = up }
        while p != .polluted, health < rules.phaseFloor[p.rawValue] - rules.hysteresis {
            p = Phase(rawValue: p.rawValue - 1)!
        }
        return p
    }
}
