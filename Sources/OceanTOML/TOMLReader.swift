/// Reads TOML 1.0 text into a `TOMLTable`, refusing anything that is not TOML 1.0
/// with a `TOMLError` that names the line and column.
///
/// Every input gives a table or an error, in time linear in its length: nesting
/// (tables and arrays inside one another, however they are written) is refused past
/// `maxDepth`, so no input can exhaust the stack, and nothing is read twice.
public enum TOMLReader {
    /// The deepest nesting read: tables and arrays inside one another, counting
    /// each part of a dotted key or header. Real files stay far below it.
    public static let maxDepth = 128

    /// The document `text` holds.
    public static func parse(_ text: String) throws(TOMLError) -> TOMLTable {
        try parse(bytes: Array(text.utf8))
    }

    /// The document the UTF-8 `bytes` hold (a byte that is not UTF-8 is refused).
    public static func parse(bytes: [UInt8]) throws(TOMLError) -> TOMLTable {
        if let (index, message) = UTF8Check.firstProblem(in: bytes) {
            // Counted as the parser counts: from after a byte order mark.
            var cursor = Cursor(bytes, from: Parser.startsWithByteOrderMark(bytes) ? 3 : 0)
            while cursor.index < index { cursor.advance() }
            throw TOMLError(message, at: cursor.position)
        }
        var parser = Parser(bytes: bytes, maxDepth: maxDepth)
        return try parser.document()
    }
}
