/// A kind of trash: its place in the balance's kind table (the `[kind.*]` sections of
/// the balance file, in file order). The kinds are data, so the kernel knows a kind
/// only by this index; its key (`plastic_bottle`), and through the key its name,
/// sprite and impact, come from `Rules.kindKeys` and the data files.
///
/// Stored in 16 bits so an `Item` stays 32 bytes.
public struct ItemKind: Hashable, Comparable, Sendable {
    private let index: UInt16

    /// The index into the kind table (`Rules.kindKeys`, per-kind arrays).
    @inline(__always) public var rawValue: Int { Int(index) }

    /// The kind at `rawValue` in the table; `rawValue` must be below `Rules.maxKinds`.
    @inline(__always) public init(rawValue: Int) {
        index = UInt16(truncatingIfNeeded: rawValue)
    }

    public static func < (a: ItemKind, b: ItemKind) -> Bool { a.index < b.index }
}
