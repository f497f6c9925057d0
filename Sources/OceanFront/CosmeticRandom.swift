/// The front's own random numbers for eye candy (DOOM's `M_Random`): SplitMix64,
/// seeded from the replay's seed and whatever is being decorated, so the same
/// replay always renders the same pixels and the kernel's stream is never touched.
struct CosmeticRandom {
    private var state: UInt64

    init(seed: UInt64, salt: UInt64 = 0) {
        state = seed ^ (salt &* 0x9E37_79B9_7F4A_7C15)
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A whole number in `0..<bound` (bound > 0).
    mutating func below(_ bound: Int) -> Int {
        Int(next() % UInt64(max(1, bound)))
    }

    /// A number in [0, 1).
    mutating func unit() -> Double {
        Double(next() >> 11) / Double(1 << 53)
    }
}
