/// Why a text is not TOML 1.0, and where: the first problem found, with the line
/// and column it is at and a plain message ("expected '=' after the key").
///
/// The reader stops at the first problem: after one, what follows may be read
/// differently than the writer meant, so further messages would mostly mislead.
public struct TOMLError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Where the problem is.
    public let position: TOMLPosition
    /// What is wrong, without the position ("duplicate key 'x' (first at line 3)").
    public let message: String

    public init(_ message: String, at position: TOMLPosition) {
        self.message = message
        self.position = position
    }

    /// The line of the problem, from 1.
    public var line: Int { position.line }
    /// The column of the problem, from 1.
    public var column: Int { position.column }

    /// "line 3, column 7: expected '=' after the key".
    public var description: String { "\(position): \(message)" }
}
