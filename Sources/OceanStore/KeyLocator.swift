/// Finds the line on which each key of a TOML file is written. TOMLKit reports lines
/// for syntax errors but not for the values it parsed, so this reads the text once (linear in its size),
/// following `[table]` headers and `key = value` lines, to point a designer at the
/// exact line of a wrong value.
public struct KeyLocator: Sendable {
    /// The first line each key (or table) is written on; looked up, never iterated.
    private var lines: [String: Int] = [:]

    init(text: String) {
        var table = ""
        var number = 0
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            var line = raw.drop { $0 == " " || $0 == "\t" }
            if line.hasPrefix("#") || line.isEmpty { continue }
            if line.hasPrefix("[") {
                line = line.drop { $0 == "[" }
                guard let close = line.firstIndex(of: "]") else { continue }
                table = KeyLocator.normalize(line[..<close])
                if lines[table] == nil { lines[table] = number }
            } else if let eq = line.firstIndex(of: "=") {
                let key = KeyLocator.normalize(line[..<eq])
                let full = table.isEmpty ? key : table + "." + key
                if lines[full] == nil { lines[full] = number }
            }
        }
    }

    /// The line of `key` (a value or a table), or nil if it is not written.
    func line(of key: String) -> Int? {
        lines[key]
    }

    /// The line of `key`, else of the nearest enclosing table that is written.
    public func nearestLine(of key: String) -> Int? {
        var k = Substring(key)
        while true {
            if let l = line(of: String(k)) { return l }
            guard let dot = k.lastIndex(of: ".") else { return nil }
            k = k[..<dot]
        }
    }

    private static func normalize(_ s: Substring) -> String {
        s.split(separator: ".").map {
            $0.trimmingCharacters(in: " \t\"'")
        }.joined(separator: ".")
    }
}

private extension Substring {
    func trimmingCharacters(in set: String) -> String {
        String(drop { set.contains($0) }.reversed().drop { set.contains($0) }.reversed())
    }
}
