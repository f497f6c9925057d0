import OceanBalance
import OceanSystem
import TOMLKit

/// Reads a TOML data file (a balance, a theme) into the flat `key = value` entries a
/// `Schema` validates, each with the line it is written on. TOMLKit parses; syntax
/// errors carry its line and column.
public enum TOMLEntries {
    /// The entries of the file at `path`, and where each key (or its table) is written.
    public static func read(path: String) throws(DataError) -> (entries: [RawEntry], locator: KeyLocator) {
        guard let text = readTextFile(path) else {
            throw DataError(issues: [DataIssue(file: path, line: nil, key: nil,
                                               message: "cannot read the file (missing, unreadable or not UTF-8)")])
        }
        return try parse(text, file: path)
    }

    public static func parse(_ text: String, file: String) throws(DataError) -> (entries: [RawEntry], locator: KeyLocator) {
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
}
