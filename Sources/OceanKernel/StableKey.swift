/// An enum whose cases have stable lowercase keys for files (the balance file,
/// replays): a display name may change with the HUD, a key never does, so renaming
/// "Thriving" on screen breaks no replay.
public protocol StableKey: CaseIterable, Sendable where AllCases == [Self] {
    var key: String { get }
}

extension StableKey {
    /// The case written as `key`, if any.
    public init?(key: some StringProtocol) {
        guard let found = Self.allCases.first(where: { $0.key == key }) else { return nil }
        self = found
    }

    /// Every key, in case order, for messages ("known: a, b, c").
    public static var keys: [String] { allCases.map(\.key) }
}
