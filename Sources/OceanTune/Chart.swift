import OceanKernel

/// A chart of one metric for one bot over the sweep's first varied key (a line with
/// its 95 % interval as a band) or its first two (a heatmap), as SVG.
public enum SweepChart {
    public static func svg(header: SweepHeader, lines: [PointLine], metric: Metric, bot: String) -> String {
        let valid = lines.filter(\.valid)
        func value(_ l: PointLine) -> (Double, (Double, Double)?)? {
            guard let r = l.results.first(where: { $0.bot == bot }) else { return nil }
            let v = r.value(of: metric, careerDays: 0)
            return v.isFinite ? (v, r.interval(of: metric)) : nil
        }
        let title = "\(metric.rawValue) for \(bot)"
        guard let xKey = header.keys.first else { return empty(title) }
        if header.keys.count >= 2 { return heatmap(valid, xKey: xKey, yKey: header.keys[1], title: title, value: { value($0)?.0 }) }
        // Points sharing an x (other keys fixed or not) are averaged into one.
        var byX: [Int: [(Double, (Double, Double)?)]] = [:]
        for l in valid { if let x = l.params[xKey], let v = value(l) { byX[x, default: []].append(v) } }
        let xs = byX.keys.sorted()
        guard !xs.isEmpty else { return empty(title) }
        let pts = xs.map { x -> (Double, Double, Double, Double) in
            let vs = byX[x]!
            let mean = vs.map(\.0).reduce(0, +) / Double(vs.count)
            let lo = vs.map { $0.1?.0 ?? $0.0 }.min()!, hi = vs.map { $0.1?.1 ?? $0.0 }.max()!
            return (Double(x), mean, lo, hi)
        }
        let (w, h, left, right, top, bottom) = (640.0, 400.0, 70.0, 20.0, 40.0, 50.0)
        let x0 = pts.first!.0, x1 = max(pts.last!.0, x0 + 1)
        var y0 = pts.map(\.2).min()!, y1 = pts.map(\.3).max()!
        if y1 - y0 < 1e-9 { y0 -= 0.5; y1 += 0.5 }
        let pad = (y1 - y0) * 0.05
        y0 -= pad; y1 += pad
        func sx(_ x: Double) -> Double { left + (x - x0) / (x1 - x0) * (w - left - right) }
        func sy(_ y: Double) -> Double { h - bottom - (y - y0) / (y1 - y0) * (h - top - bottom) }
        func f(_ d: Double) -> String { SweepReport.fixed(d, 1) }
        var s = open(w, h, title)
        s += "<text x=\"\(f(w / 2))\" y=\"\(f(h - 12))\" text-anchor=\"middle\">\(xKey)</text>\n"
        s += "<text x=\"16\" y=\"\(f(h / 2))\" text-anchor=\"middle\" transform=\"rotate(-90 16 \(f(h / 2)))\">\(metric.rawValue) (95 % CI band)</text>\n"
        s += "<line x1=\"\(f(left))\" y1=\"\(f(h - bottom))\" x2=\"\(f(w - right))\" y2=\"\(f(h - bottom))\" stroke=\"#333\"/>\n"
        s += "<line x1=\"\(f(left))\" y1=\"\(f(top))\" x2=\"\(f(left))\" y2=\"\(f(h - bottom))\" stroke=\"#333\"/>\n"
        for i in 0...4 {
            let y = y0 + (y1 - y0) * Double(i) / 4
            s += "<text x=\"\(f(left - 6))\" y=\"\(f(sy(y) + 4))\" text-anchor=\"end\" font-size=\"11\">\(SweepReport.fixed(y, 3))</text>\n"
            s += "<line x1=\"\(f(left))\" y1=\"\(f(sy(y)))\" x2=\"\(f(w - right))\" y2=\"\(f(sy(y)))\" stroke=\"#ddd\"/>\n"
        }
        for p in pts {
            s += "<text x=\"\(f(sx(p.0)))\" y=\"\(f(h - bottom + 16))\" text-anchor=\"middle\" font-size=\"11\">\(Int(p.0))</text>\n"
        }
        let band = pts.map { "\(f(sx($0.0))),\(f(sy($0.3)))" } + pts.reversed().map { "\(f(sx($0.0))),\(f(sy($0.2)))" }
        s += "<polygon points=\"\(band.joined(separator: " "))\" fill=\"#1f77b4\" fill-opacity=\"0.25\" stroke=\"none\"/>\n"
        s += "<polyline points=\"\(pts.map { "\(f(sx($0.0))),\(f(sy($0.1)))" }.joined(separator: " "))\" fill=\"none\" stroke=\"#1f77b4\" stroke-width=\"2\"/>\n"
        for p in pts { s += "<circle cx=\"\(f(sx(p.0)))\" cy=\"\(f(sy(p.1)))\" r=\"3\" fill=\"#1f77b4\"/>\n" }
        return s + "</svg>\n"
    }

    static func open(_ w: Double, _ h: Double, _ title: String) -> String {
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(w))\" height=\"\(Int(h))\" font-family=\"sans-serif\" font-size=\"13\">\n"
            + "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
            + "<text x=\"\(Int(w / 2))\" y=\"22\" text-anchor=\"middle\" font-size=\"15\">\(title)</text>\n"
    }

    static func empty(_ title: String) -> String { open(640, 400, title) + "<text x=\"320\" y=\"200\" text-anchor=\"middle\">no data</text>\n</svg>\n" }

    static func heatmap(_ lines: [PointLine], xKey: String, yKey: String, title: String, value: (PointLine) -> Double?) -> String {
        var cells: [[Int]: [Double]] = [:]
        for l in lines { if let x = l.params[xKey], let y = l.params[yKey], let v = value(l) { cells[[x, y], default: []].append(v) } }
        let xs = Set(cells.keys.map { $0[0] }).sorted(), ys = Set(cells.keys.map { $0[1] }).sorted()
        guard !xs.isEmpty else { return empty(title) }
        let avg = cells.mapValues { $0.reduce(0, +) / Double($0.count) }
        let lo = avg.values.min()!, hi = max(avg.values.max()!, lo + 1e-9)
        let (w, h, left, top) = (640.0, 400.0, 90.0, 40.0)
        let cw = (w - left - 20) / Double(xs.count), ch = (h - top - 50) / Double(ys.count)
        var s = open(w, h, title + " (\(SweepReport.fixed(lo, 3)) blue … \(SweepReport.fixed(hi, 3)) red)")
        for (i, x) in xs.enumerated() {
            s += "<text x=\"\(SweepReport.fixed(left + cw * (Double(i) + 0.5), 1))\" y=\"\(Int(h - 32))\" text-anchor=\"middle\" font-size=\"11\">\(x)</text>\n"
            for (j, y) in ys.enumerated() {
                guard let v = avg[[x, y]] else { continue }
                let t = (v - lo) / (hi - lo)
                let r = Int(40 + 200 * t), b = Int(240 - 200 * t)
                let px = left + cw * Double(i), py = h - 50 - ch * Double(j + 1)
                s += "<rect x=\"\(SweepReport.fixed(px, 1))\" y=\"\(SweepReport.fixed(py, 1))\" width=\"\(SweepReport.fixed(cw, 1))\" height=\"\(SweepReport.fixed(ch, 1))\" fill=\"rgb(\(r),80,\(b))\"/>\n"
                s += "<text x=\"\(SweepReport.fixed(px + cw / 2, 1))\" y=\"\(SweepReport.fixed(py + ch / 2 + 4, 1))\" text-anchor=\"middle\" font-size=\"10\" fill=\"white\">\(SweepReport.fixed(v, 3))</text>\n"
            }
        }
        for (j, y) in ys.enumerated() {
            s += "<text x=\"\(Int(left - 6))\" y=\"\(SweepReport.fixed(h - 50 - ch * (Double(j) + 0.5) + 4, 1))\" text-anchor=\"end\" font-size=\"11\">\(y)</text>\n"
        }
        s += "<text x=\"\(Int(w / 2))\" y=\"\(Int(h - 10))\" text-anchor=\"middle\">\(xKey)</text>\n"
        s += "<text x=\"14\" y=\"\(Int(h / 2))\" text-anchor=\"middle\" transform=\"rotate(-90 14 \(Int(h / 2)))\">\(yKey)</text>\n"
        return s + "</svg>\n"
    }
}
