import OceanKernel

extension Rules {
    /// The catches a catch's pitch climbs over: from a combo's first catch to the
    /// first whose multiplier (`multiplier(forCombo:)`) reaches `multiplierCap`. Past
    /// it the score stops growing faster, and the chime stops rising with it.
    public var catchClimb: Int { comboStep * max(0, multiplierCap - 1) }
}
