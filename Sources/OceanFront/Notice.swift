/// A message across the top of the screen for a while: the balance file reloaded,
/// or why it was not. Wrapped once when made, so drawing it allocates nothing.
public struct Notice: Sendable, Equatable {
    public let lines: [String]
    /// Drawn in the theme's warning colour rather than its "good" one.
    public let isProblem: Bool
    /// The first tick it is no longer shown (`Int.max`: until replaced).
    public let until: Int

    /// `text` wrapped to `columns` characters a line (at most `maxLines`, the last
    /// ending in "…" if cut).
    public init(_ text: String, isProblem: Bool, until: Int, columns: Int, maxLines: Int = 4) {
        lines = TextWrap.lines(text, columns: columns, maxLines: maxLines)
        self.isProblem = isProblem
        self.until = until
    }
}

/// Text cut into lines at spaces, made once (a notice, a challenge, a toast), so that
/// drawing the lines frame after frame allocates nothing.
enum TextWrap {
    /// `text` wrapped to `columns` characters a line: paragraphs at newlines, a word
    /// longer than a line cut; at most `maxLines`, the last ending in "…" if cut.
    static func lines(_ text: String, columns: Int, maxLines: Int) -> [String] {
        // A box too narrow for one character still shows one: cutting words into
        // pieces of none would never end.
        let columns = max(1, columns), maxLines = max(1, maxLines)
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: true) {
            var line = ""
            for word in paragraph.split(separator: " ") {
                var word = Substring(word)
                while word.count > columns {  // a path longer than a line: cut it
                    if !line.isEmpty { lines.append(line); line = "" }
                    lines.append(String(word.prefix(columns)))
                    word = word.dropFirst(columns)
                }
                if line.isEmpty { line = String(word) } else if line.count + 1 + word.count <= columns { line += " " + word } else {
                    lines.append(line)
                    line = String(word)
                }
            }
            if !line.isEmpty { lines.append(line) }
        }
        if lines.count > maxLines {
            lines = Array(lines.prefix(maxLines))
            lines[maxLines - 1] = String(lines[maxLines - 1].prefix(columns - 1)) + "…"
        }
        return lines
    }

    /// `text` as the bitmap font can draw it: the impact units' superscript and
    /// subscript digits (m³, CO₂) as plain digits, anything else outside ASCII as '?'.
    static func ascii(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\u{B2}", "\u{2082}": out.append("2")
            case "\u{B3}", "\u{2083}": out.append("3")
            case "\u{2026}": out.append("...")
            default: out.append(scalar.isASCII ? Character(scalar) : "?")
            }
        }
        return out
    }
}
