import OceanBalance
import OceanSystem
import OceanTOML

/// Reads a TOML data file (a balance, a theme) into the flat `key = value` entries a
/// `Schema` validates, each with the line it is written on. OceanTOML reads the text
/// once; a text that is not TOML 1.0 is refused with the line and column of the
/// first problem.
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
        let table = try document(text, file: file)
        var entries: [RawEntry] = []
        flatten(table, prefix: "", into: &entries)
        return (entries, KeyLocator(document: table))
    }

    /// The document `text` holds, read once; a syntax error as a data error naming
    /// `file`, the line, and the column ("not valid TOML: expected '=' after the key
    /// (column 5)"). For readers that walk the tables themselves (tune specs, the
    /// story and flashcards).
    public static func document(_ text: String, file: String) throws(DataError) -> TOMLTable {
        do { return try TOMLReader.parse(text) } catch {
            throw DataError(issues: [DataIssue(file: file, line: error.line, key: nil,
                                               message: "not valid TOML: \(error.message) (column \(error.column))")])
        }
    }

    /// Every non-table value under its dotted key, in the document's key order.
    private static func flatten(_ table: TOMLTable, prefix: String, into entries: inout [RawEntry]) {
        for entry in table.entries {
            let full = prefix.isEmpty ? entry.key : prefix + "." + entry.key
            let raw: RawEntry.Value
            switch entry.value.kind {
            case .table(let sub) where !sub.isInline:
                flatten(sub, prefix: full, into: &entries)
                continue
            case .integer(let n): raw = .whole(Int(n))
            case .string(let s): raw = .text(s)
            // An inline table (`width_px = {a = 1}`) is a value written where one is
            // expected: reported as "a table" at its key, not flattened into keys.
            default: raw = .other(describe(entry.value))
            }
            entries.append(RawEntry(key: full, value: raw, line: entry.keyPosition.line))
        }
    }

    /// What a TOML value is, for a message about a value of the wrong kind: "a
    /// decimal number (2.5)", "a table". The one describer (data files, tune specs).
    public static func describe(_ value: TOMLValue) -> String {
        switch value.kind {
        case .float(let d): "a decimal number (\(d.isNaN ? "nan" : d.isInfinite ? (d < 0 ? "-inf" : "inf") : "\(d)"))"
        case .string(let s): "a string (\"\(s)\")"
        case .boolean(let b): "a boolean (\(b))"
        case .array: "an array"
        case .table: "a table"
        case .dateTime: "a date or time"
        case .integer(let n): "a whole number (\(n))"
        }
    }
}
