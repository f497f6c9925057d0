/// A word-wise hash of the canonical encoding, for the per-tick fingerprint of replay
/// format 17: `h ← h·K + w` (wrapping) for each 64-bit word `w`, from `seed`, then
/// MurmurHash3's 64-bit finalizer so every bit of `h` reaches the top bits a
/// fingerprint keeps.
///
/// One multiply and one add per word, where FNV-1a (`FNV1a64`, the state hash) takes
/// one multiply per byte that is not zero. It is a polynomial in `K`, so a fixed run
/// of n words moves any `h` to `Kⁿ·h + C`: the closed months fold in as two words
/// (`MonthsDigest.wordPower`, `wordSum`), exactly as if written one by one. `K` is
/// odd, so multiplying by it is a bijection: changing any one word changes `h`.
/// A fingerprint for desync detection, like FNV-1a, not a defence against forgery.
public struct WordHash64: ByteSink, Sendable {
    public private(set) var raw: UInt64 = WordHash64.seed

    /// 2⁶⁴ over the golden ratio, rounded to odd.
    public static let multiplier: UInt64 = 0x9e37_79b9_7f4a_7c15
    /// Any non-zero start, so a leading zero word still counts.
    public static let seed: UInt64 = 0x6f63_6561_6e2d_7231  // "ocean-r1"

    public init() {}

    @inline(__always)
    public mutating func write(_ word: UInt64) { raw = raw &* WordHash64.multiplier &+ word }

    /// The closed months, as if their words were written one by one.
    public mutating func fold(_ digest: MonthsDigest) -> Bool {
        raw = digest.wordPower &* raw &+ digest.wordSum
        return true
    }

    /// The hash: `raw` through the finalizer.
    public var value: UInt64 {
        var x = raw
        x ^= x >> 33
        x = x &* 0xff51_afd7_ed55_8ccd
        x ^= x >> 33
        x = x &* 0xc4ce_b9fe_1a85_ec53
        x ^= x >> 33
        return x
    }
}

extension GameState {
    /// The word-wise hash of the current canonical encoding (`WordHash64`).
    public var wordHash: UInt64 {
        var h = WordHash64()
        StateEncoding.write(self, to: &h)
        return h.value
    }
}
