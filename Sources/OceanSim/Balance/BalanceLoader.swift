import OceanKernel
import TOMLKit
#if canImport(Glibc)
import Glibc
#endif

/// Reads `assets/balance.toml`-style files into a validated `Balance`: every known
/// key present, each a whole number within its range, no unknown keys, and the
/// cross-field rules of `BalanceSchema.check` met. Anything else is a
/// `BalanceError` listing each problem with file, line and key.
public enum BalanceLoader {
    public static func load(path: String) throws(BalanceError) -> Balance {
        guard let text = readTextFile(path) else {
            throw BalanceError(issues: [BalanceIssue(file: path, line: nil, key: nil,
                                                     message: "cannot read the file (missing, unreadable or not UTF-8)")])
        }
        return try parse(text, file: path)
    }

    public static func parse(_ text: String, file: String) throws(BalanceError) -> Balance {
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw BalanceError(issues: [BalanceIssue(
                file: file, line: error.source.begin.line, key: nil,
                message: "not valid TOML: \(error.description) (column \(error.source.begin.column))")])
        } catch {
            throw BalanceError(issues: [BalanceIssue(file: file, line: nil, key: nil, message: "not valid TOML: \(error)")])
        }
        let locator = KeyLocator(text: text)
        var issues: [BalanceIssue] = []
        func problem(_ key: String, _ message: String) {
            issues.append(BalanceIssue(file: file, line: locator.nearestLine(of: key), key: key, message: message))
        }

        // Every value in the file must be a known constant.
        var leaves: [(key: String, value: TOMLValueConvertible)] = []
        flatten(table, prefix: "", into: &leaves)
        for (key, _) in leaves where BalanceSchema.field(key) == nil {
            var message = "unknown key"
            if let guess = closestKey(to: key) { message += "; did you mean '\(guess)'?" }
            problem(key, message)
        }

        // Every known constant must be in the file, a whole number, in range.
        var balance = Balance()
        for field in BalanceSchema.fields {
            let allowed = "allowed: a whole number from \(field.range.lowerBound) to \(field.range.upperBound) (\(field.unit))"
            guard let value = leaves.first(where: { $0.key == field.key })?.value else {
                problem(field.key, "missing; \(allowed)")
                continue
            }
            guard let n = value.int else {
                problem(field.key, "expected a whole number, found \(describe(value)); \(allowed)")
                continue
            }
            guard field.range.contains(n) else {
                problem(field.key, "\(n) is out of range; \(allowed)")
                continue
            }
            balance[keyPath: field.path] = n
        }
        guard issues.isEmpty else { throw BalanceError(issues: issues) }

        for p in BalanceSchema.check(balance) { problem(p.key, p.message) }
        guard issues.isEmpty else { throw BalanceError(issues: issues) }
        return balance
    }

    /// Dotted keys of every non-table value, in the document's (sorted) key order.
    private static func flatten(_ table: TOMLTable, prefix: String,
                                into leaves: inout [(key: String, value: TOMLValueConvertible)]) {
        for key in table.keys {
            guard let value = table[key] else { continue }
            let full = prefix.isEmpty ? key : prefix + "." + key
            if let sub = value.table {
                flatten(sub, prefix: full, into: &leaves)
            } else {
                leaves.append((full, value))
            }
        }
    }

    private static func describe(_ value: TOMLValueConvertible) -> String {
        switch value.type {
        case .double: "a decimal number (\(value.debugDescription))"
        case .string: "a string (\(value.debugDescription))"
        case .bool: "a boolean (\(value.debugDescription))"
        case .array: "an array"
        case .table: "a table"
        case .date, .time, .dateTime: "a date or time"
        case .int: "a whole number"
        }
    }

    /// The known key nearest to `key` by edit distance, if near enough to be a typo.
    static func closestKey(to key: String) -> String? {
        var best: (key: String, distance: Int)?
        for field in BalanceSchema.fields {
            let d = editDistance(key, field.key)
            if best == nil || d < best!.distance { best = (field.key, d) }
        }
        guard let best, best.distance <= max(3, key.count / 3) else { return nil }
        return best.key
    }

    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.utf8), b = Array(b.utf8)
        var row = Array(0...b.count)
        for i in 1...max(1, a.count) where !a.isEmpty {
            var previous = row[0]
            row[0] = i
            for j in 1...max(1, b.count) where !b.isEmpty {
                let saved = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = saved
            }
        }
        return a.isEmpty ? b.count : row[b.count]
    }
}
