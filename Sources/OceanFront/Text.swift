/// Text on the canvas from the bitmap font, without building strings per frame:
/// literals are walked byte by byte and numbers are drawn digit by digit.
struct TextPen {
    let canvas: Canvas
    let font: BitmapFont
    /// Drawn one pixel down-right under every glyph, so text reads over any water.
    let shadow: UInt32

    /// Draws `text` (ASCII; anything else shows as '?') with its top-left at (x, y);
    /// returns the x after it.
    @discardableResult
    func text(_ text: String, x: Int, y: Int, scale: Int, _ colour: UInt32) -> Int {
        var pen = x
        for byte in text.utf8 {
            glyph(Int(byte), x: pen, y: y, scale: scale, colour)
            pen += font.cellWidth * scale
        }
        return pen
    }

    /// Draws a whole number; returns the x after it.
    @discardableResult
    func number(_ value: Int, x: Int, y: Int, scale: Int, _ colour: UInt32) -> Int {
        var pen = x
        var v = value
        if v < 0 {
            glyph(Int(UInt8(ascii: "-")), x: pen, y: y, scale: scale, colour)
            pen += font.cellWidth * scale
            v = -v
        }
        let count = TextPen.digits(v)
        var divisor = 1
        for _ in 1..<count { divisor *= 10 }
        while divisor > 0 {
            glyph(48 + (v / divisor) % 10, x: pen, y: y, scale: scale, colour)
            pen += font.cellWidth * scale
            divisor /= 10
        }
        return pen
    }

    /// Width of `text` in pixels, for centring.
    func width(_ text: String, scale: Int) -> Int { font.width(ofCharacters: text.utf8.count, scale: scale) }

    /// Width of a number in pixels.
    func width(of value: Int, scale: Int) -> Int {
        font.width(ofCharacters: TextPen.digits(abs(value)) + (value < 0 ? 1 : 0), scale: scale)
    }

    static func digits(_ v: Int) -> Int {
        var n = 1, v = v
        while v >= 10 { v /= 10; n += 1 }
        return n
    }

    func glyph(_ code: Int, x: Int, y: Int, scale: Int, _ colour: UInt32) {
        let c = (BitmapFont.first...BitmapFont.last).contains(code) ? code : Int(UInt8(ascii: "?"))
        if c == 32 { return }
        let base = (c - BitmapFont.first) * font.glyphHeight
        font.rows.withUnsafeBufferPointer { rows in
            for pass in 0..<2 {
                let (dx, ink) = pass == 0 ? (scale > 1 ? scale / 2 + 0 : 1, shadow) : (0, colour)
                let dy = dx
                for row in 0..<font.glyphHeight {
                    let bits = rows[base + row]
                    if bits == 0 { continue }
                    for col in 0..<font.glyphWidth where bits & (1 << (font.glyphWidth - 1 - col)) != 0 {
                        canvas.fill(x: x + col * scale + dx, y: y + row * scale + dy, w: scale, h: scale, ink)
                    }
                }
            }
        }
    }
}
