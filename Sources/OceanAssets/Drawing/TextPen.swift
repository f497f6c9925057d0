import OceanBalance

/// Text on the canvas from the bitmap font, without building strings per frame:
/// literals are walked character by character (Unicode scalars: "ë" is one glyph)
/// and numbers are drawn digit by digit.
public struct TextPen {
    public let canvas: Canvas
    public let font: BitmapFont
    /// Drawn one pixel down-right under every glyph, so text reads over any water;
    /// 0 for none (a chart on a plain ground).
    public let shadow: UInt32
    /// Where each text's box is written, when a layout test asks (nil in play).
    public let log: TextBoxLog?
    /// The right edge of the box being written in: a text or number that would pass it
    /// is cut and ends in "…" inside it (a copy of the pen with its own limit per box).
    public var limit = Int.max

    public init(canvas: Canvas, font: BitmapFont, shadow: UInt32, log: TextBoxLog? = nil) {
        (self.canvas, self.font, self.shadow, self.log) = (canvas, font, shadow, log)
    }

    /// Draws `text` with its top-left at (x, y) (a character the font lacks as a hollow
    /// box); returns the x after it. With `limit` (a right edge), a text that would pass
    /// it is cut and ends in "…" inside it.
    @discardableResult
    public func text(_ text: String, x: Int, y: Int, scale: Int, _ colour: UInt32, limit: Int? = nil) -> Int {
        let limit = limit ?? self.limit
        var pen = x
        let cell = font.cellWidth * scale
        let fits = limit == .max || x + font.width(ofCharacters: text.unicodeScalars.count, scale: scale) <= limit
        for scalar in text.unicodeScalars {
            if !fits && pen + 2 * cell - scale > limit {
                if pen + cell - scale <= limit { glyph(0x2026, x: pen, y: y, scale: scale, colour); pen += cell }
                break
            }
            glyph(Int(scalar.value), x: pen, y: y, scale: scale, colour)
            pen += cell
        }
        log?.record(x: x, y: y, w: pen - x, h: font.cellHeight * scale, text: text)
        return pen
    }

    /// Draws a whole number grouped by thousands ("12,345"), as `ImpactUnits.grouped`
    /// writes it in words, so a number reads the same everywhere; returns the x after it.
    @discardableResult
    public func number(_ value: Int, x: Int, y: Int, scale: Int, _ colour: UInt32, grouped: Bool = true) -> Int {
        var pen = x
        // Int.min has no positive twin: show the largest number instead of trapping.
        var v = value == Int.min ? Int.max : value
        if v < 0 {
            glyph(Int(UInt8(ascii: "-")), x: pen, y: y, scale: scale, colour)
            pen += font.cellWidth * scale
            v = -v
        }
        let count = TextPen.digits(v)
        var divisor = 1
        for _ in 1..<count { divisor *= 10 }
        var left = count
        let cell = font.cellWidth * scale
        let fits = limit == .max || x + font.width(ofCharacters: TextPen.characters(of: value) - (grouped ? 0 : (count - 1) / 3),
                                                   scale: scale) <= limit
        // Digits and separators in turn; when the whole does not fit, each only while
        // it and an ellipsis still do.
        var comma = false
        while divisor > 0 {
            if !fits && pen + 2 * cell - scale > limit {
                if pen + cell - scale <= limit { glyph(0x2026, x: pen, y: y, scale: scale, colour); pen += cell }
                break
            }
            if comma {
                glyph(Int(UInt8(ascii: ",")), x: pen, y: y, scale: scale, colour)
                comma = false
            } else {
                glyph(48 + (v / divisor) % 10, x: pen, y: y, scale: scale, colour)
                divisor /= 10
                left -= 1
                comma = grouped && left > 0 && left % 3 == 0
            }
            pen += cell
        }
        log?.record(x: x, y: y, w: pen - x, h: font.cellHeight * scale, text: grouped ? ImpactUnits.grouped(value) : String(value))
        return pen
    }

    /// Width of `text` in pixels, for centring.
    public func width(_ text: String, scale: Int) -> Int { font.width(ofCharacters: text.unicodeScalars.count, scale: scale) }

    /// Width of a number in pixels.
    public func width(of value: Int, scale: Int) -> Int { font.width(ofCharacters: TextPen.characters(of: value), scale: scale) }

    /// How many characters a number is drawn with: its digits, their thousands'
    /// separators and any minus sign.
    public static func characters(of value: Int) -> Int {
        let v = value == Int.min ? Int.max : value
        let d = digits(abs(v))
        return d + (d - 1) / 3 + (v < 0 ? 1 : 0)
    }

    public static func digits(_ v: Int) -> Int {
        var n = 1, v = v
        while v >= 10 { v /= 10; n += 1 }
        return n
    }

    /// One glyph and its shadow. Glyphs wholly on screen (nearly all) are written
    /// straight to memory; the rest go through the clipping fill.
    public func glyph(_ code: Int, x: Int, y: Int, scale: Int, _ colour: UInt32) {
        if code == 32 || code == 0xA0 { return }
        let base = font.slot(UInt32(truncatingIfNeeded: max(0, code))) * font.glyphHeight
        let gw = font.glyphWidth, gh = font.glyphHeight
        let offset = scale > 1 ? scale / 2 : 1
        let inside = x >= 0 && y >= 0 && x + gw * scale + offset <= canvas.width && y + gh * scale + offset <= canvas.height
        let pixels = canvas.pixels, width = canvas.width
        font.rows.withUnsafeBufferPointer { rows in
            for pass in (shadow == 0 ? 1 : 0)..<2 {
                let (d, ink) = pass == 0 ? (offset, shadow) : (0, colour)
                for row in 0..<gh {
                    let bits = rows[base + row]
                    if bits == 0 { continue }
                    if inside {
                        // Runs of set bits, each filled as one span per pixel row: the
                        // same pixels in the same ink as one by one, in far fewer writes.
                        var v = UInt64(bits) << (64 - gw)  // column 0 in the top bit
                        while v != 0 {
                            let start = v.leadingZeroBitCount
                            let run = (~(v << start)).leadingZeroBitCount
                            let top = (y + row * scale + d) * width + x + start * scale + d
                            for sy in 0..<scale {
                                (pixels.baseAddress! + top + sy * width).update(repeating: ink, count: run * scale)
                            }
                            let end = start + run
                            v = end >= 64 ? 0 : v & (UInt64.max >> end)
                        }
                        continue
                    }
                    for col in 0..<gw where bits & (1 << (gw - 1 - col)) != 0 {
                        let px = x + col * scale + d, py = y + row * scale + d
                        if !inside {
                            canvas.fill(x: px, y: py, w: scale, h: scale, ink)
                        } else if scale == 1 {
                            pixels[py * width + px] = ink
                        } else {
                            for sy in 0..<scale {
                                let at = (py + sy) * width + px
                                for sx in 0..<scale { pixels[at + sx] = ink }
                            }
                        }
                    }
                }
            }
        }
    }
}
