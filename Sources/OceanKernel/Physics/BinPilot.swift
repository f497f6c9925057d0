/// How the bin answers the keys, in tick units: what the bin's physics and the
/// pilot need, apart from the rest of the rules.
public struct BinMotion: Sendable {
    public let accel: Int
    public let maxSpeed: Int
    public let friction: Int
}

/// The hands of a perfect player: which way to push the bin this tick to bring it to
/// rest at `target` as soon as the bin's physics allow (push while the bin can still
/// stop in time, let friction stop it, never push against its motion, since friction
/// brakes harder than pushing). The fair spawner times its promises with this pilot
/// (`Rules.reachByTicks`) and the oracle bot drives with it, so a promised catch is
/// one the oracle makes.
public enum BinPilot {
    /// Close enough to call the bin arrived: about two pixels.
    public static let tolerance = 2 * Fixed.one

    public static func move(_ bin: BinState, to target: Int, rules: Rules) -> Move {
        move(bin, to: target, motion: rules.binMotion)
    }

    static func move(_ bin: BinState, to target: Int, motion: BinMotion) -> Move {
        let dx = target - bin.x
        let v = bin.vx
        if abs(dx) <= tolerance { return .none }  // there: friction holds it
        let toward: Move = dx > 0 ? .right : .left
        let along = toward == .right ? v : -v  // speed toward the target (negative: away)
        if along < 0 { return .none }          // moving away: friction brakes hardest
        // Push only if, after this tick's push and a release, the bin still stops
        // short of the target; otherwise let friction bring it in.
        let pushed = min(motion.maxSpeed, along + motion.accel)
        if pushed + stoppingDistance(pushed, motion: motion) <= abs(dx) { return toward }
        if along == 0 { return toward }  // at rest and short: a nudge
        return .none
    }

    /// How far the bin slides from `speed` (toward, per tick) once released.
    @inline(__always) static func stoppingDistance(_ speed: Int, motion: BinMotion) -> Int {
        guard motion.friction > 0 else { return Int.max / 4 }
        var v = speed - motion.friction, d = 0
        while v > 0 { d += v; v -= motion.friction }
        return d
    }

    /// Ticks the pilot takes from rest to rest over `distance` (fixed point), on an
    /// open floor (the plan keeps every target inside the walls).
    static func travelTicks(_ distance: Int, motion: BinMotion, limit: Int) -> Int {
        var bin = BinState(x: 0, vx: 0)
        var ticks = 0
        while ticks < limit {
            if bin.vx == 0 && abs(distance - bin.x) <= tolerance { return ticks }
            BinSystem.step(&bin, move: move(bin, to: distance, motion: motion), motion: motion)
            ticks += 1
        }
        return limit
    }
}
