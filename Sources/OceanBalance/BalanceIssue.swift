/// One thing wrong with a balance file, located as precisely as we can.
public struct BalanceIssue: Equatable, Sendable, CustomStringConvertible {
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

/// A balance file that cannot be used; lists every problem found, not just the first.
public struct BalanceError: Error, Sendable, CustomStringConvertible {
    public let issues: [BalanceIssue]

    public init(issues: [BalanceIssue]) {
        self.issues = issues
    }
    public var description: String { issues.map(\.description).joined(separator: "\n") }
}
