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
        try TOMLParseGuard.check(text, file: file)
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

    /// What TOMLKit's parser (toml++) cannot be given, refused before it sees the text:
    /// in a debug build it aborts the process on an assertion for a control character
    /// in a table's name and for a table header with no name (`[` alone on a line).
    /// TOML allows neither; the first is named by line and column.
    public static func refuseControlCharacters(_ text: String, file: String) throws(DataError) {
        func refuse(_ line: Int, _ message: String) -> DataError {
            DataError(issues: [DataIssue(file: file, line: line, key: nil, message: "not valid TOML: " + message)])
        }
        let bytes = Array(text.utf8)
        var line = 1, column = 1
        for byte in bytes {
            if byte == 10 {
                (line, column) = (line + 1, 1)
                continue
            }
            if (byte < 32 && byte != 9 && byte != 13) || byte == 127 {
                let code = String(byte, radix: 16, uppercase: true)
                throw refuse(line, "a control character (U+\(code.count < 2 ? "000" : "00")\(code)) at column \(column); "
                    + "TOML allows none but tab and line ends")
            }
            column += 1
        }
        // Table headers: a `[` that starts a line outside any string or array value.
        let quote = UInt8(ascii: "\""), apostrophe = UInt8(ascii: "'"), hash = UInt8(ascii: "#")
        let open = UInt8(ascii: "["), close = UInt8(ascii: "]"), newline = UInt8(10), backslash = UInt8(ascii: "\\")
        func isBlank(_ b: UInt8) -> Bool { b == 32 || b == 9 || b == 13 }
        func isBareKey(_ b: UInt8) -> Bool {
            (b >= 65 && b <= 90) || (b >= 97 && b <= 122) || (b >= 48 && b <= 57) || b == 95 || b == 45
        }
        func starts(_ i: Int, _ b: UInt8, count: Int) -> Bool {
            i + count <= bytes.count && bytes[i..<(i + count)].allSatisfy { $0 == b }
        }
        var i = 0, depth = 0, atLineStart = true
        line = 1
        while i < bytes.count {
            let b = bytes[i]
            if b == newline { (line, atLineStart, i) = (line + 1, true, i + 1); continue }
            if isBlank(b) { i += 1; continue }
            if b == hash {
                while i < bytes.count && bytes[i] != newline { i += 1 }
                continue
            }
            if b == quote || b == apostrophe {
                // A string, one-line or multi-line (three quotes), skipped whole.
                let multi = starts(i, b, count: 3)
                i += multi ? 3 : 1
                while i < bytes.count {
                    if bytes[i] == newline {
                        line += 1
                        if !multi { break }
                    }
                    if b == quote && bytes[i] == backslash { i += 2; continue }
                    if bytes[i] == b && (!multi || starts(i, b, count: 3)) {
                        i += multi ? 3 : 1
                        // A multi-line string may end in up to two more quotes.
                        while multi && i < bytes.count && bytes[i] == b { i += 1 }
                        break
                    }
                    i += 1
                }
                atLineStart = false
                continue
            }
            if b == open && atLineStart && depth == 0 {
                var j = i + 1
                if j < bytes.count && bytes[j] == open { j += 1 }
                while j < bytes.count && isBlank(bytes[j]) { j += 1 }
                guard j < bytes.count, isBareKey(bytes[j]) || bytes[j] == quote || bytes[j] == apostrophe else {
                    throw refuse(line, "a table header with no name; write [name] (a bare key or a quoted one)")
                }
                // The header's name and its closing bracket: to the end of the line.
                while i < bytes.count && bytes[i] != newline {
                    if bytes[i] == quote || bytes[i] == apostrophe {
                        let q = bytes[i]
                        i += 1
                        while i < bytes.count && bytes[i] != q && bytes[i] != newline { i += 1 }
                    }
                    if i < bytes.count && bytes[i] != newline { i += 1 }
                }
                continue
            }
            if b == open { depth += 1 }
            if b == close { depth = max(0, depth - 1) }
            atLineStart = false
            i += 1
        }
    }
}
