import OceanBalance

/// A fixed-width bitmap font for ASCII 32–126, read from a text file of `#`/`.`
/// grids (`assets/font.txt`), so the look of the HUD is data, not code.
///
/// The file: `;` starts a comment line; `size W H` (glyph width ≤ 8, height) comes
/// first; then for each character `char CODE` followed by H rows of W characters.
/// A glyph's last row is for descenders only (g, j, p, q, y): it doubles as the gap
/// between lines, so a line is `glyphHeight` tall and the descenders stay in the cell.
public struct BitmapFont: Sendable, Equatable {
    public let glyphWidth: Int
    public let glyphHeight: Int
    /// One byte per glyph row, bit (W-1-x) set for a lit pixel; glyph `c` starts at
    /// `(c - 32) * glyphHeight`.
    public let rows: [UInt8]

    public static let first = 32, last = 126

    /// Advance per character at scale 1: the glyph and one pixel of spacing.
    public var cellWidth: Int { glyphWidth + 1 }
    /// Advance per line at scale 1: the glyph, whose last row (descenders only) is the gap.
    public var cellHeight: Int { glyphHeight }

    /// Parses a font file; every problem names the file and line.
    public static func parse(text: String, file: String) throws(DataError) -> BitmapFont {
        var issues: [DataIssue] = []
        func problem(_ line: Int?, _ message: String) {
            issues.append(DataIssue(file: file, line: line, key: nil, message: message))
        }
        var width = 0, height = 0
        var rows: [UInt8] = []
        var seen = [Int?](repeating: nil, count: last - first + 1)
        var current: Int?  // code being read
        var rowsLeft = 0
        var lineNumber = 0
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
            if rowsLeft > 0, let code = current {
                guard line.count == width, line.allSatisfy({ $0 == "#" || $0 == "." }) else {
                    problem(lineNumber, "row of char \(code) must be \(width) characters of '#' or '.'")
                    rowsLeft = 0
                    continue
                }
                var bits: UInt8 = 0
                for ch in line.utf8 { bits = bits << 1 | (ch == UInt8(ascii: "#") ? 1 : 0) }
                rows[(code - first) * height + (height - rowsLeft)] = bits
                rowsLeft -= 1
                continue
            }
            let words = line.split(separator: " ", omittingEmptySubsequences: true)
            if words.isEmpty || words[0].hasPrefix(";") { continue }
            switch words[0] {
            case "size":
                guard words.count == 3, let w = Int(words[1]), let h = Int(words[2]),
                      (1...8).contains(w), (1...32).contains(h), width == 0 else {
                    problem(lineNumber, "expected 'size W H' once, before any char, with W 1–8 and H 1–32")
                    continue
                }
                (width, height) = (w, h)
                rows = [UInt8](repeating: 0, count: (last - first + 1) * h)
            case "char":
                guard width > 0 else {
                    problem(lineNumber, "'char' before 'size W H'")
                    return try fail(issues)
                }
                guard words.count == 2, let code = Int(words[1]), (first...last).contains(code) else {
                    problem(lineNumber, "expected 'char CODE' with CODE from \(first) to \(last)")
                    continue
                }
                if let before = seen[code - first] {
                    problem(lineNumber, "char \(code) given twice (first on line \(before))")
                }
                seen[code - first] = lineNumber
                current = code
                rowsLeft = height
            default:
                problem(lineNumber, "expected 'size W H', 'char CODE' or a '; comment', found '\(line.prefix(40))'")
            }
        }
        if rowsLeft > 0, let code = current {
            problem(lineNumber, "char \(code) has \(height - rowsLeft) rows; expected \(height)")
        }
        if width == 0 { problem(nil, "no 'size W H' line") }
        let missing = seen.indices.filter { seen[$0] == nil }.map { $0 + first }
        if width > 0 && !missing.isEmpty {
            problem(lineNumber, "missing chars: " + missing.prefix(12).map(String.init).joined(separator: ", ")
                    + (missing.count > 12 ? " and \(missing.count - 12) more" : ""))
        }
        guard issues.isEmpty else { return try fail(issues) }
        return BitmapFont(glyphWidth: width, glyphHeight: height, rows: rows)
    }

    private static func fail(_ issues: [DataIssue]) throws(DataError) -> BitmapFont {
        throw DataError(issues: issues)
    }

    /// Whether pixel (`x`, `y`) of `character`'s glyph is lit (a blank for anything
    /// outside ASCII 32–126), for drawing into images other than the framebuffer.
    public func isLit(_ character: Character, x: Int, y: Int) -> Bool {
        guard let a = character.asciiValue, Int(a) >= Self.first, Int(a) <= Self.last,
              (0..<glyphWidth).contains(x), (0..<glyphHeight).contains(y) else { return false }
        return rows[(Int(a) - Self.first) * glyphHeight + y] & (1 << (glyphWidth - 1 - x)) != 0
    }

    /// Width in pixels of `count` characters at `scale`.
    public func width(ofCharacters count: Int, scale: Int) -> Int {
        count == 0 ? 0 : (count * cellWidth - 1) * scale
    }
}
