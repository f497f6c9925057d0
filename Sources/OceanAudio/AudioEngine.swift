/// The whole DSP: the ambience that follows the ocean's health, the effects, the
/// mix and the limiter, filling interleaved stereo float buffers. The live device
/// callback and the offline render call the same `render`, so what a test measures
/// is what a player hears.
///
/// Per sample: the health parameter moves toward its target at the design's seek
/// speed (a slew limit, as FMOD/Wwise RTPCs), each layer's gain is read from its
/// curve at that health, the volumes glide toward their settings (a one-pole of
/// 20 ms), and the limiter follows the peaks. Nothing is stepped once per buffer,
/// so nothing zips; `render` allocates nothing and takes no lock.
///
/// One engine belongs to one thread at a time (the audio thread, live); the game
/// passes it health and cues through `AudioParameters` (see `AudioLink.swift`).

import OceanBalance
#if canImport(Glibc)
import Glibc
#endif

public final class AudioEngine {
    public static let sampleRate = 48_000
    public static let channels = 2
    /// The largest block processed at once; any `frames` is split into such blocks.
    static let block = 256

    public let design: AudioDesign
    private let rate: Float
    private let sine = SineTable.shared

    // The layers.
    private var rumble: Rumble, surf: Surf, pad: Pad, chimes: Chimes, birds: Birds
    private let curves: GainCurves
    private var effects: EffectBank

    // Parameters and their smoothed values.
    private var targetHealth: Float
    private var health: Float
    private let seekPerSample: Float
    /// 0…1 each; `muted` sends both toward 0.
    public var musicVolume: Float = 1
    public var effectsVolume: Float = 1
    public var muted = false
    private var music: Float = 1, sfx: Float = 1
    private let volumeGlide: Float

    /// The mix's high-pass, one a side: nothing below hearing reaches the limiter
    /// (where it would only eat headroom) or the speakers.
    private var highPassL: Biquad, highPassR: Biquad

    // The limiter.
    private var limiterGain: Float = 1
    private let ceiling: Float
    private let release: Float

    /// Scratch, one block long: left, right, effects, and one gain row per layer.
    private let scratch: UnsafeMutablePointer<Float>
    private static let rows = 3 + AudioDesign.Layer.allCases.count

    /// - Parameters:
    ///   - health: where the ocean starts, in 1/10000 (heard at once, no glide).
    ///   - seed: the audio's own random stream (noise, chimes, birds).
    public init(design: AudioDesign, health: Int = 5_000, seed: UInt64 = 1) {
        self.design = design
        let rate = Float(AudioEngine.sampleRate)
        self.rate = rate
        let layers = design.layers
        func hz(_ l: AudioDesign.Layer) -> Float { Float(layers[l.rawValue].hz) }
        rumble = Rumble(hz: hz(.rumble), lowHz: Float(design.rumbleLowHz), highHz: Float(design.rumbleHighHz),
                        rate: rate, seed: seed &+ 1)
        surf = Surf(hz: hz(.surf), periodMs: design.wavePeriodMs, rate: rate, seed: seed &+ 2)
        pad = Pad(hz: hz(.pad), rate: rate)
        chimes = Chimes(hz: hz(.chimes), perMinute: layers[AudioDesign.Layer.chimes.rawValue].perMinute,
                        rate: rate, seed: seed &+ 3)
        birds = Birds(hz: hz(.birds), perMinute: layers[AudioDesign.Layer.birds.rawValue].perMinute,
                      rate: rate, seed: seed &+ 4)
        curves = GainCurves(layers)
        effects = EffectBank(design: design, rate: rate, seed: seed &+ 5)
        targetHealth = AudioEngine.unit(health)
        self.health = targetHealth
        seekPerSample = Float(design.seekPerSecond) / 10_000 / rate
        volumeGlide = OnePole.coefficient(hz: 1 / (2 * Float.pi * 0.02), rate: rate)
        highPassL = Biquad(.highPass, hz: Float(design.highPassHz), rate: rate)
        highPassR = highPassL
        ceiling = Float(design.ceilingPerMille) / 1_000
        release = 1 - expf(-1 / (Float(design.releaseMs) / 1_000 * rate))
        scratch = .allocate(capacity: AudioEngine.block * AudioEngine.rows)
    }

    deinit {
        scratch.deallocate()
        effects.free()
        curves.free()
    }

    private static func unit(_ health: Int) -> Float { Float(max(0, min(10_000, health))) / 10_000 }

    // MARK: Parameters

    /// The ocean's health (1/10000) the ambience moves toward at the seek speed.
    public func setHealth(_ health: Int) { targetHealth = AudioEngine.unit(health) }

    /// The sea being played (GAME_RULES §6, `assets/content/seas.toml`): the chimes and
    /// the birds at `pitchPercent` of their pitch, the birds calling `callsPercent` as
    /// often. Takes effect from the next note and call.
    public func setSea(pitchPercent: Int, callsPercent: Int) {
        guard pitchPercent != seaPitch || callsPercent != seaCalls else { return }
        (seaPitch, seaCalls) = (pitchPercent, callsPercent)
        let pitch = Float(max(1, pitchPercent)) / 100
        chimes.retune(pitch: pitch)
        birds.retune(pitch: pitch, calls: Float(max(0, callsPercent)) / 100)
    }
    private var seaPitch = 100, seaCalls = 100

    /// The health the ambience is at now (0…1), after smoothing.
    public var currentHealth: Float { health }

    /// Each layer's gain now, in the order of `AudioDesign.Layer`.
    public func layerGain(_ layer: AudioDesign.Layer) -> Float { curves.gain(layer.rawValue, health) }

    /// The gain a layer settles at for `health` (1/10000).
    public func targetGain(_ layer: AudioDesign.Layer, health: Int) -> Float {
        curves.gain(layer.rawValue, AudioEngine.unit(health))
    }

    /// How long the ambience takes to follow a health change of `from` → `to`.
    public func seekSeconds(from: Int, to: Int) -> Double {
        Double(abs(to - from)) / Double(design.seekPerSecond)
    }

    /// Jumps the smoothed volumes to their settings (at start-up: a game that starts
    /// muted must not fade out its first 20 ms).
    public func snapVolumes() {
        music = muted ? 0 : max(0, min(1, musicVolume))
        sfx = muted ? 0 : max(0, min(1, effectsVolume))
    }

    /// Plays an effect from the next sample on.
    public func trigger(_ cue: SoundCue) { effects.trigger(cue, frame: framesRendered) }

    /// Frames rendered since the engine was made.
    public private(set) var framesRendered: UInt64 = 0

    /// The lowest the limiter's gain has been (1: it never had to act).
    public private(set) var lowestLimiterGain: Float = 1

    /// Cues dropped because too many effects were sounding.
    public var droppedCues: Int { effects.dropped }

    // MARK: Rendering

    /// Fills `buffer` with `frames` interleaved stereo frames (left, right), each
    /// sample within ±ceiling. Allocates nothing.
    public func render(into buffer: UnsafeMutableBufferPointer<Float>, frames: Int) {
        precondition(buffer.count >= frames * 2, "the buffer holds fewer than frames × 2 samples")
        guard let base = buffer.baseAddress else { return }
        var done = 0
        while done < frames {
            let n = min(AudioEngine.block, frames - done)
            renderBlock(base + 2 * done, n)
            done += n
            framesRendered += UInt64(n)
        }
    }

    private func renderBlock(_ out: UnsafeMutablePointer<Float>, _ n: Int) {
        let block = AudioEngine.block
        let left = scratch, right = scratch + block, fx = scratch + 2 * block
        left.update(repeating: 0, count: 3 * block)

        // The health parameter, per sample, and each layer's gain row.
        let gains = scratch + 3 * block
        var h = health
        let target = targetHealth, step = seekPerSample
        let curves = curves
        if h == target {
            // At rest (most blocks): one gain per layer.
            for l in 0..<curves.count { (gains + l * block).update(repeating: curves.gain(l, h), count: n) }
        } else {
            for i in 0..<n {
                if h < target { h = min(target, h + step) } else if h > target { h = max(target, h - step) }
                for l in 0..<curves.count { gains[l * block + i] = curves.gain(l, h) }
            }
        }
        health = h

        func row(_ layer: AudioDesign.Layer) -> LayerBlock {
            LayerBlock(left: left, right: right, gain: gains + layer.rawValue * block, count: n)
        }
        rumble.render(row(.rumble), sine: sine)
        surf.render(row(.surf), sine: sine)
        pad.render(row(.pad), sine: sine)
        chimes.render(row(.chimes), sine: sine)
        birds.render(row(.birds), sine: sine)
        effects.render(into: fx, count: n, sine: sine)

        // The mix, the volumes gliding to their settings, and the limiter: its gain
        // drops at once to whatever keeps a peak at the ceiling, then recovers
        // with the release time, so no sample ever passes the ceiling.
        let headroom = Float(design.headroomPerMille) / 1_000
        let ambienceBus = Float(design.ambiencePerMille) / 1_000 * headroom
        let effectsBus = Float(design.effectsPerMille) / 1_000 * headroom
        let musicTarget = muted ? 0 : max(0, min(1, musicVolume))
        let sfxTarget = muted ? 0 : max(0, min(1, effectsVolume))
        var m = music, e = sfx, g = limiterGain
        let glide = volumeGlide, ceiling = ceiling, release = release
        for i in 0..<n {
            m += glide * (musicTarget - m)
            e += glide * (sfxTarget - e)
            let f = fx[i] * effectsBus * e
            let l = highPassL.run(left[i] * ambienceBus * m + f)
            let r = highPassR.run(right[i] * ambienceBus * m + f)
            let peak = max(abs(l), abs(r))
            g += release * (1 - g)
            if peak * g > ceiling {
                g = ceiling / peak
                if g < lowestLimiterGain { lowestLimiterGain = g }
            }
            // (The clamp only catches the last bit of rounding in ceiling / peak.)
            out[2 * i] = max(-ceiling, min(ceiling, l * g))
            out[2 * i + 1] = max(-ceiling, min(ceiling, r * g))
        }
        music = m
        sfx = e
        limiterGain = g
    }
}
