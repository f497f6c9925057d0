/// One thing wrong with a data file (a balance, a theme, a tune spec), located as
/// precisely as we can: `file:line: key: message`.
public struct DataIssue: Hashable, Sendable, CustomStringConvertible {
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
        if let key { s += "\(DataIssue.oneLine(key)): " }
        return s + message
    }

    /// A key as typed, on one line: a newline or another control character in a
    /// quoted TOML key is shown as its escape, so one issue stays one line.
    static func oneLine(_ key: String) -> String {
        guard key.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { return key }
        return key.unicodeScalars.map { c -> String in
            switch c {
            case "\n": "\\n"
            case "\t": "\\t"
            case "\r": "\\r"
            case _ where c.value < 0x20 || c.value == 0x7F: "\\u" + String(repeating: "0", count: 4 - String(c.value, radix: 16).count) + String(c.value, radix: 16, uppercase: true)
            default: String(c)
            }
        }.joined()
    }
}

/// A data file that cannot be used; lists every problem found, not just the first.
public struct DataError: Error, Sendable, CustomStringConvertible {
    public let issues: [DataIssue]

    /// The same issue twice (one key checked by two rules, one file read by two
    /// loaders) is listed once, where it came first.
    public init(issues: [DataIssue]) {
        var seen = Set<DataIssue>()
        self.issues = issues.filter { seen.insert($0).inserted }
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
