/// Power-ups (`GAME_RULES` §1): a caught net widens the bin's mouth, a caught slack
/// tide slows every item, each for a few seconds.
///
/// The tide slows time, not the items' paths: items (and the spawner's clock) move
/// only on some ticks, `tide_speed_percent` of them, and hold still on the others.
/// So every item lands exactly where it would have, only later, in the same order,
/// and the fair spawner's plan stays true once its points are moved one tick later
/// for every tick the water holds still.
enum PowerSystem {
    /// Counts the powers down; false on a tick the slack tide holds items still.
    @inline(__always)
    static func run(_ s: inout GameState, events: inout [Event], rules: Rules) -> Bool {
        if s.netTicksLeft > 0 {
            s.netTicksLeft -= 1
            if s.netTicksLeft == 0 { events.append(.powerEnded(.net)) }
        }
        guard s.tideTicksLeft > 0 else { return true }
        s.tideTicksLeft -= 1
        s.tideClock += rules.tideSpeedPercent
        let moves = s.tideClock >= 100
        if moves {
            s.tideClock -= 100
        } else {
            // Still water: whatever was to land from now on lands a tick later.
            for i in s.plan.indices where s.plan[i].tick >= s.tick { s.plan[i].tick += 1 }
        }
        if s.tideTicksLeft == 0 {
            s.tideClock = 0
            events.append(.powerEnded(.tide))
        }
        return moves
    }

    /// A caught item of `kind`: its power, if it is a power-up, starts (again) now.
    static func take(_ kind: ItemKind, _ s: inout GameState, rules: Rules, events: inout [Event]) {
        switch rules.powerUp[kind.rawValue] {
        case .none:
            return
        case .net:
            s.netTicksLeft = rules.netTicks
            events.append(.powerUp(kind: kind, power: .net, ticks: rules.netTicks))
        case .tide:
            s.tideTicksLeft = rules.tideTicks
            events.append(.powerUp(kind: kind, power: .tide, ticks: rules.tideTicks))
        }
    }

    /// A game's end: no power carries into the next.
    static func clear(_ s: inout GameState) {
        s.netTicksLeft = 0
        s.tideTicksLeft = 0
        s.tideClock = 0
    }
}
