/// The effects: one short synthesised sound for each thing that happens in a game,
/// made of a few partials (a sine or a filtered noise, each with its own delay,
/// pitch glide, attack and decay), played from a fixed pool so a cue allocates
/// nothing. A cue that finds the pool full is dropped and counted, never a click.

import OceanBalance
import OceanKernel
#if canImport(Glibc)
import Glibc
#endif

/// What the audio hears of the game: a small value, cheap to pass between threads.
public struct SoundCue: Equatable, Sendable {
    public enum Kind: UInt8, Sendable, CaseIterable {
        case caught, missed, comboBroken, levelUp, achievement, petEvolved, phaseUp, phaseDown
        /// Kinds that play differently: sea life caught (let it pass), a power-up
        /// caught, an item clanging off the bin's rim.
        case seaLifeCaught, powerUp, bounced
    }

    public var kind: Kind
    /// The combo for a catch, the new phase's index for a stinger; 0 otherwise.
    public var value: Int32
    /// For a catch: the catches its pitch climbs over, from a combo's first to the one
    /// that reaches the multiplier's cap (the balance's, see `Rules.catchClimb`); 0
    /// when not known (the design's own range then bounds the climb).
    public var climb: UInt16 = 0

    public init(_ kind: Kind, _ value: Int32 = 0, climb: UInt16 = 0) {
        self.kind = kind
        self.value = value
        self.climb = climb
    }

    /// The cue for a kernel event under `rules`: a catch climbs to the multiplier's cap.
    public init?(_ event: Event, rules: Rules) {
        self.init(event)
        if kind == .caught { climb = UInt16(clamping: rules.catchClimb) }
    }

    /// The cue for a kernel event, or nil for the events that make no sound of their
    /// own (a health change moves the ambience instead).
    public init?(_ event: Event) {
        switch event {
        case .caught(_, _, let combo, _, _, _): self.init(.caught, Int32(clamping: combo))
        case .missed: self.init(.missed)
        case .comboBroken: self.init(.comboBroken)
        case .levelUp, .goalReached: self.init(.levelUp)
        case .achievementUnlocked, .perfectGame: self.init(.achievement)
        case .petEvolved: self.init(.petEvolved)
        case .seaLifeCaught: self.init(.seaLifeCaught)
        case .powerUp(_, let power, _): self.init(.powerUp, Int32(power.rawValue))
        case .bounced: self.init(.bounced)
        case .phaseChanged(let from, let to):
            self.init(to > from ? .phaseUp : .phaseDown, Int32(to.rawValue))
        default: return nil
        }
    }
}

/// One partial of an effect, as a recipe: times in seconds, pitches in Hz.
struct PartialRecipe {
    var delay: Float = 0
    var hz: Float
    /// The pitch it glides to over `glide` seconds (exponentially), then holds.
    var toHz: Float? = nil
    var glide: Float = 0
    var level: Float
    var attack: Float = 0.002
    /// The time constant of its exponential decay.
    var decay: Float
    /// Low-passed noise (its cut-off following the pitch) instead of a sine.
    var noise = false
}

/// A partial sounding in the pool.
struct LivePartial {
    var active = false
    var wait = 0
    var remaining = 0
    var phase: Float = 0
    var increment: Float = 0
    var glide: Float = 1
    var glideLeft = 0
    var level: Float = 0
    var attackStep: Float = 1
    var attack: Float = 0
    var envelope: Float = 1
    var decay: Float = 1
    var noise = false
    var lowPassed: Float = 0
    /// A noise partial's own stream, seeded by when and what it is: a cue sounds the
    /// same whatever else is playing, so the effects bus is a plain sum of its cues.
    var stream = Noise(seed: 0)
    /// A steady sine with its decay is a damped resonator: y ← c₁·y₁ − c₂·y₂.
    var resonator = false
    var y1: Float = 0, y2: Float = 0, c1: Float = 0, c2: Float = 0
}

/// Every effect's recipe, and the pool that plays them.
struct EffectBank {
    static let poolSize = 96
    private var pool: UnsafeMutablePointer<LivePartial>
    private let seed: UInt64
    private let rate: Float
    private let design: AudioDesign
    /// Cues dropped because the pool was full.
    private(set) var dropped = 0
    /// Scratch for one cue's recipe (no allocation per cue).
    private var recipe: UnsafeMutablePointer<PartialRecipe>
    private var recipeCount = 0
    /// Scratch: the pool slots rendered as SIMD lanes this block.
    private var steady: UnsafeMutablePointer<Int>
    static let maxPartials = 8
    // Pitches and chords, made once (a cue must not allocate).
    static let arpeggio: [Float] = [1, 1.25, 1.5, 2]
    static let bell: [Float] = [784, 988, 1_175]
    static let shimmer: [Float] = [392, 494, 587]
    static let major: [Float] = [1, 1.25, 1.5, 2]
    static let minor: [Float] = [1, 1.2, 1.5]

    init(design: AudioDesign, rate: Float, seed: UInt64) {
        pool = .allocate(capacity: EffectBank.poolSize)
        pool.initialize(repeating: LivePartial(), count: EffectBank.poolSize)
        recipe = .allocate(capacity: EffectBank.maxPartials)
        recipe.initialize(repeating: PartialRecipe(hz: 0, level: 0, decay: 1), count: EffectBank.maxPartials)
        steady = .allocate(capacity: EffectBank.poolSize)
        self.seed = seed
        self.rate = rate
        self.design = design
    }

    func free() {
        pool.deallocate()
        recipe.deallocate()
        steady.deallocate()
    }

    var activeCount: Int { (0..<EffectBank.poolSize).reduce(0) { $0 + (pool[$1].active ? 1 : 0) } }

    private mutating func add(_ p: PartialRecipe) {
        guard recipeCount < EffectBank.maxPartials else { return }
        recipe[recipeCount] = p
        recipeCount += 1
    }

    /// Fills the recipe scratch with the cue's partials.
    private mutating func compose(_ cue: SoundCue) {
        recipeCount = 0
        switch cue.kind {
        case .caught:
            // A bright pluck; each step of the combo a little higher, up to the cap.
            let f = Float(design.catchHz) * powf(2, Float(EffectBank.catchCents(combo: Int(cue.value), climb: Int(cue.climb),
                                                                                design: design)) / 1_200)
            let g = Float(design.catchLevelPerMille) / 1_000
            add(PartialRecipe(hz: f * 0.94, toHz: f, glide: 0.02, level: 0.42 * g, decay: 0.09))
            add(PartialRecipe(hz: f * 2, level: 0.16 * g, decay: 0.05))
            add(PartialRecipe(hz: f * 3, level: 0.06 * g, decay: 0.03))
        case .missed:
            // A splash: noise whose brightness falls, over a sinking bloop.
            let g = Float(design.missLevelPerMille) / 1_000
            add(PartialRecipe(hz: 3_500, toHz: 300, glide: 0.3, level: 1.3 * g, attack: 0.004, decay: 0.16, noise: true))
            add(PartialRecipe(hz: 240, toHz: 110, glide: 0.15, level: 0.35 * g, attack: 0.003, decay: 0.08))
        case .comboBroken:
            // A falling two-voice "bwomp".
            let g = Float(design.comboBrokenLevelPerMille) / 1_000
            add(PartialRecipe(hz: 494, toHz: 233, glide: 0.28, level: 0.32 * g, attack: 0.004, decay: 0.2))
            add(PartialRecipe(hz: 741, toHz: 349, glide: 0.28, level: 0.12 * g, attack: 0.004, decay: 0.15))
        case .levelUp:
            // A rising arpeggio.
            for (k, r) in EffectBank.arpeggio.enumerated() {
                add(PartialRecipe(delay: Float(k) * 0.08, hz: 523.25 * r, level: 0.26, decay: k == 3 ? 0.4 : 0.14))
            }
        case .achievement:
            // A bell chord: partials of struck bars, entering one after another.
            for (k, f) in EffectBank.bell.enumerated() {
                add(PartialRecipe(delay: Float(k) * 0.06, hz: f, level: 0.2, decay: 0.9))
                add(PartialRecipe(delay: Float(k) * 0.06, hz: f * 2.76, level: 0.07, decay: 0.3))
            }
        case .petEvolved:
            // Three voices gliding up an octave: a shimmer.
            for (k, f) in EffectBank.shimmer.enumerated() {
                add(PartialRecipe(delay: Float(k) * 0.05, hz: f, toHz: f * 2, glide: 0.6, level: 0.16,
                                  attack: 0.03, decay: 0.45))
            }
        case .seaLifeCaught:
            // An "uh-oh": two soft notes falling a minor third, the second held longer.
            add(PartialRecipe(hz: 392, level: 0.24, attack: 0.01, decay: 0.12))
            add(PartialRecipe(hz: 784, level: 0.05, attack: 0.01, decay: 0.06))
            add(PartialRecipe(delay: 0.14, hz: 330, toHz: 311, glide: 0.2, level: 0.26, attack: 0.01, decay: 0.26))
            add(PartialRecipe(delay: 0.14, hz: 622, level: 0.05, attack: 0.01, decay: 0.1))
        case .powerUp:
            // A rising sweep and a sparkle on top: something good picked up (a net a
            // little lower than a slack tide).
            let f: Float = cue.value == 2 ? 587 : 523
            add(PartialRecipe(hz: f, toHz: f * 2, glide: 0.16, level: 0.2, attack: 0.006, decay: 0.22))
            add(PartialRecipe(hz: f * 1.5, toHz: f * 3, glide: 0.16, level: 0.07, attack: 0.006, decay: 0.15))
            add(PartialRecipe(delay: 0.16, hz: f * 4, level: 0.08, decay: 0.25))
        case .bounced:
            // A clang: a struck can's inharmonic partials, short, and a tick of noise.
            add(PartialRecipe(hz: 1_180, level: 0.16, attack: 0.001, decay: 0.09))
            add(PartialRecipe(hz: 1_180 * 2.76, level: 0.07, attack: 0.001, decay: 0.05))
            add(PartialRecipe(hz: 1_180 * 5.4, level: 0.035, attack: 0.001, decay: 0.03))
            add(PartialRecipe(hz: 6_000, level: 0.25, attack: 0.001, decay: 0.012, noise: true))
        case .phaseUp, .phaseDown:
            // A stinger: a major chord a step higher for each phase gained, or a
            // minor chord an octave down when the ocean loses one.
            let up = cue.kind == .phaseUp
            let root = Float(design.stingerHz) * powf(2, Float(cue.value) * 2 / 12) * (up ? 1 : 0.5)
            let chord = up ? EffectBank.major : EffectBank.minor
            for (k, r) in chord.enumerated() {
                add(PartialRecipe(delay: Float(k) * (up ? 0.09 : 0.12), hz: root * r, level: up ? 0.17 : 0.22,
                                  attack: 0.015, decay: 0.7))
            }
            add(PartialRecipe(hz: root * (up ? 4 : 0.5), level: up ? 0.05 : 0.18, attack: 0.02, decay: 0.6))
        }
    }

    /// How far above `catch_hz` a catch of `combo` sounds, in cents: one step (the
    /// design's, a semitone) a catch until the multiplier's cap, `climb` catches on;
    /// a climb longer than the design's range spreads the range's steps over it
    /// (whole steps still, so every note is on the scale), then it holds.
    static func catchCents(combo: Int, climb: Int, design: AudioDesign) -> Int {
        let step = max(1, design.catchCentsPerCombo)
        let steps = design.catchMaxCents / step
        let reached = max(0, combo - 1)
        guard climb > 0 else { return min(reached, steps) * step }
        let climbed = min(reached, climb)
        return (climb <= steps ? climbed : climbed * steps / climb) * step
    }

    /// Starts a cue's partials now (`frame`: the engine's frames rendered so far).
    /// Allocates nothing.
    mutating func trigger(_ cue: SoundCue, frame: UInt64) {
        compose(cue)
        var free = 0
        for i in 0..<EffectBank.poolSize where !pool[i].active { free += 1 }
        guard free >= recipeCount else {
            dropped += 1
            return
        }
        var slot = 0
        for k in 0..<recipeCount {
            while pool[slot].active { slot += 1 }
            let r = recipe[k]
            var p = LivePartial()
            p.active = true
            p.wait = Int(r.delay * rate)
            // Until the decay is 60 dB down: a cut there is inaudible.
            p.remaining = Int((r.attack + r.decay * 7) * rate)
            p.increment = r.hz / rate
            if let to = r.toHz, r.glide > 0 {
                p.glideLeft = max(1, Int(r.glide * rate))
                p.glide = powf(to / r.hz, 1 / Float(p.glideLeft))
            }
            p.level = r.level
            p.attackStep = 1 / max(1, r.attack * rate)
            p.decay = expf(-1 / (r.decay * rate))
            p.noise = r.noise
            p.stream = Noise(seed: seed ^ frame &* 31 &+ UInt64(k) &* 7 &+ UInt64(cue.kind.rawValue))
            if !r.noise && p.glideLeft == 0 {
                let w = 2 * Double.pi * Double(p.increment), d = Double(p.decay)
                p.resonator = true
                p.c1 = Float(2 * d * cosD(w))
                p.c2 = Float(d * d)
                p.y1 = Float(Double(r.level) * sinD(w))
            }
            pool[slot] = p
        }
    }

    /// Adds the pool's partials into a mono block.
    mutating func render(into out: UnsafeMutablePointer<Float>, count: Int, sine: SineTable) {
        // Steady resonators (no wait, attack done, sounding past this block) four at
        // a time as SIMD lanes: independent chains, so they run side by side.
        var lanes = 0
        for s in 0..<EffectBank.poolSize {
            let p = pool[s]
            guard p.active, p.resonator, p.wait == 0, p.attack >= 1, p.remaining > count else { continue }
            steady[lanes] = s
            lanes += 1
        }
        var g = 0
        while g < lanes {
            var y1 = SIMD4<Float>(repeating: 0), y2 = y1, c1 = y1, c2 = y1
            let width = min(4, lanes - g)
            for k in 0..<width {
                let p = pool[steady[g + k]]
                y1[k] = p.y1; y2[k] = p.y2; c1[k] = p.c1; c2[k] = p.c2
            }
            for i in 0..<count {
                out[i] += y1.sum()
                let y = c1 * y1 - c2 * y2
                y2 = y1
                y1 = y
            }
            for k in 0..<width {
                let s = steady[g + k]
                pool[s].y1 = y1[k]; pool[s].y2 = y2[k]
                pool[s].remaining -= count
            }
            g += 4
        }
        let twoPi = 2 * Float.pi
        for s in 0..<EffectBank.poolSize where pool[s].active {
            let q = pool[s]
            if q.resonator, q.wait == 0, q.attack >= 1, q.remaining > count { continue }  // done above
            var p = q
            var i = 0
            if p.wait > 0 {
                let skip = min(p.wait, count)
                p.wait -= skip
                i = skip
            }
            let end = min(count, i + p.remaining)
            p.remaining -= end - i
            if !p.resonator {
                // Glides, attacks and noise, sample by sample; a sine whose glide and
                // attack are over becomes a resonator from the same phase and level.
                while i < end {
                    if !p.noise && p.glideLeft == 0 && p.attack >= 1 {
                        let w = 2 * Float.pi * p.increment
                        let level = p.level * p.envelope
                        p.c1 = 2 * p.decay * cosf(w)
                        p.c2 = p.decay * p.decay
                        p.y1 = level * sine.sin(p.phase)
                        var previous = p.phase - p.increment
                        if previous < 0 { previous += 1 }
                        p.y2 = level / p.decay * sine.sin(previous)
                        p.resonator = true
                        break
                    }
                    p.attack = min(1, p.attack + p.attackStep)
                    p.envelope *= p.decay
                    let a = p.level * p.attack * p.envelope
                    let x: Float
                    if p.noise {
                        p.lowPassed += min(1, twoPi * p.increment) * (p.stream.sample() - p.lowPassed)
                        x = p.lowPassed
                    } else {
                        x = sine.sin(p.phase)
                        advance(&p.phase, p.increment)
                    }
                    out[i] += a * x
                    if p.glideLeft > 0 {
                        p.increment = min(0.45, p.increment * p.glide)
                        p.glideLeft -= 1
                    }
                    i += 1
                }
            }
            if p.resonator {
                var y1 = p.y1, y2 = p.y2, a = p.attack
                let c1 = p.c1, c2 = p.c2, step = p.attackStep
                while i < end {
                    a = min(1, a + step)
                    out[i] += a * y1
                    let y = c1 * y1 - c2 * y2
                    y2 = y1
                    y1 = y
                    i += 1
                }
                (p.y1, p.y2, p.attack) = (y1, y2, a)
            }
            if p.remaining <= 0 { p.active = false }
            pool[s] = p
        }
    }
}
