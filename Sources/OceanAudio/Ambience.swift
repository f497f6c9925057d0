/// The five ambient layers, each synthesised live from its own generators. Each
/// `render` adds `gain[i] · sample` into the left and right buffers, so a layer at
/// gain 0 still runs (its phases and strikes keep time) but is not heard. Every
/// layer is scaled to a similar loudness at gain 1; the design's curves set the mix.

import OceanBalance
#if canImport(Glibc)
import Glibc
#endif

/// A block of stereo output and the per-sample gain to apply.
struct LayerBlock {
    let left: UnsafeMutablePointer<Float>
    let right: UnsafeMutablePointer<Float>
    let gain: UnsafePointer<Float>
    let count: Int
}

/// Low brown noise under two tones a few percent apart, beating slowly: ominous.
struct Rumble {
    private var noise: Noise
    private var low1: OnePole, low2: OnePole
    private var phaseA: Float = 0, phaseB: Float = 0, lfo: Float = 0
    private let incA: Float, incB: Float, incLFO: Float

    init(hz: Float, rate: Float, seed: UInt64) {
        noise = Noise(seed: seed)
        low1 = OnePole(hz: 70, rate: rate)
        low2 = OnePole(hz: 120, rate: rate)
        incA = hz / rate
        incB = hz * 1.031 / rate
        incLFO = 0.09 / rate
    }

    mutating func render(_ b: LayerBlock, sine: SineTable) {
        for i in 0..<b.count {
            let brown = low2.run(low1.run(noise.sample())) * 5.5
            advance(&phaseA, incA)
            advance(&phaseB, incB)
            advance(&lfo, incLFO)
            let swell = 0.65 + 0.35 * sine.sin(lfo)
            let tones = (sine.sin(phaseA) + 0.8 * sine.sin(phaseB)) * 0.16 * swell
            let s = (brown + tones) * b.gain[i]
            b.left[i] += s
            b.right[i] += s
        }
    }
}

/// Band-passed noise, one stream per side, swelling like waves (the right side a
/// little behind the left), with a hiss of foam at each crest.
struct Surf {
    private var noiseL: Noise, noiseR: Noise
    private var bandL: StateVariableFilter, bandR: StateVariableFilter
    private var foamL: OnePole, foamR: OnePole
    private var wave: Float = 0.3
    private let incWave: Float

    init(hz: Float, periodMs: Int, rate: Float, seed: UInt64) {
        noiseL = Noise(seed: seed)
        noiseR = Noise(seed: seed &+ 77)
        bandL = StateVariableFilter(hz: hz, q: 0.7, rate: rate)
        bandR = StateVariableFilter(hz: hz * 1.1, q: 0.7, rate: rate)
        foamL = OnePole(hz: 3_000, rate: rate)
        foamR = OnePole(hz: 3_000, rate: rate)
        incWave = 1000 / (Float(periodMs) * rate)
    }

    /// The swell at a point of the wave's period: a smooth crest, never silent.
    @inline(__always) private static func swell(_ u: Float, sine: SineTable) -> (body: Float, foam: Float) {
        let s = sine.sin(u * 0.5)  // sin(πu): 0 at the trough, 1 at the crest
        let s2 = s * s
        return (0.25 + 0.75 * s2 * s, s2 * s2)
    }

    mutating func render(_ b: LayerBlock, sine: SineTable) {
        for i in 0..<b.count {
            advance(&wave, incWave)
            var lagged = wave - 0.06
            if lagged < 0 { lagged += 1 }
            let (bodyL, foamAmountL) = Surf.swell(wave, sine: sine)
            let (bodyR, foamAmountR) = Surf.swell(lagged, sine: sine)
            let nl = noiseL.sample(), nr = noiseR.sample()
            let hissL = nl - foamL.run(nl), hissR = nr - foamR.run(nr)
            let l = bandL.bandPass(nl) * bodyL * 0.9 + hissL * foamAmountL * 0.05
            let r = bandR.bandPass(nr) * bodyR * 0.9 + hissR * foamAmountR * 0.05
            b.left[i] += l * b.gain[i]
            b.right[i] += r * b.gain[i]
        }
    }
}

/// A slow major chord (root, fifth, octave, third, twelfth), each partial breathing
/// at its own rate, detuned a little between the sides for width.
struct Pad {
    static let ratios: [Float] = [1, 1.5, 2, 2.5, 3, 4]
    static let levels: [Float] = [0.34, 0.26, 0.22, 0.17, 0.13, 0.08]
    static let breaths: [Float] = [0.071, 0.113, 0.053, 0.089, 0.137, 0.061]
    private var phases: [Float]
    private let increments: [Float]
    private let count: Int

    init(hz: Float, rate: Float) {
        count = Pad.ratios.count
        var inc: [Float] = []
        for k in 0..<count {
            inc.append(hz * Pad.ratios[k] * 0.998 / rate)  // left
            inc.append(hz * Pad.ratios[k] * 1.002 / rate)  // right
            inc.append(Pad.breaths[k] / rate)              // breath
        }
        increments = inc
        phases = (0..<inc.count).map { Float($0 % 7) / 7 }
    }

    mutating func render(_ b: LayerBlock, sine: SineTable) {
        let count = count
        increments.withUnsafeBufferPointer { inc in
            phases.withUnsafeMutableBufferPointer { ph in
                Pad.levels.withUnsafeBufferPointer { level in
                    for i in 0..<b.count {
                        var l: Float = 0, r: Float = 0
                        for k in 0..<count {
                            let j = 3 * k
                            advance(&ph[j], inc[j])
                            advance(&ph[j + 1], inc[j + 1])
                            advance(&ph[j + 2], inc[j + 2])
                            let a = level[k] * (0.55 + 0.45 * sine.sin(ph[j + 2]))
                            l += a * sine.sin(ph[j])
                            r += a * sine.sin(ph[j + 1])
                        }
                        b.left[i] += l * b.gain[i]
                        b.right[i] += r * b.gain[i]
                    }
                }
            }
        }
    }
}

/// Struck bells: at random moments a note of a pentatonic scale rings with three
/// inharmonic partials (1, 2.76, 5.4: a free bar), each dying away at its own rate,
/// panned somewhere between the sides. Up to `voices` ring at once.
struct Chimes {
    static let scale: [Float] = [1, 9.0 / 8, 5.0 / 4, 3.0 / 2, 5.0 / 3, 2, 9.0 / 4]
    static let partials: [Float] = [1, 2.76, 5.4]
    static let partialLevels: [Float] = [0.32, 0.14, 0.06]
    static let partialSeconds: [Float] = [1.4, 0.55, 0.22]
    static let voices = 8

    /// Per voice and partial: phase, increment, amplitude, decay per sample.
    private var phase: [Float], increment: [Float], amplitude: [Float], decay: [Float]
    private var pan: [Float]
    private var attack: [Float]
    private var random: Noise
    private var untilNext: Int
    private var nextVoice = 0
    private let hz: Float, rate: Float, perSecond: Float

    init(hz: Float, perMinute: Int, rate: Float, seed: UInt64) {
        let n = Chimes.voices * Chimes.partials.count
        phase = Array(repeating: 0, count: n)
        increment = Array(repeating: 0, count: n)
        amplitude = Array(repeating: 0, count: n)
        decay = Array(repeating: 1, count: n)
        pan = Array(repeating: 0.5, count: Chimes.voices)
        attack = Array(repeating: 1, count: Chimes.voices)
        random = Noise(seed: seed)
        self.hz = hz
        self.rate = rate
        perSecond = Float(perMinute) / 60
        untilNext = random.gap(perSecond: perSecond, rate: rate)
    }

    private mutating func strike() {
        let v = nextVoice
        nextVoice = (nextVoice + 1) % Chimes.voices
        let note = hz * Chimes.scale[Int(random.unit() * Float(Chimes.scale.count))]
        let velocity = random.uniform(0.5, 1)
        for p in 0..<Chimes.partials.count {
            let j = v * Chimes.partials.count + p
            increment[j] = min(0.45, note * Chimes.partials[p] / rate)
            amplitude[j] = Chimes.partialLevels[p] * velocity
            decay[j] = expf(-1 / (Chimes.partialSeconds[p] * rate))
            phase[j] = 0
        }
        pan[v] = random.uniform(0.15, 0.85)
        attack[v] = 0
    }

    mutating func render(_ b: LayerBlock, sine: SineTable) {
        let partials = Chimes.partials.count
        let attackStep = 1 / (0.002 * rate)
        var start = 0
        while start < b.count {
            let end = min(b.count, start + untilNext)
            phase.withUnsafeMutableBufferPointer { ph in
                amplitude.withUnsafeMutableBufferPointer { amp in
                    for v in 0..<Chimes.voices where amp[v * partials] > 1e-5 {
                        let panR = pan[v], panL = 1 - panR
                        var a = attack[v]
                        for i in start..<end {
                            a = min(1, a + attackStep)
                            var s: Float = 0
                            for p in 0..<partials {
                                let j = v * partials + p
                                advance(&ph[j], increment[j])
                                amp[j] *= decay[j]
                                s += amp[j] * sine.sin(ph[j])
                            }
                            s *= a * b.gain[i]
                            b.left[i] += s * panL
                            b.right[i] += s * panR
                        }
                        attack[v] = a
                    }
                }
            }
            untilNext -= end - start
            start = end
            if untilNext == 0 {
                strike()
                untilNext = random.gap(perSecond: perSecond, rate: rate)
            }
        }
    }
}

/// Birds: at random moments a call of two to five chirps, each a short rising or
/// falling sweep around `hz` with a smooth envelope and a faint second harmonic.
struct Birds {
    static let voices = 3
    private var chirpsLeft: [Int], sample: [Int], length: [Int], gapAfter: [Int]
    private var phase: [Float], increment: [Float], sweep: [Float], pan: [Float], level: [Float]
    private var random: Noise
    private var untilNext: Int
    private let hz: Float, rate: Float, perSecond: Float

    init(hz: Float, perMinute: Int, rate: Float, seed: UInt64) {
        let n = Birds.voices
        chirpsLeft = Array(repeating: 0, count: n)
        sample = Array(repeating: 0, count: n)
        length = Array(repeating: 1, count: n)
        gapAfter = Array(repeating: 0, count: n)
        phase = Array(repeating: 0, count: n)
        increment = Array(repeating: 0, count: n)
        sweep = Array(repeating: 1, count: n)
        pan = Array(repeating: 0.5, count: n)
        level = Array(repeating: 0, count: n)
        random = Noise(seed: seed)
        self.hz = hz
        self.rate = rate
        perSecond = Float(perMinute) / 60
        untilNext = random.gap(perSecond: perSecond, rate: rate)
    }

    private mutating func newChirp(_ v: Int) {
        let seconds = random.uniform(0.05, 0.11)
        length[v] = Int(seconds * rate)
        sample[v] = 0
        gapAfter[v] = Int(random.uniform(0.03, 0.09) * rate)
        let up = random.unit() < 0.6
        let from = hz * random.uniform(up ? 0.8 : 1.05, up ? 1.0 : 1.3)
        increment[v] = from / rate
        sweep[v] = powf(up ? 1.35 : 0.7, 1 / Float(length[v]))
    }

    private mutating func call() {
        guard let v = (0..<Birds.voices).first(where: { chirpsLeft[$0] == 0 }) else { return }
        chirpsLeft[v] = 2 + Int(random.unit() * 4)
        pan[v] = random.uniform(0.1, 0.9)
        level[v] = random.uniform(0.12, 0.22)
        newChirp(v)
    }

    mutating func render(_ b: LayerBlock, sine: SineTable) {
        for i in 0..<b.count {
            untilNext -= 1
            if untilNext == 0 {
                call()
                untilNext = random.gap(perSecond: perSecond, rate: rate)
            }
            for v in 0..<Birds.voices where chirpsLeft[v] > 0 {
                let n = sample[v], len = length[v]
                if n < len {
                    let e = sine.sin(Float(n) / Float(len) * 0.5)  // sin(π·t/length)
                    advance(&phase[v], increment[v])
                    var h2 = phase[v] * 2
                    if h2 >= 1 { h2 -= 1 }
                    let s = (sine.sin(phase[v]) + 0.15 * sine.sin(h2)) * e * e * level[v] * b.gain[i]
                    b.left[i] += s * (1 - pan[v])
                    b.right[i] += s * pan[v]
                    increment[v] = min(0.4, increment[v] * sweep[v])
                }
                sample[v] = n + 1
                if n + 1 >= len + gapAfter[v] {
                    chirpsLeft[v] -= 1
                    if chirpsLeft[v] > 0 { newChirp(v) }
                }
            }
        }
    }
}
