/// The Pareto front as SVG: every valid point by its errors on the first two
/// objectives (grey), the front's points in colour, joined as a staircase and
/// labelled with their point numbers.
public enum ParetoChart {
    public static func svg(header: SweepHeader, lines: [PointLine]) -> String {
        let names = header.objectives ?? []
        let title = "Pareto front: \(names.prefix(2).joined(separator: " vs "))"
        let pts = lines.filter { $0.valid }.compactMap { l -> (Int, Double, Double)? in
            guard let o = l.objectives, o.count >= 2 else { return nil }
            return (l.point, o[0], o[1])
        }
        guard names.count >= 2, !pts.isEmpty else { return SweepChart.empty(title) }
        let front = Set(header.front ?? Pareto.front(lines))
        let (w, h, left, right, top, bottom) = (640.0, 420.0, 70.0, 20.0, 40.0, 60.0)
        let x1 = max(pts.map(\.1).max()!, 1e-9) * 1.05, y1 = max(pts.map(\.2).max()!, 1e-9) * 1.05
        func sx(_ x: Double) -> Double { left + x / x1 * (w - left - right) }
        func sy(_ y: Double) -> Double { h - bottom - y / y1 * (h - top - bottom) }
        func f(_ d: Double) -> String { SweepReport.fixed(d, 1) }
        var s = SweepChart.open(w, h, title)
        s += "<line x1=\"\(f(left))\" y1=\"\(f(h - bottom))\" x2=\"\(f(w - right))\" y2=\"\(f(h - bottom))\" stroke=\"#333\"/>\n"
        s += "<line x1=\"\(f(left))\" y1=\"\(f(top))\" x2=\"\(f(left))\" y2=\"\(f(h - bottom))\" stroke=\"#333\"/>\n"
        for i in 0...4 {
            let x = x1 * Double(i) / 4, y = y1 * Double(i) / 4
            s += "<text x=\"\(f(sx(x)))\" y=\"\(f(h - bottom + 16))\" text-anchor=\"middle\" font-size=\"11\">\(SweepReport.fixed(x, 3))</text>\n"
            s += "<text x=\"\(f(left - 6))\" y=\"\(f(sy(y) + 4))\" text-anchor=\"end\" font-size=\"11\">\(SweepReport.fixed(y, 3))</text>\n"
        }
        s += "<text x=\"\(f((left + w - right) / 2))\" y=\"\(f(h - 24))\" text-anchor=\"middle\">relative error: \(names[0])</text>\n"
        s += "<text x=\"16\" y=\"\(f(h / 2))\" text-anchor=\"middle\" transform=\"rotate(-90 16 \(f(h / 2)))\">relative error: \(names[1])</text>\n"
        s += "<text x=\"\(f(w - right))\" y=\"\(f(h - 6))\" text-anchor=\"end\" font-size=\"11\">grey: all points; blue: the front (no point is better on both)</text>\n"
        let onFront = pts.filter { front.contains($0.0) }.sorted { ($0.1, $0.2) < ($1.1, $1.2) }
        if onFront.count > 1 {
            var path: [String] = []
            for (i, p) in onFront.enumerated() {
                if i > 0 { path.append("\(f(sx(p.1))),\(f(sy(onFront[i - 1].2)))") }
                path.append("\(f(sx(p.1))),\(f(sy(p.2)))")
            }
            s += "<polyline points=\"\(path.joined(separator: " "))\" fill=\"none\" stroke=\"#1f77b4\" stroke-width=\"1.5\"/>\n"
        }
        for p in pts where !front.contains(p.0) {
            s += "<circle cx=\"\(f(sx(p.1)))\" cy=\"\(f(sy(p.2)))\" r=\"3\" fill=\"#aaa\"/>\n"
        }
        for p in onFront {
            s += "<circle cx=\"\(f(sx(p.1)))\" cy=\"\(f(sy(p.2)))\" r=\"4.5\" fill=\"#1f77b4\"/>\n"
            s += "<text x=\"\(f(sx(p.1) + 6))\" y=\"\(f(sy(p.2) - 6))\" font-size=\"10\">\(p.0)</text>\n"
        }
        return s + "</svg>\n"
    }
}
