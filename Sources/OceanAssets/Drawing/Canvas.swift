/// Drawing primitives over the framebuffer's memory, borrowed for one frame
/// (`withUnsafeMutableBufferPointer`), so fills and blits run without bounds checks
/// or copies. Everything clips to the screen.
public struct Canvas {
    public let pixels: UnsafeMutableBufferPointer<UInt32>
    public let width: Int
    public let height: Int

    public init(pixels: UnsafeMutableBufferPointer<UInt32>, width: Int, height: Int) {
        (self.pixels, self.width, self.height) = (pixels, width, height)
    }

    /// A filled rectangle.
    public func fill(x: Int, y: Int, w: Int, h: Int, _ colour: UInt32) {
        let x0 = max(0, x), x1 = min(width, x + w), y0 = max(0, y), y1 = min(height, y + h)
        guard x0 < x1, y0 < y1 else { return }
        for row in y0..<y1 {
            let base = row * width
            for i in (base + x0)..<(base + x1) { pixels[i] = colour }
        }
    }

    /// A rectangle mixed over what is there by `alpha` of 256.
    public func blend(x: Int, y: Int, w: Int, h: Int, _ colour: UInt32, alpha: UInt32) {
        let x0 = max(0, x), x1 = min(width, x + w), y0 = max(0, y), y1 = min(height, y + h)
        guard x0 < x1, y0 < y1 else { return }
        // `Colour.mix` row by row through a raw pointer, the colour's share worked out
        // once: the same arithmetic, so the same pixels, in a loop the compiler can widen.
        let s = 256 &- alpha
        let rbShare = (colour & 0xFF00FF) &* alpha, gShare = (colour & 0x00FF00) &* alpha
        // Eight pixels or more a row: the lanes; fewer (a ripple's dash, a disc's edge
        // row) would spend more setting the lanes up than blending.
        if alpha <= 256 && x1 - x0 >= 8 {
            return blendBytes(x0: x0, x1: x1, y0: y0, y1: y1, colour, alpha: alpha)
        }
        for row in y0..<y1 {
            let line = pixels.baseAddress! + row * width
            for i in x0..<x1 {
                let a = line[i]
                line[i] = 0xFF00_0000 | ((a & 0xFF00FF) &* s &+ rbShare) >> 8 & 0xFF00FF
                    | ((a & 0x00FF00) &* s &+ gShare) >> 8 & 0x00FF00
            }
        }
    }

    /// `blend` for `alpha` ≤ 256, eight pixels at a time: each channel is
    /// (a × (256 − alpha) + c × alpha) >> 8, at most 255 × 256, so it fits a 16-bit
    /// lane, the very value `Colour.mix` keeps of it in its 32-bit fields; alpha is set
    /// to 0xFF as there. The same pixels. A pixel's even bytes (blue, red) and odd bytes
    /// (green, alpha) are spread into 16-bit lanes by masks and shifts of the words, so
    /// the multiplies are 16 bits wide (one instruction on any x86-64, where 32-bit lane
    /// multiplies are not) and nothing is narrowed back element by element.
    @inline(__always)
    func blendBytes(x0: Int, x1: Int, y0: Int, y1: Int, _ colour: UInt32, alpha: UInt32) {
        let rbShare = (colour & 0xFF00FF) &* alpha, gShare = (colour & 0x00FF00) &* alpha
        let sWide = 256 &- alpha
        let t = UInt16(alpha)
        let (b, g, r) = (UInt16(colour & 0xFF) &* t, UInt16(colour >> 8 & 0xFF) &* t, UInt16(colour >> 16 & 0xFF) &* t)
        let keep = SIMD16<UInt16>(repeating: UInt16(sWide))
        let evenShare = SIMD16<UInt16>(b, r, b, r, b, r, b, r, b, r, b, r, b, r, b, r)
        let oddShare = SIMD16<UInt16>(g, 0, g, 0, g, 0, g, 0, g, 0, g, 0, g, 0, g, 0)
        let bytes = SIMD8<UInt32>(repeating: 0x00FF_00FF), opaque = SIMD8<UInt32>(repeating: 0xFF00_0000)
        for row in y0..<y1 {
            let line = pixels.baseAddress! + row * width
            var i = x0
            while i + 8 <= x1 {
                let at = UnsafeMutableRawPointer(line + i)
                let a = at.loadUnaligned(as: SIMD8<UInt32>.self)
                let even = unsafeBitCast(a & bytes, to: SIMD16<UInt16>.self)
                let odd = unsafeBitCast(a &>> 8 & bytes, to: SIMD16<UInt16>.self)
                let e = unsafeBitCast((even &* keep &+ evenShare) &>> 8, to: SIMD8<UInt32>.self)
                let o = unsafeBitCast((odd &* keep &+ oddShare) &>> 8, to: SIMD8<UInt32>.self)
                at.storeBytes(of: opaque | e | o &<< 8, as: SIMD8<UInt32>.self)
                i += 8
            }
            while i < x1 {
                let a = line[i]
                line[i] = 0xFF00_0000 | ((a & 0xFF00FF) &* sWide &+ rbShare) >> 8 & 0xFF00FF
                    | ((a & 0x00FF00) &* sWide &+ gShare) >> 8 & 0x00FF00
                i += 1
            }
        }
    }

    /// Columns `x ..< x + w`, rows `y ..< y + h`, mixed over what is there, each column
    /// by its own `alpha(column - x)` of 256 (at most 256): a horizontal ramp in one
    /// pass, the pixels of `blend` column by column. Its lanes are set up once per eight
    /// columns, not once per rectangle (a ramp of narrow bands spent most of its time on
    /// each band's ragged end).
    public func blendColumns(x: Int, y: Int, w: Int, h: Int, _ colour: UInt32, alpha: (Int) -> UInt32) {
        let x0 = max(0, x), x1 = min(width, x + w), y0 = max(0, y), y1 = min(height, y + h)
        guard x0 < x1, y0 < y1 else { return }
        let chunks = (x1 - x0) / 8
        let (b, g, r) = (UInt16(colour & 0xFF), UInt16(colour >> 8 & 0xFF), UInt16(colour >> 16 & 0xFF))
        let rb = colour & 0xFF00FF, gc = colour & 0x00FF00
        withUnsafeTemporaryAllocation(of: SIMD16<UInt16>.self, capacity: max(1, 3 * chunks)) { lanes in
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 8) { tail in
                // Each chunk's lanes: what is kept of the pixel, and the colour's share.
                for k in 0..<chunks {
                    var keep = SIMD16<UInt16>(), even = SIMD16<UInt16>(), odd = SIMD16<UInt16>()
                    for j in 0..<8 {
                        let a = alpha(x0 + 8 * k + j - x)
                        precondition(a <= 256, "blendColumns: alpha \(a) is over 256")
                        let t = UInt16(a)
                        keep[2 * j] = 256 &- t
                        keep[2 * j + 1] = 256 &- t
                        even[2 * j] = b &* t
                        even[2 * j + 1] = r &* t
                        odd[2 * j] = g &* t
                    }
                    lanes[3 * k] = keep
                    lanes[3 * k + 1] = even
                    lanes[3 * k + 2] = odd
                }
                let rest = x0 + 8 * chunks
                for i in rest..<x1 { tail[i - rest] = alpha(i - x) }
                let bytes = SIMD8<UInt32>(repeating: 0x00FF_00FF), opaque = SIMD8<UInt32>(repeating: 0xFF00_0000)
                for row in y0..<y1 {
                    let line = pixels.baseAddress! + row * width
                    for k in 0..<chunks {
                        let at = UnsafeMutableRawPointer(line + x0 + 8 * k)
                        let a = at.loadUnaligned(as: SIMD8<UInt32>.self)
                        let keep = lanes[3 * k]
                        let e = unsafeBitCast((unsafeBitCast(a & bytes, to: SIMD16<UInt16>.self) &* keep &+ lanes[3 * k + 1]) &>> 8,
                                              to: SIMD8<UInt32>.self)
                        let o = unsafeBitCast((unsafeBitCast(a &>> 8 & bytes, to: SIMD16<UInt16>.self) &* keep &+ lanes[3 * k + 2]) &>> 8,
                                              to: SIMD8<UInt32>.self)
                        at.storeBytes(of: opaque | e | o &<< 8, as: SIMD8<UInt32>.self)
                    }
                    for i in rest..<x1 {
                        let a = line[i], t = tail[i - rest], s = 256 &- t
                        line[i] = 0xFF00_0000 | ((a & 0xFF00FF) &* s &+ rb &* t) >> 8 & 0xFF00FF
                            | ((a & 0x00FF00) &* s &+ gc &* t) >> 8 & 0x00FF00
                    }
                }
            }
        }
    }

    /// A whole screen copied in (a background).
    public func copy(from source: [UInt32]) {
        source.withUnsafeBufferPointer { src in
            _ = pixels.baseAddress!.update(from: src.baseAddress!, count: min(src.count, pixels.count))
        }
    }

    /// Two screens mixed (`t` of 256 toward `b`), for the phase crossfade.
    public func crossfade(_ a: [UInt32], _ b: [UInt32], t: UInt32) {
        a.withUnsafeBufferPointer { pa in
            b.withUnsafeBufferPointer { pb in
                for i in 0..<min(pixels.count, pa.count, pb.count) { pixels[i] = Colour.mix(pa[i], pb[i], t) }
            }
        }
    }

    /// A sprite with its top-left corner at (x, y); pixels equal to 0 are transparent.
    public func blit(_ sprite: Bitmap, x: Int, y: Int, flipped: Bool = false) {
        let x0 = max(0, x), x1 = min(width, x + sprite.width)
        let y0 = max(0, y), y1 = min(height, y + sprite.height)
        guard x0 < x1, y0 < y1 else { return }
        sprite.pixels.withUnsafeBufferPointer { src in
            for row in y0..<y1 {
                let srcRow = (row - y) * sprite.width
                let dst = row * width
                for col in x0..<x1 {
                    let sx = flipped ? sprite.width - 1 - (col - x) : col - x
                    let p = src[srcRow + sx]
                    if p != 0 { pixels[dst + col] = p }
                }
            }
        }
    }

    /// A sprite mixed over what is there by `alpha` of 256 (a ghost); pixels equal to 0
    /// are transparent.
    public func blit(_ sprite: Bitmap, x: Int, y: Int, alpha: UInt32) {
        let x0 = max(0, x), x1 = min(width, x + sprite.width)
        let y0 = max(0, y), y1 = min(height, y + sprite.height)
        guard x0 < x1, y0 < y1 else { return }
        sprite.pixels.withUnsafeBufferPointer { src in
            for row in y0..<y1 {
                let srcRow = (row - y) * sprite.width
                let dst = row * width
                for col in x0..<x1 {
                    let p = src[srcRow + col - x]
                    if p != 0 { pixels[dst + col] = Colour.mix(pixels[dst + col], p, alpha) }
                }
            }
        }
    }

    /// A sprite scaled by a whole factor, mirrored left to right when `flipped`, and
    /// all in one colour when `solid` is not 0 (a silhouette).
    public func blit(_ sprite: Bitmap, x: Int, y: Int, scale: Int, flipped: Bool = false, solid: UInt32 = 0) {
        guard scale > 1 || flipped || solid != 0 else { return blit(sprite, x: x, y: y) }
        let k = max(1, scale)
        let sw = sprite.width
        sprite.pixels.withUnsafeBufferPointer { src in
            for sy in 0..<sprite.height {
                // Runs of cells of one colour, each filled as one k-high span: the same
                // pixels as a k×k fill per cell (the cells never overlap).
                let line = sy * sw
                var sx = 0
                while sx < sw {
                    let p = src[line + (flipped ? sw - 1 - sx : sx)]
                    if p == 0 { sx += 1; continue }
                    let ink = solid != 0 ? solid : p
                    var end = sx + 1
                    while end < sw {
                        let q = src[line + (flipped ? sw - 1 - end : end)]
                        if q == 0 || (solid == 0 && q != p) { break }
                        end += 1
                    }
                    fill(x: x + sx * k, y: y + sy * k, w: (end - sx) * k, h: k, ink)
                    sx = end
                }
            }
        }
    }

    /// A sprite stretched over a rectangle, nearest cell for each pixel (a backdrop).
    public func stretch(_ sprite: Bitmap, x: Int, y: Int, w: Int, h: Int) {
        guard sprite.width > 0, sprite.height > 0, w > 0, h > 0 else { return }
        let x0 = max(0, x), x1 = min(width, x + w), y0 = max(0, y), y1 = min(height, y + h)
        guard x0 < x1, y0 < y1 else { return }
        // The source column of each pixel, (col - x) * sprite.width / w, stepped by
        // adding sprite.width and carrying whole w's: the same columns without a
        // division per pixel.
        let start = (x0 - x) * sprite.width
        let firstColumn = start / w, firstRemainder = start % w
        sprite.pixels.withUnsafeBufferPointer { src in
            for row in y0..<y1 {
                let srcRow = (row - y) * sprite.height / h * sprite.width
                let dst = row * width
                var column = firstColumn, remainder = firstRemainder
                for col in x0..<x1 {
                    let p = src[srcRow + column]
                    if p != 0 { pixels[dst + col] = p }
                    remainder += sprite.width
                    while remainder >= w { remainder -= w; column += 1 }
                }
            }
        }
    }

    /// A filled circle (splashes, bubbles).
    public func disc(cx: Int, cy: Int, r: Int, _ colour: UInt32, alpha: UInt32 = 256) {
        guard r > 0 else { return }
        for dy in -r...r {
            let y = cy + dy
            guard y >= 0, y < height else { continue }
            var half = 0
            while (half + 1) * (half + 1) + dy * dy <= r * r { half += 1 }
            if alpha >= 256 { fill(x: cx - half, y: y, w: 2 * half + 1, h: 1, colour) }
            else { blend(x: cx - half, y: y, w: 2 * half + 1, h: 1, colour, alpha: alpha) }
        }
    }
}

/// A sprite resolved to pixels for one theme: 0 is transparent, anything else opaque.
public struct Bitmap: Sendable {
    public let width: Int
    public let height: Int
    public let pixels: [UInt32]

    public init(width: Int, height: Int, pixels: [UInt32]) {
        (self.width, self.height, self.pixels) = (width, height, pixels)
    }

    public static let empty = Bitmap(width: 0, height: 0, pixels: [])
}
