import OceanFront

/// The chart as a PNG, drawn without any library: the same data as the SVG (a line
/// with its 95 % band, or a heatmap with each cell's value), axes, grid lines and
/// their labels in the game's own bitmap font. Written uncompressed (zlib "stored"
/// blocks), so no codec is needed.
public enum ChartPNG {
    public static func png(header: SweepHeader, lines: [PointLine], metric: Metric, bot: String,
                           font: BitmapFont) -> [UInt8] {
        let (w, h) = (640, 400)
        var image = Image(width: w, height: h, font: font)
        let ink: (UInt8, UInt8, UInt8) = (40, 40, 40)
        image.text("\(metric.rawValue) for \(bot)", x: w / 2, y: 8, scale: 2, centred: true, ink)
        let valid = lines.filter(\.valid)
        func value(_ l: PointLine) -> (Double, (Double, Double)?)? {
            guard let r = l.results.first(where: { $0.bot == bot }) else { return nil }
            let v = r.value(of: metric, careerDays: 0)
            return v.isFinite ? (v, r.interval(of: metric)) : nil
        }
        let (left, right, top, bottom) = (60, 20, 30, 40)
        image.fill(left, top, w - right, h - bottom, (250, 250, 250))
        if header.keys.count >= 2 {
            var cells: [[Int]: [Double]] = [:]
            for l in valid {
                if let x = l.params[header.keys[0]], let y = l.params[header.keys[1]], let v = value(l)?.0 { cells[[x, y], default: []].append(v) }
            }
            let xs = Set(cells.keys.map { $0[0] }).sorted(), ys = Set(cells.keys.map { $0[1] }).sorted()
            image.text(header.keys[0], x: (left + w - right) / 2, y: h - 14, scale: 1, centred: true, ink)
            image.text(header.keys[1], x: 4, y: top - 12, scale: 1, centred: false, ink)
            let avg = cells.mapValues { $0.reduce(0, +) / Double($0.count) }
            if let lo = avg.values.min(), let hi0 = avg.values.max() {
                let hi = max(hi0, lo + 1e-9)
                let cw = (w - left - right) / max(1, xs.count), ch = (h - top - bottom) / max(1, ys.count)
                for (i, x) in xs.enumerated() {
                    for (j, y) in ys.enumerated() {
                        guard let v = avg[[x, y]] else { continue }
                        let t = (v - lo) / (hi - lo)
                        let x0 = left + cw * i, y0 = h - bottom - ch * (j + 1)
                        image.fill(x0 + 1, y0 + 1, x0 + cw - 1, y0 + ch - 1, (UInt8(40 + 200 * t), 80, UInt8(240 - 200 * t)))
                        image.text(label(v), x: x0 + cw / 2, y: y0 + ch / 2 - 4, scale: 1, centred: true, (255, 255, 255))
                    }
                }
                for (i, x) in xs.enumerated() {
                    image.text(String(x), x: left + cw * i + cw / 2, y: h - bottom + 6, scale: 1, centred: true, ink)
                }
                for (j, y) in ys.enumerated() {
                    image.text(String(y), x: 4, y: h - bottom - ch * j - ch / 2 - 4, scale: 1, centred: false, ink)
                }
            }
        } else if let key = header.keys.first {
            var byX: [Int: [(Double, Double, Double)]] = [:]
            for l in valid {
                if let x = l.params[key], let v = value(l) { byX[x, default: []].append((v.0, v.1?.0 ?? v.0, v.1?.1 ?? v.0)) }
            }
            let xs = byX.keys.sorted()
            if !xs.isEmpty {
                let pts = xs.map { x -> (Double, Double, Double, Double) in
                    let vs = byX[x]!
                    return (Double(x), vs.map(\.0).reduce(0, +) / Double(vs.count), vs.map(\.1).min()!, vs.map(\.2).max()!)
                }
                let x0 = pts.first!.0, x1 = max(pts.last!.0, x0 + 1)
                var y0 = pts.map(\.2).min()!, y1 = pts.map(\.3).max()!
                if y1 - y0 < 1e-9 { y0 -= 0.5; y1 += 0.5 }
                let pad = (y1 - y0) * 0.05
                y0 -= pad; y1 += pad
                func sx(_ x: Double) -> Double { Double(left) + (x - x0) / (x1 - x0) * Double(w - left - right) }
                func sy(_ y: Double) -> Double { Double(h - bottom) - (y - y0) / (y1 - y0) * Double(h - top - bottom) }
                for i in 0...4 {
                    let v = y0 + (y1 - y0) * Double(i) / 4
                    image.hline(left, w - right, Int(sy(v)), (220, 220, 220))
                    image.text(label(v), x: 4, y: Int(sy(v)) - 4, scale: 1, centred: false, ink)
                }
                for p in pts { image.text(String(Int(p.0)), x: Int(sx(p.0)), y: h - bottom + 6, scale: 1, centred: true, ink) }
                image.text("\(key)  (band: 95 % interval)", x: (left + w - right) / 2, y: h - 14, scale: 1, centred: true, ink)
                // The band: for every pixel column, between the interpolated bounds.
                for px in Int(sx(x0))...Int(sx(x1)) {
                    let x = x0 + (Double(px) - sx(x0)) / (sx(x1) - sx(x0)) * (x1 - x0)
                    guard let k = pts.indices.last(where: { pts[$0].0 <= x }) else { continue }
                    let a = pts[k], b = pts[min(k + 1, pts.count - 1)]
                    let t = b.0 > a.0 ? (x - a.0) / (b.0 - a.0) : 0
                    let lo = a.2 + (b.2 - a.2) * t, hi = a.3 + (b.3 - a.3) * t, mid = a.1 + (b.1 - a.1) * t
                    image.vline(px, Int(sy(hi)), Int(sy(lo)), (180, 205, 232))
                    image.fill(px, Int(sy(mid)) - 1, px, Int(sy(mid)) + 1, (31, 119, 180))
                }
                for p in pts { image.fill(Int(sx(p.0)) - 3, Int(sy(p.1)) - 3, Int(sx(p.0)) + 3, Int(sy(p.1)) + 3, (20, 80, 140)) }
            }
        }
        image.hline(left, w - right, h - bottom, (50, 50, 50))
        image.vline(left, top, h - bottom, (50, 50, 50))
        return image.png()
    }

    /// A value as a label: three significant figures, rates as percentages.
    static func label(_ v: Double) -> String {
        let a = abs(v)
        return SweepReport.fixed(v, a >= 100 ? 0 : (a >= 10 ? 1 : (a >= 1 ? 2 : 3)))
    }

    struct Image {
        let width: Int, height: Int
        var rgb: [UInt8]
        let font: BitmapFont
        init(width: Int, height: Int, font: BitmapFont) {
            (self.width, self.height, self.font) = (width, height, font)
            rgb = [UInt8](repeating: 255, count: width * height * 3)
        }

        /// `string` from (`x`, `y`) (its top left, or its top centre when `centred`).
        mutating func text(_ string: String, x: Int, y: Int, scale: Int, centred: Bool, _ c: (UInt8, UInt8, UInt8)) {
            var px = centred ? x - font.width(ofCharacters: string.count, scale: scale) / 2 : x
            for ch in string {
                for gy in 0..<font.glyphHeight {
                    for gx in 0..<font.glyphWidth where font.isLit(ch, x: gx, y: gy) {
                        fill(px + gx * scale, y + gy * scale, px + gx * scale + scale - 1, y + gy * scale + scale - 1, c)
                    }
                }
                px += font.cellWidth * scale
            }
        }
        /// Fills a rectangle, clipped to the image.
        mutating func fill(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int, _ c: (UInt8, UInt8, UInt8)) {
            let (top, bottom) = (max(0, min(y0, y1)), min(height - 1, max(y0, y1)))
            let (left, right) = (max(0, min(x0, x1)), min(width - 1, max(x0, x1)))
            guard top <= bottom && left <= right else { return }
            for y in top...bottom {
                for x in left...right {
                    let i = (y * width + x) * 3
                    (rgb[i], rgb[i + 1], rgb[i + 2]) = c
                }
            }
        }
        mutating func hline(_ x0: Int, _ x1: Int, _ y: Int, _ c: (UInt8, UInt8, UInt8)) { fill(x0, y, x1, y, c) }
        mutating func vline(_ x: Int, _ y0: Int, _ y1: Int, _ c: (UInt8, UInt8, UInt8)) { fill(x, y0, x, y1, c) }

        func png() -> [UInt8] {
            var raw: [UInt8] = []
            raw.reserveCapacity((width * 3 + 1) * height)
            for y in 0..<height {
                raw.append(0)
                raw += rgb[(y * width * 3)..<((y + 1) * width * 3)]
            }
            var zlib: [UInt8] = [0x78, 0x01]
            var offset = 0
            repeat {
                let n = min(65_535, raw.count - offset)
                let last: UInt8 = offset + n == raw.count ? 1 : 0
                zlib += [last, UInt8(n & 0xff), UInt8(n >> 8), UInt8(~n & 0xff), UInt8((~n >> 8) & 0xff)]
                zlib += raw[offset..<(offset + n)]
                offset += n
            } while offset < raw.count
            var a: UInt32 = 1, b: UInt32 = 0
            for byte in raw { a = (a + UInt32(byte)) % 65_521; b = (b + a) % 65_521 }
            zlib += be32((b << 16) | a)
            var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            out += chunk("IHDR", be32(UInt32(width)) + be32(UInt32(height)) + [8, 2, 0, 0, 0])
            out += chunk("IDAT", zlib)
            out += chunk("IEND", [])
            return out
        }

        func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8((v >> 16) & 0xff), UInt8((v >> 8) & 0xff), UInt8(v & 0xff)] }

        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in body {
                crc ^= UInt32(byte)
                for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
            }
            return be32(UInt32(data.count)) + body + be32(~crc)
        }
    }
}
