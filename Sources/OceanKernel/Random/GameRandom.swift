/// The gameplay random stream: xoshiro256** (Blackman & Vigna, 2018), seeded by
/// expanding the 64-bit seed with SplitMix64. It is part of the game state, so a
/// snapshot captures it and a restore continues the exact same sequence.
///
/// Only the kernel draws from it; anything cosmetic must use a stream of its own so
/// eye candy never changes a replay.
public struct GameRandom: Equatable, Sendable {
    public internal(set) var s0: UInt64
    public internal(set) var s1: UInt64
    public internal(set) var s2: UInt64
    public internal(set) var s3: UInt64

    public init(seed: UInt64) {
        var sm = seed
        func splitMix(_ x: inout UInt64) -> UInt64 {
            x &+= 0x9E37_79B9_7F4A_7C15
            var z = x
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        s0 = splitMix(&sm)
        s1 = splitMix(&sm)
        s2 = splitMix(&sm)
        s3 = splitMix(&sm)
    }

    /// Restores a stream from its four state words (used by the state decoder).
    public init(s0: UInt64, s1: UInt64, s2: UInt64, s3: UInt64) {
        (self.s0, self.s1, self.s2, self.s3) = (s0, s1, s2, s3)
    }

    @inline(__always)
    public mutating func next() -> UInt64 {
        let result = ((s1 &* 5) << 7 | (s1 &* 5) >> 57) &* 9
        let t = s1 << 17
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = s3 << 45 | s3 >> 19
        return result
    }

    /// A uniform integer in `0..<bound` (bound > 0) by Lemire's multiply-and-reject
    /// method: no modulo bias, and the same answer on every machine.
    @inline(__always)
    public mutating func below(_ bound: Int) -> Int {
        precondition(bound > 0)
        let b = UInt64(bound)
        var m = next().multipliedFullWidth(by: b)
        if m.low < b {
            let threshold = (0 &- b) % b
            while m.low < threshold { m = next().multipliedFullWidth(by: b) }
        }
        return Int(m.high)
    }

    /// A uniform integer in `range` (inclusive).
    @inline(__always)
    public mutating func inRange(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + below(range.upperBound - range.lowerBound + 1)
    }
}
