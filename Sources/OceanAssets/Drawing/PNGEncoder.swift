/// A framebuffer as PNG bytes, in plain Swift: the window, the tools, the tests and the
/// headless tuner encode the same way, with no SDL_image (and no zlib) underneath.
///
/// The picture is 8-bit RGB when every pixel is opaque (a game's frame), RGBA when any
/// is not (the desktop icon's transparent corners), each row filtered with the PNG
/// filter (None, Sub, Up or Paeth) whose bytes sum smallest, then compressed by
/// `Deflate`: LZ77 over a 32 KB window with fixed Huffman codes. The game's art is flat
/// colours and repeats, which that takes to within a small factor of zlib's best.
public enum PNGEncoder {
    /// The PNG file of `framebuffer`, each pixel repeated `scale` × `scale` times; nil
    /// for an empty picture (PNG has no 0 × 0 image) or a scale below 1.
    public static func encode(_ framebuffer: Framebuffer, scale: Int = 1) -> [UInt8]? {
        let width = framebuffer.width * scale, height = framebuffer.height * scale
        guard scale >= 1, width > 0, height > 0, width < 1 << 24, height < 1 << 24 else { return nil }
        // The filtered rows: a filter byte, then R G B (and A) for each pixel.
        let opaque = framebuffer.pixels.allSatisfy { $0 >> 24 == 0xFF }
        let channels = opaque ? 3 : 4
        let stride = 1 + width * channels
        var raw = [UInt8](repeating: 0, count: stride * height)
        var previous = [UInt8](repeating: 0, count: width * channels)
        var current = [UInt8](repeating: 0, count: width * channels)
        var candidate = [UInt8](repeating: 0, count: width * channels)
        var best = [UInt8](repeating: 0, count: width * channels)
        for y in 0..<height {
            let source = (y / scale) * framebuffer.width
            for x in 0..<width {
                let p = framebuffer.pixels[source + x / scale]
                current[x * channels] = UInt8(truncatingIfNeeded: p >> 16)
                current[x * channels + 1] = UInt8(truncatingIfNeeded: p >> 8)
                current[x * channels + 2] = UInt8(truncatingIfNeeded: p)
                if !opaque { current[x * channels + 3] = UInt8(truncatingIfNeeded: p >> 24) }
            }
            var bestFilter: UInt8 = 0, bestCost = Int.max
            for filter: UInt8 in 0...4 where filter != 3 {
                let cost = Self.filter(filter, current, previous, bytesPerPixel: channels, into: &candidate)
                if cost < bestCost { (bestCost, bestFilter) = (cost, filter); swap(&best, &candidate) }
            }
            raw[y * stride] = bestFilter
            raw.withUnsafeMutableBufferPointer { out in
                for i in 0..<best.count { out[y * stride + 1 + i] = best[i] }
            }
            swap(&previous, &current)
        }
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header: [UInt8] = []
        appendBigEndian(UInt32(width), to: &header)
        appendBigEndian(UInt32(height), to: &header)
        header += [8, opaque ? 2 : 6, 0, 0, 0]  // 8 bits, RGB or RGBA, deflate, adaptive filters, no interlace
        chunk("IHDR", header, to: &png)
        chunk("IDAT", Deflate.zlib(raw), to: &png)
        chunk("IEND", [], to: &png)
        return png
    }

    /// Filters `row` against `above` into `out`; returns the sum of the bytes as
    /// signed values, the usual guess at which filter compresses best.
    static func filter(_ kind: UInt8, _ row: [UInt8], _ above: [UInt8], bytesPerPixel bpp: Int, into out: inout [UInt8]) -> Int {
        var cost = 0
        row.withUnsafeBufferPointer { r in
            above.withUnsafeBufferPointer { b in
                out.withUnsafeMutableBufferPointer { o in
                    for i in 0..<r.count {
                        let a = i >= bpp ? r[i - bpp] : 0, up = b[i], c = i >= bpp ? b[i - bpp] : 0
                        let predicted: UInt8
                        switch kind {
                        case 1: predicted = a
                        case 2: predicted = up
                        case 4: predicted = paeth(a, up, c)
                        default: predicted = 0
                        }
                        let v = r[i] &- predicted
                        o[i] = v
                        cost += v < 128 ? Int(v) : 256 - Int(v)
                    }
                }
            }
        }
        return cost
    }

    @inline(__always)
    static func paeth(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        let p = Int(a) + Int(b) - Int(c)
        let pa = abs(p - Int(a)), pb = abs(p - Int(b)), pc = abs(p - Int(c))
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }

    static func chunk(_ type: String, _ data: [UInt8], to png: inout [UInt8]) {
        appendBigEndian(UInt32(data.count), to: &png)
        let start = png.count
        png += Array(type.utf8)
        png += data
        appendBigEndian(CRC32.of(png[start...]), to: &png)
    }

    static func appendBigEndian(_ v: UInt32, to bytes: inout [UInt8]) {
        bytes += [UInt8(v >> 24), UInt8(truncatingIfNeeded: v >> 16), UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v)]
    }
}

/// The CRC-32 of PNG chunks (and gzip, zip): polynomial 0xEDB88320, reflected.
public enum CRC32 {
    static let table: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    public static func of<C: Collection>(_ bytes: C) -> UInt32 where C.Element == UInt8 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes { c = table[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }
}
