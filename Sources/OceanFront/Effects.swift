import OceanKernel

/// Short-lived eye candy spawned by events: "+N g" popups over catches and splashes
/// where misses hit the water. Fixed-capacity pools, so a busy game allocates
/// nothing: when full, the oldest effect is reused.
struct EffectPool {
    struct Effect {
        /// Screen position where it started.
        var x = 0, y = 0
        /// The value it shows: a popup's grams, or its points for a catch that is not plastic.
        var value = 0
        /// Whether `value` is grams ("+N g") rather than points ("+N").
        var inGrams = true
        /// How wide it is drawn, with its margin (0: never kept clear of others).
        var width = 0
        /// The tick it was spawned on.
        var born = 0
        /// Whether the slot is in use.
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
    mutating func spawn(x: Int, y: Int, value: Int, inGrams: Bool = true, width: Int = 0, tick: Int) {
        var slot = 0
        for i in effects.indices {
            if !effects[i].alive { slot = i; break }
            if effects[i].born < effects[slot].born { slot = i }
        }
        effects[slot] = Effect(x: x, y: y, value: value, inGrams: inGrams, width: width, born: tick, alive: true)
    }

    /// The start y, at most `y`, at which an effect `width` wide centred on `x` and
    /// born at `tick` stays `pitch` clear of every live one it would share columns
    /// with: lifted above each it would overlap, whatever tick that one was born on.
    /// All rise `risePx` over the same lifetime, so what is clear at birth stays clear.
    func clearY(x: Int, y: Int, width: Int, pitch: Int, risePx: Int, tick: Int) -> Int {
        var y = y
        var lifted = true
        // Each lift puts it above one effect for good, so this ends within `effects.count` passes.
        while lifted {
            lifted = false
            for e in effects where e.alive && 2 * abs(e.x - x) < e.width + width {
                // Where that one stands now, as seen from a newborn one: risen for its age.
                let top = e.y - risePx * (tick - e.born) / lifetime
                if y > top - pitch && y < top + pitch {
                    y = top - pitch
                    lifted = true
                }
            }
        }
        return y
    }

    /// Retires effects whose time is up.
    mutating func expire(tick: Int) {
        for i in effects.indices where effects[i].alive && tick - effects[i].born >= lifetime {
            effects[i].alive = false
        }
    }

    /// Retires every effect (a watched replay jumped to another tick).
    mutating func clear() {
        for i in effects.indices { effects[i].alive = false }
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
