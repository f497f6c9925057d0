/// The five phases of the ocean, from worst to best. The raw value is the canonical
/// encoding and the order the phase bounds climb in.
public enum Phase: Int, CaseIterable, Sendable, Comparable {
    case polluted, stabilizing, recovering, flourishing, thriving

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
