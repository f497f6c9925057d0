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

/// Noise in a low band under two tones a few percent apart, beating slowly, each
/// with its octave: ominous. The band and the tones sit where small speakers still
/// play (60–150 Hz, the octave above): a rumble below that is felt on a subwoofer and
/// lost on a laptop, which is where most players would hear the polluted ocean.
struct Rumble {
    private var noise: Noise
    private var bandLow: Biquad, bandHigh: Biquad
    private var phaseA: Float = 0, phaseB: Float = 0, lfo: Float = 0
    private let incA: Float, incB: Float, incLFO: Float

    init(hz: Float, lowHz: Float, highHz: Float, rate: Float, seed: UInt64) {
        noise = Noise(seed: seed)
        bandLow = Biquad(.highPass, hz: lowHz, rate: rate)
        bandHigh = Biquad(.lowPass, hz: highHz, rate: rate)
        incA = hz / rate
        incB = hz * 1.031 / rate
        incLFO = 0.09 / rate
    }

    mutating func render(_ b: LayerBlock, sine: SineTable) {
        for i in 0..<b.count {
            let band = bandHigh.run(bandLow.run(noise.sample())) * 2
            advance(&phaseA, incA)
            advance(&phaseB, incB)
            advance(&lfo, incLFO)
            let swell = 0.65 + 0.35 * sine.sin(lfo)  // (cheap enough per sample)
            var octaveA = phaseA * 2, octaveB = phaseB * 2
            if octaveA >= 1 { octaveA -= 1 }
            if octaveB >= 1 { octaveB -= 1 }
            let tones = (sine.sin(phaseA) + 0.8 * sine.sin(phaseB) + 0.5 * sine.sin(octaveA) + 0.4 * sine.sin(octaveB)) * 0.22 * swell
            let s = (band + tones) * b.gain[i]
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
        // The swell moves slowly (seconds): taken at the block's ends, interpolated.
        let n = b.count
        func lag(_ u: Float) -> Float { u < 0.06 ? u + 0.94 : u - 0.06 }
        let startL = Surf.swell(wave, sine: sine), startR = Surf.swell(lag(wave), sine: sine)
        wave += incWave * Float(n)
        if wave >= 1 { wave -= 1 }
        let endL = Surf.swell(wave, sine: sine), endR = Surf.swell(lag(wave), sine: sine)
        let inv = 1 / Float(n)
        let dBodyL = (endL.body - startL.body) * inv, dBodyR = (endR.body - startR.body) * inv
        let dFoamL = (endL.foam - startL.foam) * inv, dFoamR = (endR.foam - startR.foam) * inv
        for i in 0..<n {
            let t = Float(i)
            let nl = noiseL.sample(), nr = noiseR.sample()
            let hissL = nl - foamL.run(nl), hissR = nr - foamR.run(nr)
            let l = bandL.bandPass(nl) * (startL.body + dBodyL * t) * 0.9 + hissL * (startL.foam + dFoamL * t) * 0.05
            let r = bandR.bandPass(nr) * (startR.body + dBodyR * t) * 0.9 + hissR * (startR.foam + dFoamR * t) * 0.05
            b.left[i] += l * b.gain[i]
            b.right[i] += r * b.gain[i]
        }
    }
}

/// A slow major chord (root, fifth, octave, third, twelfth, two octaves), each
/// partial breathing at its own slow rate; the right side 60° ahead of the left
/// for width (detuning the sides instead made the chord beat when summed to mono). The partials are rotating phasors (4 multiplies a sample, renormalised
/// each block); the breaths move once a block and are interpolated across it.
struct Pad {
    static let ratios: [Float] = [1, 1.5, 2, 2.5, 3, 4]
    static let levels: [Float] = [0.34, 0.26, 0.22, 0.17, 0.13, 0.08]
    static let breaths: [Float] = [0.071, 0.113, 0.053, 0.089, 0.137, 0.061]
    static let partials = 6
    /// Per oscillator (left partials, then right): the phasor (cos, sin) and its step.
    private var cosine: [Float], sine: [Float]
    private let stepCos: [Float], stepSin: [Float]
    private var breath: [Float]
    private let breathStep: [Float]
    /// Each partial's level at the block's start and end.
    private var level: [Float], nextLevel: [Float]

    init(hz: Float, rate: Float) {
        var c: [Float] = [], s: [Float] = [], sc: [Float] = [], ss: [Float] = []
        for side in 0..<2 {
            for k in 0..<Pad.partials {
                let w = 2 * Double.pi * Double(hz * Pad.ratios[k] / rate)
                let start = 2 * Double.pi * Double(k) / 7 + Double(side) * Double.pi / 3
                c.append(Float(cosD(start))); s.append(Float(sinD(start)))
                sc.append(Float(cosD(w))); ss.append(Float(sinD(w)))
            }
        }
        cosine = c; sine = s; stepCos = sc; stepSin = ss
        breath = (0..<Pad.partials).map { Float($0) / 7 }
        breathStep = Pad.breaths.map { $0 / rate }
        level = Array(repeating: 0, count: Pad.partials)
        nextLevel = level
    }

    mutating func render(_ b: LayerBlock, sine table: SineTable) {
        let n = b.count, parts = Pad.partials
        // The breaths at the block's start and end.
        for k in 0..<parts {
            level[k] = Pad.levels[k] * (0.55 + 0.45 * table.sin(breath[k]))
            breath[k] += breathStep[k] * Float(n)
            if breath[k] >= 1 { breath[k] -= 1 }
            nextLevel[k] = Pad.levels[k] * (0.55 + 0.45 * table.sin(breath[k]))
        }
        let inv = 1 / Float(n)
        cosine.withUnsafeMutableBufferPointer { c in
            sine.withUnsafeMutableBufferPointer { s in
                stepCos.withUnsafeBufferPointer { sc in
                    stepSin.withUnsafeBufferPointer { ss in
                        for k in 0..<parts {
                            let a0 = level[k], da = (nextLevel[k] - level[k]) * inv
                            var cl = c[k], sl = s[k], cr = c[k + parts], sr = s[k + parts]
                            let scl = sc[k], ssl = ss[k], scr = sc[k + parts], ssr = ss[k + parts]
                            for i in 0..<n {
                                let a = (a0 + da * Float(i)) * b.gain[i]
                                b.left[i] += a * sl
                                b.right[i] += a * sr
                                let ncl = cl * scl - sl * ssl
                                sl = sl * scl + cl * ssl
                                cl = ncl
                                let ncr = cr * scr - sr * ssr
                                sr = sr * scr + cr * ssr
                                cr = ncr
                            }
                            // Back onto the unit circle (the rounding of a block's steps).
                            let gl = 1.5 - 0.5 * (cl * cl + sl * sl), gr = 1.5 - 0.5 * (cr * cr + sr * sr)
                            c[k] = cl * gl; s[k] = sl * gl; c[k + parts] = cr * gr; s[k + parts] = sr * gr
                        }
                    }
                }
            }
        }
    }
}

/// Struck bells: at random moments a note of a pentatonic scale rings with three
/// inharmonic partials (1, 2.76, 5.4: a free bar), each dying away at its own rate,
/// panned somewhere between the sides. Each partial is a damped resonator
/// (y ← c₁·y₁ − c₂·y₂: two multiplies a sample). Up to `voices` ring at once.
struct Chimes {
    static let scale: [Float] = [1, 9.0 / 8, 5.0 / 4, 3.0 / 2, 5.0 / 3, 2, 9.0 / 4]
    static let partials: [Float] = [1, 2.76, 5.4]
    static let partialLevels: [Float] = [0.32, 0.14, 0.06]
    static let partialSeconds: [Float] = [1.4, 0.55, 0.22]
    static let voices = 8
    static let silent: Float = 3e-4

    /// Per voice and partial: the last two outputs and the two coefficients.
    private var y1: [Float], y2: [Float], c1: [Float], c2: [Float]
    private var decayPerBlock: [Float], envelope: [Float]
    private var pan: [Float]
    private var attack: [Float]
    private var random: Noise
    private var untilNext: Int
    private var nextVoice = 0
    private let baseHz: Float, rate: Float, perSecond: Float
    private var hz: Float

    init(hz: Float, perMinute: Int, rate: Float, seed: UInt64) {
        let n = Chimes.voices * Chimes.partials.count
        y1 = Array(repeating: 0, count: n)
        y2 = Array(repeating: 0, count: n)
        c1 = Array(repeating: 0, count: n)
        c2 = Array(repeating: 0, count: n)
        decayPerBlock = Array(repeating: 0, count: Chimes.voices)
        envelope = Array(repeating: 0, count: Chimes.voices)
        pan = Array(repeating: 0.5, count: Chimes.voices)
        attack = Array(repeating: 1, count: Chimes.voices)
        random = Noise(seed: seed)
        self.hz = hz
        baseHz = hz
        self.rate = rate
        perSecond = Float(perMinute) / 60
        untilNext = random.gap(perSecond: perSecond, rate: rate)
    }

    /// The sea's tuning (`AudioEngine.setSea`): later strikes at `pitch` of the design's
    /// notes; the ones ringing keep theirs, so nothing clicks.
    mutating func retune(pitch: Float) { hz = baseHz * pitch }

    private mutating func strike() {
        let v = nextVoice
        nextVoice = (nextVoice + 1) % Chimes.voices
        let note = hz * Chimes.scale[Int(random.unit() * Float(Chimes.scale.count))]
        let velocity = random.uniform(0.5, 1)
        for p in 0..<Chimes.partials.count {
            let j = v * Chimes.partials.count + p
            // A partial above 10 kHz is left out: it would only hiss (and alias near Nyquist).
            let f = note * Chimes.partials[p]
            let level = f > 10_000 ? 0 : Chimes.partialLevels[p] * velocity
            let w = 2 * Double.pi * Double(min(0.45, f / rate))
            let r = expD(-1 / Double(Chimes.partialSeconds[p] * rate))
            c1[j] = Float(2 * r * cosD(w))
            c2[j] = Float(r * r)
            y2[j] = 0
            y1[j] = Float(Double(level) * r * sinD(w))
        }
        // The longest partial's level, followed per sample to know when it is done.
        envelope[v] = Chimes.partialLevels[0] * velocity
        decayPerBlock[v] = expf(-1 / (Chimes.partialSeconds[0] * rate))
        pan[v] = random.uniform(0.15, 0.85)
        attack[v] = 0
    }

    mutating func render(_ b: LayerBlock, sine: SineTable) {
        let attackStep = 1 / (0.002 * rate)
        var start = 0
        while start < b.count {
            let end = min(b.count, start + untilNext)
            for v in 0..<Chimes.voices where envelope[v] > Chimes.silent {
                let j = v * 3
                var a1 = y1[j], a2 = y2[j], b1 = y1[j + 1], b2 = y2[j + 1], d1 = y1[j + 2], d2 = y2[j + 2]
                let ac1 = c1[j], ac2 = c2[j], bc1 = c1[j + 1], bc2 = c2[j + 1], dc1 = c1[j + 2], dc2 = c2[j + 2]
                let panR = pan[v], panL = 1 - panR
                var a = attack[v]
                for i in start..<end {
                    a = min(1, a + attackStep)
                    let s = (a1 + b1 + d1) * a * b.gain[i]
                    b.left[i] += s * panL
                    b.right[i] += s * panR
                    let na = ac1 * a1 - ac2 * a2; a2 = a1; a1 = na
                    let nb = bc1 * b1 - bc2 * b2; b2 = b1; b1 = nb
                    let nd = dc1 * d1 - dc2 * d2; d2 = d1; d1 = nd
                }
                y1[j] = a1; y2[j] = a2; y1[j + 1] = b1; y2[j + 1] = b2; y1[j + 2] = d1; y2[j + 2] = d2
                attack[v] = a
                envelope[v] *= powf(decayPerBlock[v], Float(end - start))
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
    private let baseHz: Float, rate: Float, basePerSecond: Float
    private var hz: Float, perSecond: Float

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
        baseHz = hz
        self.rate = rate
        perSecond = Float(perMinute) / 60
        basePerSecond = perSecond
        untilNext = random.gap(perSecond: perSecond, rate: rate)
    }

    /// The sea's tuning: later chirps at `pitch` of the design's, `calls` as many calls
    /// (none at 0: the next call never comes until calls return).
    mutating func retune(pitch: Float, calls: Float) {
        hz = baseHz * pitch
        perSecond = basePerSecond * calls
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
                untilNext = perSecond > 0 ? random.gap(perSecond: perSecond, rate: rate) : Int(rate)  // none: look again in a second
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
