import OceanTOML

/// The line each key of a read TOML document is written on, by its dotted name
/// (`kind.cardboard.grams`, `vary.bin.width_px`), taken from the positions the reader
/// kept (the text is not scanned again): to point a designer at a wrong value, or,
/// for a key that is missing, at the table it belongs in.
public struct KeyLocator: Sendable {
    /// The first line each key (or table) is written on; looked up, never iterated.
    private var lines: [String: Int] = [:]

    public init(document: TOMLTable) {
        add(document, prefix: "")
    }

    private mutating func add(_ table: TOMLTable, prefix: String) {
        for entry in table.entries {
            let full = prefix.isEmpty ? entry.key : prefix + "." + entry.key
            // A table is where its header is (a table only implied by a longer header
            // or a dotted key: where it is first named); anything else, its key.
            let line = entry.value.table.map { $0.isInline ? entry.keyPosition.line : $0.position.line } ?? entry.keyPosition.line
            if lines[full] == nil { lines[full] = line }
            if let sub = entry.value.table {
                add(sub, prefix: full)
            } else if let items = entry.value.array, isArrayOfTables(entry.value) {
                // `[[card]]`: each element's keys under `card.`, the first written wins.
                for item in items { if let sub = item.table { add(sub, prefix: full) } }
            }
        }
    }

    /// An array of tables made by `[[name]]` headers (its elements are not inline).
    private func isArrayOfTables(_ value: TOMLValue) -> Bool {
        guard let items = value.array, let first = items.first?.table else { return false }
        return !first.isInline
    }

    /// The line of `key` (a value or a table), or nil if it is not written.
    func line(of key: String) -> Int? {
        lines[key]
    }

    /// The line of `key`, else of the nearest enclosing table that is written.
    public func nearestLine(of key: String) -> Int? {
        var k = Substring(key)
        while true {
            if let l = line(of: String(k)) { return l }
            guard let dot = k.lastIndex(of: ".") else { return nil }
            k = k[..<dot]
        }
    }
}
