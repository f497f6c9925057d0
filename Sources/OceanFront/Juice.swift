import OceanAssets
import OceanKernel

/// Catches that feel like wins: a burst of particles in the caught item's colour.
/// A fixed-capacity pool like `EffectPool` (when full, the oldest particle is
/// reused), scattered by the front's own `CosmeticRandom`, never the kernel's
/// stream. Each particle flies on a ballistic path worked out from its age, so a
/// frame drawn between two ticks needs no stepping.
struct ParticlePool {
    struct Particle {
        /// Screen position and velocity (px, px/s) at birth.
        var x = 0.0, y = 0.0, vx = 0.0, vy = 0.0
        var colour: UInt32 = 0
        var born = 0
        var alive = false
    }

    private(set) var particles: [Particle]
    /// Ticks a particle lives.
    let lifetime: Int
    private var random: CosmeticRandom

    init(capacity: Int, lifetimeMs: Int, seed: UInt64) {
        particles = [Particle](repeating: Particle(), count: capacity)
        lifetime = max(1, Fixed.ticks(ms: lifetimeMs))
        random = CosmeticRandom(seed: seed, salt: 0x9A27)
    }

    /// `count` particles from (x, y), thrown up and out in a fan at up to `speed` px/s.
    mutating func burst(count: Int, x: Int, y: Int, colour: UInt32, speed: Int, tick: Int) {
        for _ in 0..<count {
            var slot = 0
            for i in particles.indices {
                if !particles[i].alive { slot = i; break }
                if particles[i].born < particles[slot].born { slot = i }
            }
            // Upward, between 20° and 160° from the right (screen y grows down).
            let angle = Double.pi * (0.11 + 0.78 * random.unit())
            let v = Double(speed) * (0.45 + 0.55 * random.unit())
            particles[slot] = Particle(x: Double(x), y: Double(y), vx: v * cosD(angle), vy: -v * sinD(angle),
                                       colour: colour, born: tick, alive: true)
        }
    }

    mutating func expire(tick: Int) {
        for i in particles.indices where particles[i].alive && (tick - particles[i].born >= lifetime || tick < particles[i].born) {
            particles[i].alive = false
        }
    }

    mutating func clear() {
        for i in particles.indices { particles[i].alive = false }
    }

    /// How many are alive (for tests).
    var liveCount: Int { particles.reduce(0) { $0 + ($1.alive ? 1 : 0) } }
}

/// A word over the playfield for a moment: a combo's call-out, "Perfect round!",
/// LEVEL UP with the new title, the ocean's new phase. Its words are made when the
/// kernel's event arrives (or are constants), so drawing it allocates nothing.
struct Flash {
    var title = ""
    /// A smaller line under the title ("" for none).
    var subtitle = ""
    var colour = 0
    var born = Int.min / 2
    /// Ticks it shows.
    var lifetime = 1

    func showing(tick: Int) -> Bool { tick >= born && tick - born < lifetime }

    /// 0…1 of its life at `tick` plus `fraction`.
    func age(tick: Int, fraction: Double) -> Double {
        min(1, max(0, (Double(tick - born) + fraction) / Double(lifetime)))
    }
}

/// The combos that earn a call-out, and what each says (constants: no allocation).
enum ComboCallout {
    static let steps: [(combo: Int, title: String, subtitle: String)] = [
        (5, "COMBO 5!", "Nice!"), (10, "COMBO 10!", "Great catching!"),
        (20, "COMBO 20!", "Amazing!"), (40, "COMBO 40!", "Unstoppable!"),
    ]

    /// The call-out for reaching `combo`, if it earns one.
    static func words(for combo: Int) -> (title: String, subtitle: String)? {
        for s in steps where s.combo == combo { return (s.title, s.subtitle) }
        return nil
    }
}

/// The bin's squash and bounce on a catch: 0…1 of its time since `born`, drawn as
/// a squash (down and back in the first `squashShare`) and then a hop.
struct Squash {
    var born = Int.min / 2
    let duration: Int
    static let squashShare = 0.35

    init(durationMs: Int) { duration = max(1, Fixed.ticks(ms: durationMs)) }

    /// How squashed (0…1) and how far up (0…1 of the bounce) the bin is.
    func shape(tick: Int, fraction: Double) -> (squash: Double, lift: Double) {
        let age = (Double(tick - born) + fraction) / Double(duration)
        guard age >= 0, age < 1 else { return (0, 0) }
        if age < Squash.squashShare { return (sinD(Double.pi * age / Squash.squashShare), 0) }
        return (0, sinD(Double.pi * (age - Squash.squashShare) / (1 - Squash.squashShare)))
    }
}

extension GameView {
    /// The round the screen names: during the break, the round coming up (the
    /// banner's "ROUND 2, get ready" and the HUD's "Round 2/5" agree).
    static func shownRound(_ state: GameState) -> Int {
        state.mode == .roundBreak ? state.round + 1 : state.round
    }

    /// Whole seconds left of the 3-2-1 before the game's first item (0: none now).
    func countdownSeconds(_ state: GameState) -> Int {
        guard state.mode == .playing, state.round == 1, state.roundSpawned == 0, rules.countdownTicks > 0 else { return 0 }
        let left = state.spawnTimer - rules.firstSpawnDelayTicks
        guard left > 0 else { return 0 }
        return (left + Fixed.ticksPerSecond - 1) / Fixed.ticksPerSecond
    }

    /// The big 3, 2 or 1 in the middle of the playfield, each second's digit
    /// popping in a size larger; and the controls' hint until the player's first catch.
    func drawCountdown(_ pen: TextPen, state: GameState, fraction: Double) {
        let theme = assets.theme
        let seconds = countdownSeconds(state)
        if seconds > 0 {
            let left = Double(state.spawnTimer - rules.firstSpawnDelayTicks) - fraction
            // 1 as a second's digit appears, 0 as it goes.
            let within = (left - Double(seconds - 1) * Double(Fixed.ticksPerSecond)) / Double(Fixed.ticksPerSecond)
            let scale = theme.countdownScale + (within > 0.8 ? 1 : 0)
            let w = pen.width(of: seconds, scale: scale)
            let h = pen.font.cellHeight * scale
            pen.number(seconds, x: (layout.screenWidth - w) / 2, y: (layout.waterY - h) / 2, scale: scale,
                       Colour.opaque(theme.countdown))
        }
        let hintHeight = pen.font.cellHeight * theme.fontScale + 2 * theme.lineGapPx
        if state.mode == .playing && state.totals.catches == 0 && layout.waterY + theme.lineGapPx + hintHeight <= hintFloor {
            let s = theme.fontScale
            let text = controlsHint
            let w = pen.width(text, scale: s) + 2 * theme.lineGapPx
            let h = hintHeight
            let x = (layout.screenWidth - w) / 2, y = layout.waterY + theme.lineGapPx
            pen.canvas.blend(x: x, y: y, w: w, h: h, Colour.opaque(theme.overlay),
                             alpha: UInt32(theme.overlayAlphaPercent * 256 / 100))
            pen.text(text, x: x + theme.lineGapPx, y: y + theme.lineGapPx, scale: s, Colour.opaque(theme.hint))
        }
    }

    /// The controls with the arrow keys, in the font's ASCII.
    public static let standardControlsHint = "<- -> or drag to move the bin"

    /// The controls with the player's keys ("J L or drag to move the bin").
    public static func controlsHint(keys: String) -> String { "\(keys) or drag to move the bin" }

    /// The band a flash at `y` takes (its popped-in size, the largest it gets): the
    /// whole playfield's width, from a gap above its title to under its subtitle (if `subtitled`).
    func flashBand(_ flash: Flash, y: Int, scale: Int, cellHeight: Int, subtitled: Bool = true) -> Layout.Rect {
        let theme = assets.theme
        let line = cellHeight * theme.fontScale + theme.lineGapPx
        let h = cellHeight * (scale + 1) + 2 * theme.lineGapPx + (flash.subtitle.isEmpty || !subtitled ? 0 : line)
        return Layout.Rect(x: Int(layout.originX), y: y - theme.lineGapPx, w: layout.playWidth, h: h)
    }

    /// A flash's title (big, shrunk to fit the playfield) and subtitle, centred at
    /// `y`, over a band that darkens the playfield behind it. Pops in a size larger.
    /// The band is one box for a layout test (the words inside it are its own). Without
    /// its subtitle if not `subtitled` (no room for it).
    func drawFlash(_ pen: TextPen, _ flash: Flash, y: Int, scale: Int, tick: Int, fraction: Double, subtitled: Bool = true) {
        guard flash.showing(tick: tick) else { return }
        let theme = assets.theme
        let age = flash.age(tick: tick, fraction: fraction)
        let room = layout.playWidth - 2 * theme.lineGapPx
        var s = scale + (age < 0.08 ? 1 : 0)
        while s > 1 && pen.width(flash.title, scale: s) > room { s -= 1 }
        let line = pen.font.cellHeight * theme.fontScale + theme.lineGapPx
        let subtitle = subtitled && !flash.subtitle.isEmpty
        let h = pen.font.cellHeight * s + 2 * theme.lineGapPx + (subtitle ? line : 0)
        pen.canvas.blend(x: Int(layout.originX), y: y - theme.lineGapPx, w: layout.playWidth, h: h,
                         Colour.opaque(theme.overlay), alpha: UInt32(theme.overlayAlphaPercent * 256 / 100))
        if let log = pen.log {
            let band = flashBand(flash, y: y, scale: scale, cellHeight: pen.font.cellHeight, subtitled: subtitled)
            log.record(x: band.x, y: band.y, w: band.w, h: band.h, text: "[band] " + flash.title)
        }
        let pen = TextPen(canvas: pen.canvas, font: pen.font, shadow: pen.shadow)
        let colour = Colour.opaque(flash.colour)
        let tw = pen.width(flash.title, scale: s)
        pen.text(flash.title, x: (layout.screenWidth - tw) / 2, y: y, scale: s, colour)
        if subtitle {
            let sw = pen.width(flash.subtitle, scale: theme.fontScale)
            pen.text(flash.subtitle, x: (layout.screenWidth - sw) / 2, y: y + pen.font.cellHeight * s + theme.lineGapPx,
                     scale: theme.fontScale, Colour.opaque(theme.text))
        }
    }

    /// The particles, each fading as it falls.
    func drawParticles(_ canvas: Canvas, tick: Int, fraction: Double) {
        let theme = assets.theme
        let g = Double(theme.particleGravityPxPerS2)
        let size = theme.particlePx
        let shadow = Colour.opaque(theme.textShadow)
        for p in particles.particles where p.alive {
            let ticks = Double(tick - p.born) + fraction
            let t = ticks / Double(Fixed.ticksPerSecond)
            let age = min(1, max(0, ticks / Double(particles.lifetime)))
            let x = Int(p.x + p.vx * t) - size / 2
            let y = Int(p.y + p.vy * t + g * t * t / 2) - size / 2
            // Solid for the first half of its life, then fading; a shadow under it
            // (as under text), so a pale item's burst reads against the sky.
            let alpha = UInt32(256 * min(1, 2 * (1 - age)))
            canvas.blend(x: x + 1, y: y + 1, w: size, h: size, shadow, alpha: alpha / 2)
            canvas.blend(x: x, y: y, w: size, h: size, p.colour, alpha: alpha)
        }
    }
}

@inline(__always) func sinD(_ x: Double) -> Double { sinApprox(x) }
@inline(__always) func cosD(_ x: Double) -> Double { sinApprox(x + 1.5707963267948966) }
