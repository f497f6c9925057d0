/// A TOML table: its keys in the order the document first writes them, each with
/// where the key is written and its value.
///
/// Order is kept in an array (`entries`), never taken from a dictionary's
/// iteration, so reading the same text always gives the same order.
public struct TOMLTable: Equatable, Sendable {
    /// One key of the table.
    public struct Entry: Equatable, Sendable {
        public let key: String
        /// Where the key is written (for a key written as part of a dotted key or a
        /// header, that part's position).
        public let keyPosition: TOMLPosition
        public let value: TOMLValue
    }

    /// Every key, in document order.
    public let entries: [Entry]
    /// Where the table is defined: its `[header]`, the `{` of an inline table, the
    /// first key that makes it (a dotted key or a longer header), or line 1 for the
    /// whole document.
    public let position: TOMLPosition
    /// Written as `{ … }` in a value.
    public let isInline: Bool
    /// Lookup by key; the order is the entries'.
    private let index: [String: Int]

    public init(entries: [Entry], position: TOMLPosition, isInline: Bool) {
        var index: [String: Int] = [:]
        index.reserveCapacity(entries.count)
        for (i, entry) in entries.enumerated() where index[entry.key] == nil { index[entry.key] = i }
        self.entries = entries
        self.position = position
        self.isInline = isInline
        self.index = index
    }

    /// An empty document.
    public init() {
        self.init(entries: [], position: TOMLPosition(line: 1, column: 1), isInline: false)
    }

    /// The keys, in document order.
    public var keys: [String] { entries.map(\.key) }
    public var count: Int { entries.count }
    public var isEmpty: Bool { entries.isEmpty }

    /// The value at `key`, if the table has it.
    public subscript(key: String) -> TOMLValue? {
        index[key].map { entries[$0].value }
    }

    /// The whole entry (with the key's position) at `key`.
    public func entry(_ key: String) -> Entry? {
        index[key].map { entries[$0] }
    }

    public static func == (a: TOMLTable, b: TOMLTable) -> Bool {
        a.entries == b.entries && a.isInline == b.isInline && a.position == b.position
    }
}
