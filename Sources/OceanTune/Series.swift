import OceanDrivers
/// Metrics over time (`--series`): per round of a game, or per day of a career, the
/// mean over the games (careers) of one point and bot, with its 95 % interval, the way
/// Machinations and BehaviorSpace show a run as curves rather than an end value.
public struct SeriesLine: Codable, Sendable, Equatable {
    public var point: Int
    public var bot: String
    /// "round" (games) or "day" (careers).
    public var unit: String
    /// 1-based: the first round, the first day of the plan.
    public var index: Int
    /// Games that reached this round, or careers (all reach every day).
    public var n: Int
    /// Per metric, in `Series.roundMetrics` or `Series.dayMetrics`.
    public var metrics: [String: Band]

    /// A mean and its 95 % interval (Wilson for a rate, normal otherwise).
    public struct Band: Codable, Sendable, Equatable {
        public var mean: Double
        public var ciLow: Double
        public var ciHigh: Double
    }
}

public enum Series {
    /// catch_rate: the round's own catches of its items (pooled over games, Wilson);
    /// the others as they stand at the round's end.
    public static let roundMetrics = ["catch_rate", "score", "grams", "health"]
    public static let dayMetrics = ["health", "level", "phase", "pet_stage"]

    /// The lines of one point and bot.
    public static func lines(point: Int, bot: String, games: [GameOutcome], careers: [CareerOutcome]) -> [SeriesLine] {
        var out: [SeriesLine] = []
        let rounds = games.map(\.rounds.count).max() ?? 0
        for r in 0..<rounds {
            let reached = games.filter { $0.rounds.count > r }
            var caught = 0, missed = 0
            for g in reached {
                let before = r > 0 ? g.rounds[r - 1] : Snapshot()
                caught += g.rounds[r].catches - before.catches
                missed += g.rounds[r].misses - before.misses
            }
            let rate = RateStat(successes: caught, n: caught + missed)
            var m: [String: SeriesLine.Band] = ["catch_rate": .init(mean: rate.rate, ciLow: rate.ciLow, ciHigh: rate.ciHigh)]
            m["score"] = band(reached.map { $0.rounds[r].score })
            m["grams"] = band(reached.map { $0.rounds[r].grams })
            m["health"] = band(reached.map { $0.rounds[r].health })
            out.append(SeriesLine(point: point, bot: bot, unit: "round", index: r + 1, n: reached.count, metrics: m))
        }
        let days = careers.map(\.days.count).max() ?? 0
        for d in 0..<days {
            let all = careers.filter { $0.days.count > d }.map { $0.days[d] }
            let m: [String: SeriesLine.Band] = ["health": band(all.map(\.health)), "level": band(all.map(\.level)),
                                                "phase": band(all.map(\.phase)), "pet_stage": band(all.map(\.petStage))]
            out.append(SeriesLine(point: point, bot: bot, unit: "day", index: d + 1, n: all.count, metrics: m))
        }
        return out
    }

    static func band(_ values: [Int]) -> SeriesLine.Band {
        let s = MeanStat(values)
        return .init(mean: s.mean, ciLow: s.ciLow, ciHigh: s.ciHigh)
    }

    /// The JSON Lines file: one line per point, bot, unit and index.
    public static func jsonl(_ lines: [SeriesLine]) -> String {
        lines.map { JSONLines.encode($0) + "\n" }.joined()
    }

    /// One row per point, bot, unit and index (a row per day or round), every metric's
    /// mean and interval as columns.
    public static func csv(_ lines: [SeriesLine]) -> String {
        let metrics = Array(Set(roundMetrics + dayMetrics)).sorted()
        var cols = ["point", "bot", "unit", "index", "n"]
        for m in metrics { cols += [m + "_mean", m + "_ci_low", m + "_ci_high"] }
        var out = cols.joined(separator: ",") + "\n"
        for l in lines {
            var row = ["\(l.point)", l.bot, l.unit, "\(l.index)", "\(l.n)"]
            for m in metrics {
                if let b = l.metrics[m] { row += ["\(b.mean)", "\(b.ciLow)", "\(b.ciHigh)"] } else { row += ["", "", ""] }
            }
            out += row.joined(separator: ",") + "\n"
        }
        return out
    }

    /// A line chart (SVG) of `metric` over days (careers) or else rounds for `bot`, a line with its
    /// band for each of at most eight points (`points`, else the first eight), each labelled
    /// at its end and in the legend beneath with `labels[point]` (its values); `shipped`,
    /// the base balance's lines, drawn as a dashed black line to compare with.
    public static func svg(_ lines: [SeriesLine], metric: String, bot: String, points: [Int],
                           labels: [Int: String] = [:], shipped: [SeriesLine] = []) -> String {
        // Careers' days when there are any with the metric (health is both), else rounds.
        let unit = lines.contains { $0.unit == "day" && $0.metrics[metric] != nil } ? "day" : "round"
        let mine = lines.filter { $0.bot == bot && $0.unit == unit && $0.metrics[metric] != nil }
        let chosen = Array((points.isEmpty ? Array(Set(mine.map(\.point))).sorted() : points).prefix(8))
        let title = "\(metric) per \(unit) for \(bot) (95 % band)"
        let curves = chosen.map { p in mine.filter { $0.point == p }.sorted { $0.index < $1.index } }.filter { !$0.isEmpty }
        let base = shipped.filter { $0.bot == bot && $0.unit == unit && $0.metrics[metric] != nil }.sorted { $0.index < $1.index }
        guard !curves.isEmpty else { return SweepChart.empty(title) }
        let colours = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f"]
        let all = curves.flatMap { $0 } + base
        let x1 = Double(max(2, all.map(\.index).max()!))
        var y0 = all.map { $0.metrics[metric]!.ciLow }.min()!, y1 = all.map { $0.metrics[metric]!.ciHigh }.max()!
        if y1 - y0 < 1e-9 { y0 -= 0.5; y1 += 0.5 }
        // The legend beneath the plot: a row per curve (and the shipped one).
        let legendRows = curves.count + (base.isEmpty ? 0 : 1)
        let plotH = 400.0
        let (w, h, left, right, top, bottom) = (640.0, plotH + 14 * Double(legendRows) + 8, 70.0, 50.0, 40.0, 50.0)
        func sx(_ x: Double) -> Double { left + (x - 1) / (x1 - 1) * (w - left - right) }
        func sy(_ y: Double) -> Double { plotH - bottom - (y - y0) / (y1 - y0) * (plotH - top - bottom) }
        func f(_ d: Double) -> String { SweepReport.fixed(d, 1) }
        var s = SweepChart.open(w, h, title)
        s += "<line x1=\"\(f(left))\" y1=\"\(f(plotH - bottom))\" x2=\"\(f(w - right))\" y2=\"\(f(plotH - bottom))\" stroke=\"#333\"/>\n"
        s += "<line x1=\"\(f(left))\" y1=\"\(f(top))\" x2=\"\(f(left))\" y2=\"\(f(plotH - bottom))\" stroke=\"#333\"/>\n"
        for i in 0...4 {
            let y = y0 + (y1 - y0) * Double(i) / 4
            s += "<text x=\"\(f(left - 6))\" y=\"\(f(sy(y) + 4))\" text-anchor=\"end\" font-size=\"11\">\(SweepReport.fixed(y, 3))</text>\n"
        }
        let step = max(1, Int(x1) / 10)
        for x in stride(from: 1, through: Int(x1), by: step) {
            s += "<text x=\"\(f(sx(Double(x))))\" y=\"\(f(plotH - bottom + 16))\" text-anchor=\"middle\" font-size=\"11\">\(x)</text>\n"
        }
        s += "<text x=\"\(f((left + w - right) / 2))\" y=\"\(f(plotH - 12))\" text-anchor=\"middle\">\(unit)</text>\n"
        func path(_ curve: [SeriesLine]) -> String {
            curve.map { "\(f(sx(Double($0.index)))),\(f(sy($0.metrics[metric]!.mean)))" }.joined(separator: " ")
        }
        func legend(_ row: Int, _ colour: String, _ text: String, dashed: Bool) {
            let y = plotH + 4 + 14 * Double(row)
            s += "<line x1=\"\(f(left))\" y1=\"\(f(y))\" x2=\"\(f(left + 22))\" y2=\"\(f(y))\" stroke=\"\(colour)\" stroke-width=\"2\"\(dashed ? " stroke-dasharray=\"6 4\"" : "")/>\n"
            s += "<text x=\"\(f(left + 28))\" y=\"\(f(y + 4))\" font-size=\"11\" fill=\"\(colour)\">\(XMLText.escaped(text))</text>\n"
        }
        // Every band first, then the lines over them, so no band hides a line.
        for (c, curve) in curves.enumerated() {
            let colour = colours[c % colours.count]
            let band = curve.map { "\(f(sx(Double($0.index)))),\(f(sy($0.metrics[metric]!.ciHigh)))" }
                + curve.reversed().map { "\(f(sx(Double($0.index)))),\(f(sy($0.metrics[metric]!.ciLow)))" }
            s += "<polygon points=\"\(band.joined(separator: " "))\" fill=\"\(colour)\" fill-opacity=\"0.15\" stroke=\"none\"/>\n"
        }
        for (c, curve) in curves.enumerated() {
            let colour = colours[c % colours.count]
            s += "<polyline points=\"\(path(curve))\" fill=\"none\" stroke=\"\(colour)\" stroke-width=\"2\"/>\n"
            let end = curve.last!
            s += "<text x=\"\(f(sx(Double(end.index)) + 5))\" y=\"\(f(sy(end.metrics[metric]!.mean) + 4))\" font-size=\"11\" fill=\"\(colour)\">p\(end.point)</text>\n"
            legend(c, colour, "p\(curve[0].point): " + (labels[curve[0].point] ?? "point \(curve[0].point)"), dashed: false)
        }
        if !base.isEmpty {
            s += "<polyline points=\"\(path(base))\" fill=\"none\" stroke=\"#000\" stroke-width=\"2\" stroke-dasharray=\"6 4\"/>\n"
            let end = base.last!
            s += "<text x=\"\(f(sx(Double(end.index)) + 5))\" y=\"\(f(sy(end.metrics[metric]!.mean) + 4))\" font-size=\"11\">shipped</text>\n"
            legend(curves.count, "#000", "shipped: the base balance, the same games", dashed: true)
        }
        return s + "</svg>\n"
    }
}
