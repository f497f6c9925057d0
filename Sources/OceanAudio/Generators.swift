/// The small deterministic building blocks every sound is made of: a noise source
/// with its own seed, a sine table, filters and a gain-curve table. Nothing here
/// allocates after it is made.

import OceanBalance
#if canImport(Glibc)
import Glibc
#endif

@inline(__always) func sinD(_ x: Double) -> Double { Glibc.sin(x) }
@inline(__always) func tanD(_ x: Double) -> Double { Glibc.tan(x) }
@inline(__always) func cosD(_ x: Double) -> Double { Glibc.cos(x) }
@inline(__always) func expD(_ x: Double) -> Double { Glibc.exp(x) }

/// White noise from xorshift32: the audio's own random stream, never the game's
/// (DOOM's `M_Random` beside `P_Random`), so sound can never change a replay.
struct Noise {
    private var state: UInt32

    init(seed: UInt64) {
        let mixed = UInt32(truncatingIfNeeded: seed &* 0x9E37_79B9_7F4A_7C15 >> 32) ^ UInt32(truncatingIfNeeded: seed)
        state = mixed == 0 ? 0x1234_5678 : mixed
    }

    /// A raw 32-bit draw.
    @inline(__always) mutating func next() -> UInt32 {
        state ^= state << 13
        state ^= state >> 17
        state ^= state << 5
        return state
    }

    /// Uniform in [-1, 1).
    @inline(__always) mutating func sample() -> Float {
        Float(Int32(bitPattern: next())) * (1.0 / 2_147_483_648.0)
    }

    /// Uniform in [0, 1).
    @inline(__always) mutating func unit() -> Float {
        Float(next() >> 8) * (1.0 / 16_777_216.0)
    }

    /// Uniform in `range`.
    @inline(__always) mutating func uniform(_ low: Float, _ high: Float) -> Float {
        low + (high - low) * unit()
    }

    /// Samples until the next of a stream of strikes averaging `perSecond`
    /// (exponentially distributed gaps), at `rate` samples per second.
    mutating func gap(perSecond: Float, rate: Float) -> Int {
        let u = max(unit(), 1e-6)
        return max(1, Int(-logf(u) / perSecond * rate))
    }
}

/// One period of a sine in 4,096 steps (plus a guard point), read with linear
/// interpolation. Made once per process; never freed.
struct SineTable: @unchecked Sendable {
    static let size = 4_096
    let values: UnsafeMutablePointer<Float>

    static let shared = SineTable()

    private init() {
        values = .allocate(capacity: SineTable.size + 1)
        for i in 0...SineTable.size {
            values[i] = Float(sinD(2 * Double.pi * Double(i) / Double(SineTable.size)))
        }
    }

    /// sin(2π·phase) for a phase in [0, 1).
    @inline(__always) func sin(_ phase: Float) -> Float {
        let x = phase * Float(SineTable.size)
        let i = Int(x)
        let f = x - Float(i)
        let a = values[i]
        return a + (values[i + 1] - a) * f
    }
}

/// Advances a phase in [0, 1) by `increment` (< 1).
@inline(__always) func advance(_ phase: inout Float, _ increment: Float) {
    phase += increment
    if phase >= 1 { phase -= 1 }
}

/// A one-pole low-pass: y += c·(x − y).
struct OnePole {
    var y: Float = 0
    var c: Float

    init(hz: Float, rate: Float) { c = OnePole.coefficient(hz: hz, rate: rate) }

    static func coefficient(hz: Float, rate: Float) -> Float {
        1 - expf(-2 * Float.pi * hz / rate)
    }

    @inline(__always) mutating func run(_ x: Float) -> Float {
        y += c * (x - y)
        return y
    }
}

/// A state-variable filter (Simper's trapezoidal form: stable at every frequency),
/// giving low-pass, band-pass and high-pass from one state.
struct StateVariableFilter {
    private var ic1: Float = 0, ic2: Float = 0
    private let a1: Float, a2: Float, a3: Float, k: Float

    init(hz: Float, q: Float, rate: Float) {
        let g = Float(tanD(Double.pi * Double(hz) / Double(rate)))
        k = 1 / q
        a1 = 1 / (1 + g * (g + k))
        a2 = g * a1
        a3 = g * a2
    }

    /// The band-pass output for input `x`.
    @inline(__always) mutating func bandPass(_ x: Float) -> Float {
        let v3 = x - ic2
        let v1 = a1 * ic1 + a2 * v3
        let v2 = ic2 + a2 * ic1 + a3 * v3
        ic1 = 2 * v1 - ic1
        ic2 = 2 * v2 - ic2
        return v1
    }
}

/// Every layer's gain over health, tabulated at 1,025 points each so a per-sample
/// lookup is one multiply and an interpolation. Between two points of the design
/// the gain moves with equal power: g² moves linearly, so a layer fading out and
/// one fading in over the same span keep g₁² + g₂² constant.
struct GainCurves {
    static let steps = 1_024
    private let table: UnsafeMutablePointer<Float>
    let count: Int

    init(_ layers: [AudioDesign.LayerDesign]) {
        count = layers.count
        table = .allocate(capacity: count * (GainCurves.steps + 1))
        for (l, layer) in layers.enumerated() {
            for i in 0...GainCurves.steps {
                table[l * (GainCurves.steps + 1) + i] = GainCurves.gain(layer, health: Float(i) / Float(GainCurves.steps))
            }
        }
    }

    func free() { table.deallocate() }

    /// The design's gain at `health` (0…1), straight from its points.
    static func gain(_ layer: AudioDesign.LayerDesign, health: Float) -> Float {
        let h = layer.health.map { Float($0) / 10_000 }
        let g = layer.gain.map { Float($0) / 1_000 }
        if health <= h[0] { return g[0] }
        for p in 1..<h.count where health <= h[p] {
            let t = (health - h[p - 1]) / (h[p] - h[p - 1])
            return (g[p - 1] * g[p - 1] * (1 - t) + g[p] * g[p] * t).squareRoot()
        }
        return g[g.count - 1]
    }

    /// Layer `layer`'s gain at `health` (0…1), from the table.
    @inline(__always) func gain(_ layer: Int, _ health: Float) -> Float {
        let x = max(0, min(1, health)) * Float(GainCurves.steps)
        let i = min(Int(x), GainCurves.steps - 1)
        let f = x - Float(i)
        let t = table + layer * (GainCurves.steps + 1)
        return t[i] + (t[i + 1] - t[i]) * f
    }
}
