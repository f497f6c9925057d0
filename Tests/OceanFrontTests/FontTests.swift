@testable import OceanAssets
@testable import OceanFront
import Testing

/// The bitmap font read back from the pixels it draws.
@Suite struct FontTests {
    let font: BitmapFont
    init() throws { font = try defaultAssets.font }

    /// `text` drawn white on black at scale 1 with its cell's top-left at (8, 8).
    func drawn(_ text: String) -> Framebuffer {
        var fb = Framebuffer(width: GameView.width, height: GameView.height)
        fb.pixels.withUnsafeMutableBufferPointer { buffer in
            let pen = TextPen(canvas: Canvas(pixels: buffer, width: fb.width, height: fb.height), font: font,
                              shadow: 0xFF00_0000)
            pen.text(text, x: 8, y: 8, scale: 1, 0xFFFF_FFFF)
        }
        return fb
    }

    /// The cell's rows (0 at its top) that hold a lit pixel.
    func inkRows(_ text: String) -> [Int] {
        let fb = drawn(text)
        return (0..<font.cellHeight).filter { row in
            (0..<fb.width).contains { fb.pixels[(8 + row) * fb.width + $0] == 0xFFFF_FFFF }
        }
    }

    @Test func descendersGoBelowTheBaselineSoGIsNoNine() throws {
        // Capitals and digits stand on the baseline; the rows under it are the descenders'.
        let baseline = try #require(inkRows("HIMXW0123456789").last)
        #expect(baseline < font.cellHeight - 1, "no room under the baseline")
        for letter in ["g", "j", "p", "q", "y"] {
            #expect(inkRows(letter).contains { $0 > baseline }, "\(letter) has no descender")
        }
        for other in ["9", "a", "e", "o", "Q", "!"] {
            #expect(!inkRows(other).contains { $0 > baseline }, "\(other) reaches under the baseline")
        }
        let descenders = 9 + baseline..<8 + font.cellHeight
        #expect(differing(drawn("g"), drawn("9"), y: descenders.lowerBound, h: descenders.count) > 0)
    }
}
