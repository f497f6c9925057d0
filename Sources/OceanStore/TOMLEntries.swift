import OceanBalance
import OceanSystem
import TOMLKit

/// Reads a TOML data file (a balance, a theme) into the flat `key = value` entries a
/// `Schema` validates, each with the line it is written on. TOMLKit parses; syntax
/// errors carry its line and column.
public enum TOMLEntries {
    /// The entries of the file at `path`, and where each key (or its table) is written.
    public static func read(path: String) throws(DataError) -> (entries: [RawEntry], locator: KeyLocator) {
        // (Balance files have their own, smaller limit: `BalanceLoader.maxBytes`.)
        try parse(readText(path: path), file: path)
    }

    /// The whole text of a data file (at most `limit` bytes, UTF-8), or an error
    /// naming the file and the system's reason: missing, unreadable, a folder or a
    /// FIFO (refused without waiting on it), a name too long, not UTF-8.
    public static func readText(path: String, limit: Int = 64 << 20) throws(DataError) -> String {
        do { return try PathName(path).readText(limit: limit) } catch {
            throw DataError(issues: [DataIssue(file: error.path, line: nil, key: nil,
                                               message: "cannot read the file: \(error.message)")])
        }
    }

    public static func parse(_ text: String, file: String) throws(DataError) -> (entries: [RawEntry], locator: KeyLocator) {
        try refuseControlCharacters(text, file: file)
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw DataError(issues: [DataIssue(
                file: file, line: error.source.begin.line, key: nil,
                message: "not valid TOML: \(error.description) (column \(error.source.begin.column))")])
        } catch {
            throw DataError(issues: [DataIssue(file: file, line: nil, key: nil, message: "not valid TOML: \(error)")])
        }
        let locator = KeyLocator(text: text)
        var entries: [RawEntry] = []
        flatten(table, prefix: "", locator: locator, into: &entries)
        return (entries, locator)
    }

    /// Every non-table value under its dotted key, in the document's key order.
    private static func flatten(_ table: TOMLTable, prefix: String, locator: KeyLocator, into entries: inout [RawEntry]) {
        for key in table.keys {
            guard let value = table[key] else { continue }
            let full = prefix.isEmpty ? key : prefix + "." + key
            // An inline table (`width_px = {a = 1}`) is a value written where one is
            // expected: reported as "a table" at its key, not flattened into keys.
            if let sub = value.table, !sub.inline {
                flatten(sub, prefix: full, locator: locator, into: &entries)
            } else {
                let raw: RawEntry.Value = value.int.map { .whole($0) } ?? value.string.map { .text($0) } ?? .other(describe(value))
                entries.append(RawEntry(key: full, value: raw, line: locator.nearestLine(of: full)))
            }
        }
    }

    /// What a TOML value is, for a message about a value of the wrong kind: "a
    /// decimal number (2.5)", "a table". The one describer (data files, tune specs).
    public static func describe(_ value: TOMLValueConvertible) -> String {
        switch value.type {
        case .double: "a decimal number (\(value.debugDescription))"
        case .string: "a string (\(value.debugDescription))"
        case .bool: "a boolean (\(value.debugDescription))"
        case .array: "an array"
        case .table: "a table"
        case .date, .time, .dateTime: "a date or time"
        case .int: "a whole number (\(value.debugDescription))"
        }
    }

    /// TOML allows no control character but tab and line ends anywhere in a file, and
    /// TOMLKit's parser (toml++) asserts on some (a NUL in a table's name aborts the
    /// process): every text goes through this before TOMLKit sees it. The first one is
    /// named with its line and column.
    public static func refuseControlCharacters(_ text: String, file: String) throws(DataError) {
        var line = 1, column = 1
        for byte in text.utf8 {
            if byte == 10 {
                (line, column) = (line + 1, 1)
                continue
            }
            if (byte < 32 && byte != 9 && byte != 13) || byte == 127 {
                let code = String(byte, radix: 16, uppercase: true)
                throw DataError(issues: [DataIssue(file: file, line: line, key: nil,
                    message: "not valid TOML: a control character (U+\(code.count < 2 ? "000" : "00")\(code)) at column \(column); "
                        + "TOML allows none but tab and line ends")])
            }
            column += 1
        }
    }
}
