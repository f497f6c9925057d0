/// How fast a watched replay plays: ×¼ to ×16, counted in quarters so game time
/// stays a whole number of nanoseconds.
public struct WatchSpeed: Equatable, Sendable {
    /// The speeds offered, in quarters of real time.
    public static let quarters = [1, 2, 4, 8, 16, 32, 64]
    /// Index into `quarters`; ×1 to begin with.
    public private(set) var index = 2

    public init() {}

    public var inQuarters: Int { Self.quarters[index] }

    public mutating func faster() { index = min(index + 1, Self.quarters.count - 1) }
    public mutating func slower() { index = max(index - 1, 0) }

    /// Game time that passes in `nanos` of wall time.
    public func gameNanos(_ nanos: UInt64) -> UInt64 { nanos * UInt64(inQuarters) / 4 }
}
