import OceanKernel

/// One `key = value` as some file wrote it, before validation.
public struct RawBalanceEntry: Sendable {
    public enum Value: Sendable {
        case whole(Int)
        /// Not a whole number; says what it is instead ("a decimal number (2.5)").
        case other(String)
    }

    public let key: String
    public let value: Value
    public let line: Int?

    public init(key: String, value: Value, line: Int?) {
        self.key = key
        self.value = value
        self.line = line
    }
}

/// Turns the entries of a balance file (TOML) or a replay header into a `Balance`:
/// every known key exactly once, each a whole number within its range, no unknown
/// keys, and the rules of `BalanceSchema.check` met. All problems are reported at
/// once, each with its file, line and key.
public enum BalanceValidator {
    /// - Parameter lineOfMissing: where to point for a key that is not there at all
    ///   (its table's header, say), or nil.
    public static func validate(_ entries: [RawBalanceEntry], file: String,
                                lineOfMissing: (String) -> Int? = { _ in nil }) throws(BalanceError) -> Balance {
        var issues: [BalanceIssue] = []
        func problem(_ key: String, _ line: Int?, _ message: String) {
            issues.append(BalanceIssue(file: file, line: line, key: key, message: message))
        }
        for (i, entry) in entries.enumerated() {
            if BalanceSchema.field(entry.key) == nil {
                var message = "unknown key"
                if let guess = closestKey(to: entry.key) { message += "; did you mean '\(guess)'?" }
                problem(entry.key, entry.line, message)
            } else if let first = entries[..<i].first(where: { $0.key == entry.key }) {
                problem(entry.key, entry.line, "given twice" + (first.line.map { " (first on line \($0))" } ?? ""))
            }
        }
        var balance = Balance()
        var lines: [String: Int] = [:]  // looked up by key only, never iterated
        for field in BalanceSchema.fields {
            let allowed = "allowed: a whole number from \(field.range.lowerBound) to \(field.range.upperBound) (\(field.unit))"
            guard let entry = entries.first(where: { $0.key == field.key }) else {
                problem(field.key, lineOfMissing(field.key), "missing; \(allowed)")
                continue
            }
            lines[field.key] = entry.line
            switch entry.value {
            case .other(let what):
                problem(field.key, entry.line, "expected a whole number, found \(what); \(allowed)")
            case .whole(let n) where !field.range.contains(n):
                problem(field.key, entry.line, "\(n) is out of range; \(allowed)")
            case .whole(let n):
                balance[keyPath: field.path] = n
            }
        }
        guard issues.isEmpty else { throw BalanceError(issues: issues) }
        for p in BalanceSchema.check(balance) { problem(p.key, lines[p.key] ?? nil, p.message) }
        guard issues.isEmpty else { throw BalanceError(issues: issues) }
        return balance
    }

    /// The known key nearest to `key` by edit distance, if near enough to be a typo.
    public static func closestKey(to key: String) -> String? {
        var best: (key: String, distance: Int)?
        for field in BalanceSchema.fields {
            let d = editDistance(key, field.key)
            if best == nil || d < best!.distance { best = (field.key, d) }
        }
        guard let best, best.distance <= max(3, key.count / 3) else { return nil }
        return best.key
    }

    /// Levenshtein distance over UTF-8 bytes.
    public static func editDistance(_ a: String, _ b: String) -> Int {
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
}
