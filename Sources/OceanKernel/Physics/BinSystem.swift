/// Slides the bin: pushing accelerates it up to its top speed, letting go lets
/// friction bring it to rest, and a wall stops it dead.
enum BinSystem {
    static func run(_ bin: inout BinState, move: Move, pointer: Int?, rules: Rules) {
        let left = rules.binHalfWidth
        let right = rules.width - rules.binHalfWidth
        if let pointer {
            place(&bin, at: min(right, max(left, pointer)), maxSpeed: rules.binMotion.maxSpeed)
        } else {
            step(&bin, move: move, motion: rules.binMotion)
        }
        if bin.x <= left {
            bin.x = left
            bin.vx = 0
        } else if bin.x >= right {
            bin.x = right
            bin.vx = 0
        }
    }

    /// A held pointer: straight toward `target` at up to top speed, at rest on it.
    /// Never faster than keys at top speed, so what the fair spawner deems reachable
    /// stays reachable.
    @inline(__always) static func place(_ bin: inout BinState, at target: Int, maxSpeed: Int) {
        bin.vx = min(maxSpeed, max(-maxSpeed, target - bin.x))
        bin.x += bin.vx
        if bin.x == target { bin.vx = 0 }
    }

    /// Speed and position for one tick, walls aside (the pilot plans with this).
    @inline(__always) static func step(_ bin: inout BinState, move: Move, motion m: BinMotion) {
        let push = Int(move.rawValue)
        if push != 0 {
            bin.vx = min(m.maxSpeed, max(-m.maxSpeed, bin.vx + push * m.accel))
        } else if bin.vx > 0 {
            bin.vx = max(0, bin.vx - m.friction)
        } else if bin.vx < 0 {
            bin.vx = min(0, bin.vx + m.friction)
        }
        bin.x += bin.vx
    }
}

extension BinState {
    /// The bin one tick on under `move` (keys, no pointer), walls included: exactly
    /// the tick's own step, for a player who predicts where the keys already pressed
    /// will take it.
    public func stepped(_ move: Move, rules: Rules) -> BinState {
        var b = self
        BinSystem.run(&b, move: move, pointer: nil, rules: rules)
        return b
    }
}
