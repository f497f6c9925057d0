/// How the bin answers the keys, in tick units: what the bin's physics and the
/// pilot need, apart from the rest of the rules.
public struct BinMotion: Sendable {
    public let accel: Int
    public let maxSpeed: Int
    public let friction: Int

    public init(accel: Int, maxSpeed: Int, friction: Int) {
        (self.accel, self.maxSpeed, self.friction) = (accel, maxSpeed, friction)
    }
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

    /// Where a released bin comes to rest, and after how many ticks (walls aside).
    static func stop(_ bin: BinState, motion: BinMotion) -> (x: Int, ticks: Int) {
        var b = bin
        var ticks = 0
        while b.vx != 0 && ticks < 3_600 {
            BinSystem.step(&b, move: .none, motion: motion)
            ticks += 1
        }
        return (b.x, ticks)
    }

    /// Whether the pilot brings the bin to rest on every distance up to `widthPx`
    /// whole pixels (sampled: every pixel of the first 256, then every 7th) within
    /// `limit` ticks: what the fair spawner's reach table assumes. A bin that cannot
    /// stop (no friction) or only moves in steps wider than the pilot's tolerance
    /// fails. Returns the first distance (px) it cannot settle on.
    public static func firstUnsettled(widthPx: Int, motion: BinMotion, limit: Int = 3_600) -> Int? {
        var d = 1
        while d <= widthPx {
            if travelTicks(Fixed.px(d), motion: motion, limit: limit) >= limit { return d }
            d += d < 256 ? 1 : 7
        }
        return nil
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
