import OceanAssets

/// The chart as a picture: the same data as the SVG (a line with its 95 % band, or a
/// heatmap with each cell's value), axes, grid lines and their labels in the game's
/// own bitmap font, drawn into a framebuffer with the game's drawing primitives. The
/// command line writes it as PNG through the one picture writer (`PNGFile`, plain
/// Swift, so the headless tuner writes the same bytes).
public enum ChartPicture {
    public static let width = 640, height = 400

    public static func draw(header: SweepHeader, lines: [PointLine], metric: Metric, bot: String,
                            font: BitmapFont) -> Framebuffer {
        let (w, h) = (width, height)
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
        return image.framebuffer
    }

    /// A value as a label: three significant figures, rates as percentages.
    static func label(_ v: Double) -> String {
        let a = abs(v)
        return SweepReport.fixed(v, a >= 100 ? 0 : (a >= 10 ? 1 : (a >= 1 ? 2 : 3)))
    }

    /// The chart's white page: rectangles and text in `0xRRGGBB`-style tuples, drawn
    /// through `Canvas` and `TextPen` (no shadow).
    struct Image {
        var framebuffer: Framebuffer
        let font: BitmapFont
        init(width: Int, height: Int, font: BitmapFont) {
            framebuffer = Framebuffer(width: width, height: height)
            for i in framebuffer.pixels.indices { framebuffer.pixels[i] = 0xFFFF_FFFF }
            self.font = font
        }

        static func pixel(_ c: (UInt8, UInt8, UInt8)) -> UInt32 {
            0xFF00_0000 | UInt32(c.0) << 16 | UInt32(c.1) << 8 | UInt32(c.2)
        }

        /// `string` from (`x`, `y`) (its top left, or its top centre when `centred`).
        mutating func text(_ string: String, x: Int, y: Int, scale: Int, centred: Bool, _ c: (UInt8, UInt8, UInt8)) {
            let left = centred ? x - font.width(ofCharacters: string.utf8.count, scale: scale) / 2 : x
            let (w, h, font) = (framebuffer.width, framebuffer.height, font)
            _ = framebuffer.pixels.withUnsafeMutableBufferPointer { pixels in
                TextPen(canvas: Canvas(pixels: pixels, width: w, height: h), font: font, shadow: 0)
                    .text(string, x: left, y: y, scale: scale, Image.pixel(c))
            }
        }

        /// Fills a rectangle between two corners (inclusive, either order), clipped to the image.
        mutating func fill(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int, _ c: (UInt8, UInt8, UInt8)) {
            let (w, h) = (framebuffer.width, framebuffer.height)
            framebuffer.pixels.withUnsafeMutableBufferPointer { pixels in
                Canvas(pixels: pixels, width: w, height: h)
                    .fill(x: min(x0, x1), y: min(y0, y1), w: abs(x1 - x0) + 1, h: abs(y1 - y0) + 1, Image.pixel(c))
            }
        }
        mutating func hline(_ x0: Int, _ x1: Int, _ y: Int, _ c: (UInt8, UInt8, UInt8)) { fill(x0, y, x1, y, c) }
        mutating func vline(_ x: Int, _ y0: Int, _ y1: Int, _ c: (UInt8, UInt8, UInt8)) { fill(x, y0, x, y1, c) }
    }
}
