import OceanBalance
import OceanFront
import Testing

@Suite struct AssetTests {
    @Test func fontParsesAGlyph() throws {
        var text = "size 1 1\n"
        for c in 32...126 { text += "char \(c)\n#\n" }
        let font = try BitmapFont.parse(text: text, file: "t.txt")
        #expect(font.glyphWidth == 1)
    }
}
