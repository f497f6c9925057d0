import OceanAssets
@testable import OceanFront
import OceanKernel
import Testing
import TestSupport

/// Any name reads: the font covers Latin-1 Supplement and Latin Extended-A, a
/// character it lacks is a visible box (never dropped), and typed text keeps its letters.
@Suite struct GlyphCoverageTests {
    /// The lit pixels of `text` drawn alone at scale 1 on a black 64×16 canvas.
    static func drawn(_ text: String, font: BitmapFont) -> [Bool] {
        var fb = Framebuffer(width: 64, height: 16)
        fb.pixels.withUnsafeMutableBufferPointer { buffer in
            let pen = TextPen(canvas: Canvas(pixels: buffer, width: 64, height: 16), font: font, shadow: 0)
            pen.text(text, x: 1, y: 1, scale: 1, 0xFFFF_FFFF)
        }
        return fb.pixels.map { $0 == 0xFFFF_FFFF }
    }

    @Test func theFontCoversLatin1SupplementAndLatinExtendedA() throws {
        let font = try defaultAssets.font
        let missing = (0xA0...0x17F).filter { !font.covers(UInt32($0)) }.map { String($0, radix: 16) }
        #expect(missing.isEmpty, "no glyph for U+\(missing.joined(separator: ", U+"))")
        #expect(font.covers(0x2026), "the ellipsis that shortens a text")
    }

    @Test func accentedLettersDifferFromTheirBaseAndFitTheCell() throws {
        let font = try defaultAssets.font
        for (accented, plain) in [("ë", "e"), ("ñ", "n"), ("É", "E"), ("Ł", "L"), ("ő", "o"), ("Å", "A"), ("ç", "c")] {
            #expect(Self.drawn(accented, font: font) != Self.drawn(plain, font: font), "\(accented) looks like \(plain)")
            #expect(TextPen(canvas: Canvas(pixels: .init(start: nil, count: 0), width: 0, height: 0), font: font, shadow: 0)
                .width(accented, scale: 1) == font.glyphWidth, "\(accented) is one cell")
        }
        // A capital's accent takes its top row and the letter stays above the descender row.
        let slot = font.slot(0xC9)  // É
        #expect(font.rows[slot * font.glyphHeight] != 0 && font.rows[slot * font.glyphHeight + font.glyphHeight - 1] == 0)
        #expect(Self.drawn("ß", font: font) != Self.drawn("B", font: font))
        // Squeezed for its accent, a capital keeps its distinctive rows: A's crossbar in Á, Ä, Ā.
        let bar = font.rows[font.slot(UInt32(UInt8(ascii: "A"))) * font.glyphHeight + 3]
        for code: UInt32 in [0xC1, 0xC4, 0x100] {
            let rows = font.rows[(font.slot(code) * font.glyphHeight)..<((font.slot(code) + 1) * font.glyphHeight)]
            #expect(rows.contains(bar), "U+\(String(code, radix: 16)) lost A's crossbar")
        }
    }

    @Test func aCharacterTheFontLacksIsAVisibleBox() throws {
        let font = try defaultAssets.font
        #expect(!font.covers(0x4E2D))  // 中
        let box = Self.drawn("中", font: font)
        #expect(box.filter { $0 }.count >= 2 * (font.glyphWidth + font.glyphHeight) - 8, "a hollow box is drawn")
        #expect(box == Self.drawn("\u{1F40B}", font: font), "every missing character the same box")
        #expect(box != Self.drawn(" ", font: font))
    }

    @Test func aTypedNameKeepsEveryLetterAndItsLimitCountsCharacters() throws {
        let sim = try careerSim()
        let view = try careerView()
        var f = try flow(CareerPlayer(), state: sim.state, view: view)
        for _ in 0..<8 where f.page != .name { _ = f.handle(.confirm, state: sim.state) }
        #expect(f.page == .name)
        _ = f.handle(.text("Zoë Núñez"), state: sim.state)
        _ = f.handle(.text("-Groß łő"), state: sim.state)
        #expect(f.typed == "Zoë Núñez-Groß ł", "16 characters, the 17th refused")
        _ = f.handle(.text("\u{7}"), state: sim.state)
        #expect(f.typed.count == 16)
    }
}
