/// Moves every item one tick (sway, gravity up to a terminal speed, side walls) and
/// decides catches and misses.
///
/// Catches are swept, not sampled: when an item's bottom crosses the rim during the
/// tick, both the item and the bin are placed where they were at the instant of the
/// crossing and compared there, so no speed can carry an item through the bin.
/// Touching the rim exactly counts as crossing it.
///
/// This is the hot loop (the stress benchmark runs it over 10,000 items). It uses
/// wrapping arithmetic: the balance ranges bound every position and speed far below
/// 2^62, so no sum here can overflow, and skipping the checks keeps the loop tight.
enum ItemSystem {
    // Kept out of `Simulation.step`: inlined there, the loop's values spilled to the
    // stack. (Its rare branch, the rim, stays inline: moved out to a function of its
    // own, the loop copied each item's fall parameters to the stack; 1.6× slower.)
    @inline(never)
    static func run(_ s: inout GameState, binFrom: Int, binTo: Int, rules: Rules, log: inout TickLog) {
        guard !s.items.isEmpty else { return }
        let width = rules.width
        let rim = rules.rim
        let water = rules.waterLine
        // A caught net widens the mouth while it lasts.
        let mouth = s.netTicksLeft > 0 ? rules.netHalfWidth : rules.binHalfWidth
        let special = rules.hasSeaLife || rules.hasPowerUps
        // Items fall only during a round (a validated state never holds any otherwise):
        // checked once per tick, so the unchecked reads below stay inside the table.
        precondition(s.round >= 1 && s.round <= (s.playMode == .arcade ? rules.arcadeRoundCap : rules.roundsPerGame),
                     "items outside a round")
        let tableBase = rules.row(s) * rules.kindCount
        var live = 0
        rules.fall.withUnsafeBufferPointer { allFall in
        s.items.withUnsafeMutableBufferPointer { items in
            let fall = allFall.baseAddress! + tableBase
            var count = items.count
            var i = 0
            while i < count {
                var it = items[i]
                let p = fall[Int(it.kind.rawValue)]
                let (x0, bottom0, bottom1) = advance(&it, p, width: width)

                var gone = false
                if bottom1 >= rim {
                    if bottom0 < rim {
                        // Where were the item and the bin when the bottom met the rim?
                        let num = rim - bottom0
                        let den = bottom1 - bottom0
                        let itemX = x0 + (it.x - x0) * num / den
                        let binX = binFrom + (binTo - binFrom) * num / den
                        let off = abs(itemX - binX)
                        if off <= mouth + p.catchBody {
                            log.outcomes.append(.caught(it.kind, x: itemX))
                            gone = true
                        } else if it.bounced == 0 && off <= mouth + p.halfSize && rules.bouncePercent[it.kind.rawValue] > 0 {
                            bounce(&it, at: itemX, away: itemX > binX, percent: rules.bouncePercent[it.kind.rawValue],
                                   rim: rim, half: p.halfSize)
                            log.outcomes.append(.bounced(it.kind, x: itemX))
                            items[i] = it
                            i += 1
                            continue
                        }
                    }
                    if !gone && bottom1 >= water {
                        // Sea life and power-ups falling past are let go, never missed.
                        if special && (rules.isSeaLife[it.kind.rawValue] || rules.powerUp[it.kind.rawValue] != .none) {
                            log.outcomes.append(.passed(it.kind, x: it.x))
                        } else {
                            log.outcomes.append(.missed(it.kind, x: it.x))
                        }
                        gone = true
                    }
                }
                if gone {
                    // Swap-remove: the order stays deterministic, nothing shifts.
                    count -= 1
                    items[i] = items[count]
                } else {
                    items[i] = it
                    i += 1
                }
            }
            live = count
        }
        }
        s.items.removeLast(s.items.count - live)
    }

    /// An item that landed on the rim, not in the mouth: back up from where it met
    /// the rim with `percent` of its fall speed, kicked away from the bin's middle.
    @inline(__always)
    static func bounce(_ it: inout Item, at x: Int, away right: Bool, percent: Int, rim: Int, half: Int) {
        let up = Int(it.vy) * percent / 100
        it.x = x
        it.y = rim - half - 1
        it.vy = Int32(-up)
        let kick = Int32(max(Fixed.one, up / 3))
        it.vx = right ? max(it.vx, kick) : min(it.vx, -kick)
        it.bounced = 1
    }

    /// One tick of an item's motion: sway (the sideways speed ramps back and forth
    /// between ±swaySpeed, bouncing off the side walls), then the fall (gravity up to
    /// the terminal speed). Returns where it was across, and its bottom before and after.
    @inline(__always)
    static func advance(_ it: inout Item, _ p: FallParams, width: Int) -> (x0: Int, bottom0: Int, bottom1: Int) {
        // Wrapping negations: the balance bounds every speed far from Int32.min, and
        // the checked ones put two overflow branches in the loop.
        let ax = it.ax < 0 ? 0 &- it.ax : it.ax
        it.vx &+= it.ax
        if it.vx >= p.swaySpeed { it.vx = p.swaySpeed; it.ax = 0 &- ax }
        if it.vx <= 0 &- p.swaySpeed { it.vx = 0 &- p.swaySpeed; it.ax = ax }
        let x0 = it.x
        it.x &+= Int(it.vx)
        if it.x < p.halfSize || it.x > width &- p.halfSize {
            it.x = it.x < p.halfSize ? p.halfSize : width &- p.halfSize
            it.vx = 0 &- it.vx
            it.ax = 0 &- it.ax
        }
        let bottom0 = it.y &+ p.halfSize
        it.vy = min(it.vy &+ p.gravity, p.terminalSpeed)
        it.y &+= Int(it.vy)
        return (x0, bottom0, it.y &+ p.halfSize)
    }

    /// When and where a falling item will meet the rim: the number of ticks it falls
    /// until its bottom crosses the rim on its way down (1 = during its first tick)
    /// and its centre's x at that instant, found by running `advance` exactly as the
    /// tick will. A leaping sea-life item meets it as it falls back.
    static func forecast(_ item: Item, _ p: FallParams, rules: Rules) -> (ticks: Int, x: Int) {
        let f = flight(item, p, width: rules.width, rim: rules.rim)
        return (f.ticks, f.x)
    }

    /// `forecast` on a playfield `width` wide, also the least and most x the centre
    /// takes on the way (after each move) and whether it met the rim within the bound
    /// (the spawner keeps such flights, `SpawnForecasts`).
    static func flight(_ item: Item, _ p: FallParams, width: Int, rim: Int) -> (ticks: Int, x: Int, low: Int, high: Int, lands: Bool) {
        var it = item
        var ticks = 0
        var low = Int.max, high = Int.min
        while ticks < 1_000_000 {
            ticks += 1
            let (x0, bottom0, bottom1) = advance(&it, p, width: width)
            low = min(low, it.x)
            high = max(high, it.x)
            if bottom1 >= rim {
                if bottom0 < rim { return (ticks, x0 + (it.x - x0) * (rim - bottom0) / (bottom1 - bottom0), low, high, true) }
                // Below the rim already: on its way down it never meets the rim
                // again; on its way up (sea life leaping out), it meets it later.
                if it.vy >= 0 { return (ticks, it.x, low, high, true) }
            }
        }
        return (ticks, it.x, low, high, false)
    }
}
