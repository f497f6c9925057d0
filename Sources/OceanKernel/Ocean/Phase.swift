/// The five phases of the ocean, from worst to best. The raw value is the canonical
/// encoding and the order the phase bounds climb in.
public enum Phase: Int, StableKey, Comparable {
    case polluted, stabilizing, recovering, flourishing, thriving

    /// Written in replays; never changes with the display name.
    public var key: String {
        switch self {
        case .polluted: "polluted"
        case .stabilizing: "stabilizing"
        case .recovering: "recovering"
        case .flourishing: "flourishing"
        case .thriving: "thriving"
        }
    }

    /// Shown to people (HUD, reports).
    public var name: String {
        switch self {
        case .polluted: "Polluted"
        case .stabilizing: "Stabilizing"
        case .recovering: "Recovering"
        case .flourishing: "Flourishing"
        case .thriving: "Thriving"
        }
    }

    public static func < (a: Phase, b: Phase) -> Bool { a.rawValue < b.rawValue }
}
