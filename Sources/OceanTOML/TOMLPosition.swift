/// Where something is written in a TOML text: a 1-based line and a 1-based column.
///
/// Lines end at a line feed (a carriage return before it belongs to the line end).
/// Columns count Unicode scalars, not bytes, so a column matches what an editor
/// shows for text without tabs.
public struct TOMLPosition: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The line, from 1.
    public let line: Int
    /// The column, from 1.
    public let column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (a: TOMLPosition, b: TOMLPosition) -> Bool {
        (a.line, a.column) < (b.line, b.column)
    }

    /// "line 3, column 7".
    public var description: String { "line \(line), column \(column)" }
}
