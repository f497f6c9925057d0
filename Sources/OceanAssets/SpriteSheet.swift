import OceanBalance
import OceanKernel

/// Named pixel-art sprites read from a text file (`assets/sprites.txt`): a palette
/// of characters and character grids, so art is data that anyone can edit.
///
/// The file: `;` starts a comment line. `colour C 0xRRGGBB` maps the character C to
/// a colour; `colour C theme.key` maps it to a colour of the theme (e.g.
/// `text.accent`), so a theme can recolour sprites. `.` is always transparent.
/// `anchor C NAME` makes C a named point in a grid (where the pet's eyes and mouth
/// go): it is drawn like the cell before it in its row.
/// `sprite NAME` starts a grid, its rows follow, and `end` closes it.
public struct SpriteSheet: Sendable, Equatable {
    /// A palette entry: a fixed colour or a theme key.
    public enum Colour: Sendable, Equatable {
        case rgb(Int)
        case theme(String)
        /// A named point, drawn like its neighbour.
        case anchor(String)
    }

    public struct Sprite: Sendable, Equatable {
        public let name: String
        /// The line of its `sprite NAME`, for messages about it.
        public let line: Int
        public let width: Int
        public let height: Int
        /// Palette characters, row-major; `.` is transparent.
        public let cells: [UInt8]
    }

    public let palette: [UInt8: Colour]
    public let sprites: [Sprite]

    /// The sprites every front needs besides one per kind of trash (named by the
    /// kind's key; `missing(_:)` checks a balance's): the bin, fish and coral (the pet
    /// has its own file: `PetSprites.required`).
    public static let required: [String] = ["bin", "fish", "coral"]

    /// Parses a sprite file; every problem names the file and line. `required` lists
    /// the sprites the file must hold.
    public static func parse(text: String, file: String,
                             required: [String] = SpriteSheet.required) throws(DataError) -> SpriteSheet {
        var issues: [DataIssue] = []
        func problem(_ line: Int?, _ message: String) {
            issues.append(DataIssue(file: file, line: line, key: nil, message: message))
        }
        var palette: [UInt8: Colour] = [:]
        var paletteLine: [UInt8: Int] = [:]
        var sprites: [Sprite] = []
        var open: (name: String, line: Int, rows: [Substring], rowLines: [Int])?
        var lineNumber = 0
        for line in textLines(text) {
            lineNumber += 1
            if var sprite = open {
                if line == "end" {
                    let width = sprite.rows.first?.utf8.count ?? 0
                    var cells: [UInt8] = []
                    var ok = !sprite.rows.isEmpty
                    if !ok { problem(lineNumber, "sprite '\(sprite.name)' has no rows") }
                    for (row, at) in zip(sprite.rows, sprite.rowLines) {
                        if row.utf8.count != width {
                            problem(at, "row is \(row.utf8.count) wide; sprite '\(sprite.name)' rows are \(width)")
                            ok = false
                        }
                        for c in row.utf8 where c != UInt8(ascii: ".") && palette[c] == nil {
                            problem(at, "'\(Character(Unicode.Scalar(c)))' is not in the palette (add 'colour \(Character(Unicode.Scalar(c))) 0xRRGGBB')")
                            ok = false
                        }
                        cells.append(contentsOf: row.utf8)
                    }
                    if sprites.contains(where: { $0.name == sprite.name }) {
                        problem(sprite.line, "sprite '\(sprite.name)' given twice")
                    } else if ok {
                        sprites.append(Sprite(name: sprite.name, line: sprite.line, width: width, height: sprite.rows.count, cells: cells))
                    }
                    open = nil
                } else if line.isEmpty || line.contains(" ") {
                    problem(lineNumber, "expected a sprite row or 'end' (sprite '\(sprite.name)' from line \(sprite.line))")
                } else {
                    sprite.rows.append(line)
                    sprite.rowLines.append(lineNumber)
                    open = sprite
                }
                continue
            }
            let words = line.split(separator: " ", omittingEmptySubsequences: true)
            if words.isEmpty || words[0].hasPrefix(";") { continue }
            switch words[0] {
            case "colour":
                guard words.count == 3, words[1].utf8.count == 1, words[1] != ".",
                      let c = words[1].utf8.first, c > 32, c < 127 else {
                    problem(lineNumber, "expected 'colour C 0xRRGGBB' or 'colour C theme.key' with one printable character C other than '.'")
                    continue
                }
                let value = words[2]
                let colour: Colour
                if value.hasPrefix("0x"), let n = Int(value.dropFirst(2), radix: 16), n <= 0xFF_FFFF, value.count == 8 {
                    colour = .rgb(n)
                } else if ThemeSchema.schema.field(String(value)) != nil {
                    colour = .theme(String(value))
                } else {
                    problem(lineNumber, "'\(value)' is neither 0xRRGGBB (six hex digits) nor a theme key")
                    continue
                }
                if let before = paletteLine[c] {
                    problem(lineNumber, "colour '\(words[1])' given twice (first on line \(before))")
                }
                palette[c] = colour
                paletteLine[c] = lineNumber
            case "anchor":
                guard words.count == 3, words[1].utf8.count == 1, words[1] != ".",
                      let c = words[1].utf8.first, c > 32, c < 127 else {
                    problem(lineNumber, "expected 'anchor C NAME' with one printable character C other than '.'")
                    continue
                }
                if let before = paletteLine[c] {
                    problem(lineNumber, "character '\(words[1])' given twice (first on line \(before))")
                }
                palette[c] = .anchor(String(words[2]))
                paletteLine[c] = lineNumber
            case "sprite":
                guard words.count == 2 else {
                    problem(lineNumber, "expected 'sprite NAME'")
                    continue
                }
                open = (String(words[1]), lineNumber, [], [])
            default:
                problem(lineNumber, "expected 'colour', 'anchor', 'sprite' or a '; comment', found '\(line.prefix(40))'")
            }
        }
        if let sprite = open { problem(sprite.line, "sprite '\(sprite.name)' has no 'end'") }
        for name in required where !sprites.contains(where: { $0.name == name }) && issues.isEmpty {
            problem(nil, required.count > 12 ? "no sprite '\(name)' (the file's header lists the sprites it needs)"
                        : "no sprite '\(name)' (every sheet needs: \(required.joined(separator: ", ")))")
        }
        guard issues.isEmpty else { throw DataError(issues: issues) }
        return SpriteSheet(palette: palette, sprites: sprites)
    }

    public func sprite(_ name: String) -> Sprite? { sprites.first { $0.name == name } }

    /// The names among `names` the sheet has no sprite for.
    public func missing(_ names: [String]) -> [String] { names.filter { sprite($0) == nil } }

    /// Where the cells of the anchor named `anchor` are in a sprite, row by row.
    public func points(of anchor: String, in name: String) -> [(x: Int, y: Int)] {
        guard let s = sprite(name) else { return [] }
        var found: [(x: Int, y: Int)] = []
        for (i, c) in s.cells.enumerated() {
            if case .anchor(let a) = palette[c], a == anchor { found.append((i % s.width, i / s.width)) }
        }
        return found
    }
}
