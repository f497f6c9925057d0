/// Turns the entries of a data file (TOML) or a replay header into a value: every
/// known key exactly once, each a whole number within its range, no unknown keys,
/// and the schema's rules between keys met. All problems are reported at once, each
/// with its file, line and key.
extension Schema {
    /// - Parameters:
    ///   - start: the value whose fields are filled in (all of them are).
    ///   - lineOfMissing: where to point for a key that is not there at all (its
    ///     table's header, say), or nil.
    public func validate(_ entries: [RawEntry], into start: Root, file: String,
                         lineOfMissing: (String) -> Int? = { _ in nil }) throws(DataError) -> Root {
        var issues: [DataIssue] = []
        func problem(_ key: String, _ line: Int?, _ message: String) {
            issues.append(DataIssue(file: file, line: line, key: key, message: message))
        }
        // Each key's first entry, found with one pass and a sorted search, so a file
        // with tens of thousands of keys is still checked in n log n.
        let order = entries.indices.sorted { (entries[$0].key, $0) < (entries[$1].key, $1) }
        var firstOf: [Int] = Array(entries.indices)
        for (i, index) in order.enumerated() where i > 0 && entries[order[i - 1]].key == entries[index].key {
            firstOf[index] = firstOf[order[i - 1]]
        }
        var unknown = 0
        for (i, entry) in entries.enumerated() {
            if field(entry.key) == nil {
                var message = "unknown key"
                unknown += 1
                // Suggestions only for the keys a message will show: a file of
                // generated junk must not cost a distance per key.
                if unknown <= DataError.shownLimit, let guess = closestKey(to: entry.key) {
                    message += "; did you mean '\(guess)'?"
                }
                problem(entry.key, entry.line, message)
            } else if firstOf[i] != i {
                problem(entry.key, entry.line, "given twice" + (entries[firstOf[i]].line.map { " (first on line \($0))" } ?? ""))
            }
        }
        var value = start
        var lines: [String: Int] = [:]  // looked up by key only, never iterated
        for f in fields {
            guard let entry = firstEntry(f.key, in: entries, order: order) else {
                problem(f.key, lineOfMissing(f.key), "missing; \(f.allowed)")
                continue
            }
            lines[f.key] = entry.line
            switch entry.value {
            case .other(let what):
                problem(f.key, entry.line, "expected a whole number, found \(what); \(f.allowed)")
            case .text(let t):
                problem(f.key, entry.line, "expected a whole number, found a string (\"\(t.prefix(40))\"); \(f.allowed)")
            case .whole(let n) where !f.range.contains(n):
                problem(f.key, entry.line, "\(n) is out of range; \(f.allowed)")
            case .whole(let n):
                value[keyPath: f.path] = n
            }
        }
        guard issues.isEmpty else { throw DataError(issues: issues) }
        for p in check(value) { problem(p.key, lines[p.key] ?? nil, p.message) }
        guard issues.isEmpty else { throw DataError(issues: issues) }
        return value
    }

    /// The first entry for `key`, by binary search over `order` (entries sorted by key).
    private func firstEntry(_ key: String, in entries: [RawEntry], order: [Int]) -> RawEntry? {
        var low = 0, high = order.count
        while low < high {
            let mid = (low + high) / 2
            if entries[order[mid]].key < key { low = mid + 1 } else { high = mid }
        }
        return low < order.count && entries[order[low]].key == key ? entries[order[low]] : nil
    }

    /// The known key nearest to `key` by edit distance, if near enough to be a typo.
    public func closestKey(to key: String) -> String? {
        guard key.utf8.count <= 200 else { return nil }
        var best: (key: String, distance: Int)?
        for f in fields {
            let d = editDistance(key, f.key)
            if best == nil || d < best!.distance { best = (f.key, d) }
        }
        guard let best, best.distance <= max(3, key.count / 3) else { return nil }
        return best.key
    }
}

/// Levenshtein distance over UTF-8 bytes (a dozen lines; no package here has it).
public func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a.utf8), b = Array(b.utf8)
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var row = Array(0...b.count)
    for i in 1...a.count {
        var diagonal = row[0]
        row[0] = i
        for j in 1...b.count {
            let above = row[j]
            row[j] = min(row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1))
            diagonal = above
        }
    }
    return row[b.count]
}
