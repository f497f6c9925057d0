/// One thing wrong with a data file (a balance, a theme, a tune spec), located as
/// precisely as we can: `file:line: key: message`.
public struct DataIssue: Equatable, Sendable, CustomStringConvertible {
    public let file: String
    /// 1-based; nil when the problem has no line (a missing section, an unreadable file).
    public let line: Int?
    /// The dotted key, when the problem is about one.
    public let key: String?
    public let message: String

    public init(file: String, line: Int?, key: String?, message: String) {
        self.file = file
        self.line = line
        self.key = key
        self.message = message
    }

    public var description: String {
        var s = file
        if let line { s += ":\(line)" }
        s += ": "
        if let key { s += "\(key): " }
        return s + message
    }
}

/// A data file that cannot be used; lists every problem found, not just the first.
public struct DataError: Error, Sendable, CustomStringConvertible {
    public let issues: [DataIssue]

    public init(issues: [DataIssue]) {
        self.issues = issues
    }

    /// Every issue on its own line; past `DataError.shownLimit`, a count of the rest.
    public var description: String {
        var lines = issues.prefix(DataError.shownLimit).map(\.description)
        if issues.count > DataError.shownLimit {
            lines.append("(\(issues.count - DataError.shownLimit) more problems not shown)")
        }
        return lines.joined(separator: "\n")
    }

    /// How many issues a message lists before it only counts the rest.
    public static let shownLimit = 20
}
