import OceanBalance

/// A fixed-width bitmap font, read from a text file of `#`/`.` grids
/// (`assets/font.txt`), so the look of the HUD is data, not code. ASCII 32–126 must
/// all be there; beyond it (Latin-1 Supplement, Latin Extended-A, the ellipsis…) a
/// glyph is drawn in the file or composed there from a letter and a mark.
///
/// The file: `;` starts a comment line; `size W H` (glyph width ≤ 8, height) comes
/// first; then for each character `char CODE` followed by H rows of W characters;
/// `mark NAME above|over` followed by H rows (an accent, a stroke); `compose CODE BASE
/// MARK…` (codes in decimal). A mark `above` that meets the letter (a capital) pushes
/// the letter's middle rows out to make room, so Ë stays in the cell.
/// A glyph's last row is for descenders only (g, j, p, q, y): it doubles as the gap
/// between lines, so a line is `glyphHeight` tall and the descenders stay in the cell.
/// A character the font lacks is drawn as a hollow box (never dropped).
public struct BitmapFont: Sendable, Equatable {
    public let glyphWidth: Int
    public let glyphHeight: Int
    /// One byte per glyph row, bit (W-1-x) set for a lit pixel; slot `s` starts at
    /// `s * glyphHeight`: slots 0…94 are ASCII 32–126, then the others, then the box.
    public let rows: [UInt8]
    /// The slot of each character beyond ASCII.
    let extra: [UInt32: Int]

    public static let first = 32, last = 126
    /// The highest code a file may give a glyph for.
    public static let lastExtra = 0xFFFF

    init(glyphWidth: Int, glyphHeight: Int, rows: [UInt8], extra: [UInt32: Int] = [:]) {
        (self.glyphWidth, self.glyphHeight, self.extra) = (glyphWidth, glyphHeight, extra)
        // The replacement: a hollow box the size of a capital, after every glyph.
        var all = rows
        let top = 0, bottom = max(0, glyphHeight - 2)
        for r in 0..<glyphHeight {
            let full: UInt8 = glyphWidth >= 8 ? 0xFF : UInt8((1 << glyphWidth) - 1)
            let sides: UInt8 = glyphWidth == 1 ? 1 : UInt8(1 << (glyphWidth - 1)) | 1
            all.append(r == top || r == bottom ? full : r < bottom ? sides : 0)
        }
        self.rows = all
    }

    /// The slot drawn for `code`: its glyph, or the replacement box.
    @inline(__always) public func slot(_ code: UInt32) -> Int {
        if code >= UInt32(Self.first) && code <= UInt32(Self.last) { return Int(code) - Self.first }
        return extra[code] ?? replacementSlot
    }

    /// The hollow box drawn for a character the font lacks.
    public var replacementSlot: Int { rows.count / glyphHeight - 1 }

    /// Whether the font has a glyph of its own for `code`.
    public func covers(_ code: UInt32) -> Bool { slot(code) != replacementSlot }

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
        // Beyond ASCII: drawn glyphs (by code), marks (by name), compositions in file order.
        var extraRows: [Int: [UInt8]] = [:], extraLine: [Int: Int] = [:]
        var marks: [String: (rows: [UInt8], above: Bool)] = [:]
        var readingMark: String?, markAbove = false
        var composes: [(code: Int, base: Int, marks: [String], line: Int)] = []
        var lineNumber = 0
        for line in textLines(text) {
            lineNumber += 1
            if rowsLeft > 0, let code = current {
                guard line.count == width, line.allSatisfy({ $0 == "#" || $0 == "." }) else {
                    problem(lineNumber, "row of char \(code) must be \(width) characters of '#' or '.'")
                    rowsLeft = 0
                    continue
                }
                var bits: UInt8 = 0
                for ch in line.utf8 { bits = bits << 1 | (ch == UInt8(ascii: "#") ? 1 : 0) }
                if let name = readingMark { marks[name, default: ([], markAbove)].rows.append(bits) }
                else if code > last { extraRows[code, default: []].append(bits) }
                else { rows[(code - first) * height + (height - rowsLeft)] = bits }
                rowsLeft -= 1
                continue
            }
            readingMark = nil
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
                guard words.count == 2, let code = Int(words[1]), (first...last).contains(code) || (160...lastExtra).contains(code) else {
                    problem(lineNumber, "expected 'char CODE' with CODE from \(first) to \(last) or 160 to \(lastExtra)")
                    continue
                }
                if code > last {
                    if let before = extraLine[code] { problem(lineNumber, "char \(code) given twice (first on line \(before))") }
                    extraLine[code] = lineNumber
                    extraRows[code] = []
                } else {
                    if let before = seen[code - first] {
                        problem(lineNumber, "char \(code) given twice (first on line \(before))")
                    }
                    seen[code - first] = lineNumber
                }
                current = code
                rowsLeft = height
            case "mark":
                guard width > 0 else {
                    problem(lineNumber, "'mark' before 'size W H'")
                    return try fail(issues)
                }
                guard words.count == 3, words[2] == "above" || words[2] == "over" else {
                    problem(lineNumber, "expected 'mark NAME above' or 'mark NAME over'")
                    continue
                }
                let name = String(words[1])
                if marks[name] != nil { problem(lineNumber, "mark \(name) given twice") }
                marks[name] = ([], words[2] == "above")
                (readingMark, markAbove, current, rowsLeft) = (name, words[2] == "above", -1, height)
            case "compose":
                guard words.count >= 4, let code = Int(words[1]), (160...lastExtra).contains(code), let base = Int(words[2]) else {
                    problem(lineNumber, "expected 'compose CODE BASE MARK…' with CODE from 160 to \(lastExtra)")
                    continue
                }
                if let before = extraLine[code] { problem(lineNumber, "char \(code) given twice (first on line \(before))") }
                extraLine[code] = lineNumber
                // A `; comment` may end the line.
                composes.append((code, base, words[3...].prefix { !$0.hasPrefix(";") }.map(String.init), lineNumber))
            default:
                problem(lineNumber, "expected 'size W H', 'char CODE' or a '; comment', found '\(line.prefix(40))'")
            }
        }
        if rowsLeft > 0, let code = current {
            problem(lineNumber, "char \(code) has \(height - rowsLeft) rows; expected \(height)")
        }
        // The composed glyphs, each from a letter drawn (or composed) before it.
        for c in composes {
            var glyph: [UInt8]
            if (first...last).contains(c.base) { glyph = Array(rows[((c.base - first) * height)..<((c.base - first + 1) * height)]) }
            else if let g = extraRows[c.base], g.count == height { glyph = g }
            else { problem(c.line, "compose \(c.code): base \(c.base) is not a glyph given before it"); continue }
            for name in c.marks {
                guard let mark = marks[name], mark.rows.count == height else {
                    problem(c.line, "compose \(c.code): no mark named '\(name)'")
                    continue
                }
                glyph = compose(glyph, mark.rows, above: mark.above)
            }
            extraRows[c.code] = glyph
        }
        if width == 0 { problem(nil, "no 'size W H' line") }
        let missing = seen.indices.filter { seen[$0] == nil }.map { $0 + first }
        if width > 0 && !missing.isEmpty {
            problem(lineNumber, "missing chars: " + missing.prefix(12).map(String.init).joined(separator: ", ")
                    + (missing.count > 12 ? " and \(missing.count - 12) more" : ""))
        }
        guard issues.isEmpty else { return try fail(issues) }
        var extra: [UInt32: Int] = [:]
        var slot = last - first + 1
        for code in extraRows.keys.sorted() where extraRows[code]!.count == height {
            rows += extraRows[code]!
            extra[UInt32(code)] = slot
            slot += 1
        }
        return BitmapFont(glyphWidth: width, glyphHeight: height, rows: rows, extra: extra)
    }

    /// `base` with `mark` laid on it. A mark above that meets the letter's lit rows
    /// (a capital's accent) takes the top rows, and the letter loses rows that repeat
    /// the row above (where a stroke runs on) so its shape stays, ending where it ended.
    static func compose(_ base: [UInt8], _ mark: [UInt8], above: Bool) -> [UInt8] {
        guard above, let markBottom = mark.lastIndex(where: { $0 != 0 }),
              let top = base.firstIndex(where: { $0 != 0 }), let bottom = base.lastIndex(where: { $0 != 0 }),
              top <= markBottom else {
            return zip(base, mark).map { $0 | $1 }
        }
        // The letter's rows, squeezed to start just below the mark.
        let start = markBottom + 1
        var letter = Array(base[top...bottom])
        // Rows that repeat the one above go first (a stem's, a side's), nearest the
        // middle, so a crossbar or a bowl survives: Á keeps its bar.
        while letter.count > bottom - start + 1 && letter.count > 1 {
            let repeats = letter.indices.dropFirst().filter { letter[$0] == letter[$0 - 1] }
            let middle = letter.count / 2
            letter.remove(at: repeats.min { abs($0 - middle) < abs($1 - middle) } ?? middle)
        }
        var out = [UInt8](repeating: 0, count: base.count)
        for (i, r) in letter.enumerated() where bottom - letter.count + 1 + i < out.count { out[bottom - letter.count + 1 + i] = r }
        for i in out.indices where i > bottom { out[i] = base[i] }
        return zip(out, mark).map { $0 | $1 }
    }

    private static func fail(_ issues: [DataIssue]) throws(DataError) -> BitmapFont {
        throw DataError(issues: issues)
    }

    /// Whether pixel (`x`, `y`) of `character`'s glyph is lit (a blank for anything
    /// outside ASCII 32–126), for drawing into images other than the framebuffer.
    public func isLit(_ character: Character, x: Int, y: Int) -> Bool {
        guard let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1,
              (0..<glyphWidth).contains(x), (0..<glyphHeight).contains(y) else { return false }
        return rows[slot(scalar.value) * glyphHeight + y] & (1 << (glyphWidth - 1 - x)) != 0
    }

    /// Width in pixels of `count` characters at `scale`.
    public func width(ofCharacters count: Int, scale: Int) -> Int {
        count == 0 ? 0 : (count * cellWidth - 1) * scale
    }
}
