import OceanKernel

/// Short-lived eye candy spawned by events: "+N g" popups over catches and splashes
/// where misses hit the water. Fixed-capacity pools, so a busy game allocates
/// nothing: when full, the oldest effect is reused.
struct EffectPool {
    struct Effect {
        /// Screen position where it started.
        var x = 0, y = 0
        /// The value it shows (grams for a popup).
        var value = 0
        /// The tick it was spawned on; `nil`-free: `alive` says whether it is in use.
        var born = 0
        var alive = false
    }

    private(set) var effects: [Effect]
    /// Ticks an effect lives.
    let lifetime: Int

    init(capacity: Int, lifetimeMs: Int) {
        effects = [Effect](repeating: Effect(), count: capacity)
        lifetime = Fixed.ticks(ms: lifetimeMs)
    }

    /// Starts an effect, reusing a dead slot or else the oldest one.
    mutating func spawn(x: Int, y: Int, value: Int, tick: Int) {
        var slot = 0
        for i in effects.indices {
            if !effects[i].alive { slot = i; break }
            if effects[i].born < effects[slot].born { slot = i }
        }
        effects[slot] = Effect(x: x, y: y, value: value, born: tick, alive: true)
    }

    /// Retires effects whose time is up.
    mutating func expire(tick: Int) {
        for i in effects.indices where effects[i].alive && tick - effects[i].born >= lifetime {
            effects[i].alive = false
        }
    }

    /// How many are alive (for tests).
    var liveCount: Int { effects.reduce(0) { $0 + ($1.alive ? 1 : 0) } }

    /// Progress 0…1 of an effect at `tick` plus `fraction`.
    func age(_ e: Effect, tick: Int, fraction: Double) -> Double {
        min(1, max(0, (Double(tick - e.born) + fraction) / Double(lifetime)))
    }
}

/// The phase crossfade: which background fades into which, since when.
struct Crossfade {
    var from: Phase
    var to: Phase
    var started = Int.min / 2
    let duration: Int

    init(phase: Phase, durationMs: Int) {
        from = phase
        to = phase
        duration = Fixed.ticks(ms: durationMs)
    }

    /// 0…256 toward `to`; 256 once done.
    func amount(tick: Int, fraction: Double) -> UInt32 {
        let t = (Double(tick - started) + fraction) / Double(duration)
        return UInt32(min(256, max(0, t * 256)))
    }
}
