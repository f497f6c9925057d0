import OceanTOML

/// The line each key of a read TOML document is written on, by its dotted name
/// (`kind.cardboard.grams`, `vary.bin.width_px`), taken from the positions the reader
/// kept (the text is not scanned again): to point a designer at a wrong value, or,
/// for a key that is missing, at the table it belongs in.
public struct KeyLocator: Sendable {
    /// A key (or table) and the keys under it: each part of a dotted name is kept
    /// once, under its parent, so the memory is linear in the document (a map from
    /// every full dotted name held each prefix of a deep key again: quadratic).
    private struct Node: Sendable {
        /// The first line it is written on.
        var line: Int?
        /// The keys under it, by name; looked up, never iterated.
        var children: [String: Int] = [:]
        /// The most dotted parts a child's own name has (`"bin.width_px"` under `[vary]`,
        /// a quoted key: 2), so a lookup knows how many parts may make one name.
        var partsInAName = 1
    }
    /// The root (the document) first.
    private var nodes = [Node()]

    public init(document: TOMLTable) {
        add(document, at: 0)
    }

    private mutating func add(_ table: TOMLTable, at parent: Int) {
        for entry in table.entries {
            let node = child(parent, entry.key)
            // A table is where its header is (a table only implied by a longer header
            // or a dotted key: where it is first named); anything else, its key.
            let line = entry.value.table.map { $0.isInline ? entry.keyPosition.line : $0.position.line } ?? entry.keyPosition.line
            if nodes[node].line == nil { nodes[node].line = line }
            if let sub = entry.value.table {
                add(sub, at: node)
            } else if let items = entry.value.array, isArrayOfTables(entry.value) {
                // `[[card]]`: each element's keys under `card.`, the first written wins.
                for item in items { if let sub = item.table { add(sub, at: node) } }
            }
        }
    }

    /// The node of key `name` under `parent`, made if new.
    private mutating func child(_ parent: Int, _ name: String) -> Int {
        if let n = nodes[parent].children[name] { return n }
        nodes.append(Node())
        nodes[parent].children[name] = nodes.count - 1
        let parts = name.utf8.reduce(1) { $0 + ($1 == UInt8(ascii: ".") ? 1 : 0) }
        nodes[parent].partsInAName = max(nodes[parent].partsInAName, parts)
        return nodes.count - 1
    }

    /// Walks `key`'s dotted parts down the tree (a quoted key with dots in it is one
    /// name: the longest name that matches is taken): the last node reached with a
    /// line, and whether the whole key was matched.
    private func walk(_ key: String) -> (line: Int?, whole: Bool) {
        let parts = key.split(separator: ".", omittingEmptySubsequences: false)
        var node = 0, i = 0
        var found: Int?
        next: while i < parts.count {
            for j in stride(from: min(parts.count, i + nodes[node].partsInAName), to: i, by: -1) {
                let name = j == i + 1 ? String(parts[i]) : parts[i..<j].joined(separator: ".")
                guard let n = nodes[node].children[name] else { continue }
                (node, i) = (n, j)
                if let line = nodes[n].line { found = line }
                continue next
            }
            return (found, false)
        }
        return (found, node != 0)
    }

    /// An array of tables made by `[[name]]` headers (its elements are not inline).
    private func isArrayOfTables(_ value: TOMLValue) -> Bool {
        guard let items = value.array, let first = items.first?.table else { return false }
        return !first.isInline
    }

    /// The line of `key` (a value or a table, its dotted name), or nil if it is not written.
    func line(of key: String) -> Int? {
        let w = walk(key)
        return w.whole ? w.line : nil
    }

    /// The line of `key`, else of the nearest enclosing table that is written.
    public func nearestLine(of key: String) -> Int? {
        walk(key).line
    }
}
