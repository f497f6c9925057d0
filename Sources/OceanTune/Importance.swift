/// How much of each metric's spread over the points each swept key explains.
///
/// A grid: the main-effects (first-order) decomposition, the share of the variance
/// of the point means that the means per value of the key account for,
/// Σ nₗ(ȳₗ − ȳ)² / Σ(yᵢ − ȳ)². On a full grid the main effects are orthogonal, so
/// the shares sum to at most 1; the rest is interaction. Other designs (list, random,
/// Latin hypercube): the squared Spearman rank correlation of the key with the metric.
/// With correlated keys (or a grid with invalid points left out) the shares can add up
/// to more than 1; they are then scaled to sum to 1, and the entry says so.
/// On a grid each pair of keys also gets its two-way interaction share: the variance
/// the means per pair of values account for, less both keys' main effects,
/// (SS₍ₖₗ₎ − SSₖ − SSₗ) / SS_total; what the main effects and the pairs leave is the
/// higher-order interaction and the games' own noise (`rest`).
/// Small enough to write here: Σ and ranks, nothing a statistics library would add.
public enum Importance {
    public struct Entry: Sendable, Equatable {
        public var bot: String
        public var metric: Metric
        /// "main-effects" or "spearman²".
        public var method: String
        /// Per key, in the header's key order.
        public var shares: [Double]
        public var scaled: Bool
        /// Grids only: each pair of keys (indices in key order, i < j) and its share.
        public var interactions: [Interaction] = []
        /// Grids only: 1 less the main effects and the pairs (never below 0).
        public var rest: Double?
    }

    public struct Interaction: Sendable, Equatable {
        public var keys: (Int, Int)
        public var share: Double
        public init(keys: (Int, Int), share: Double) { (self.keys, self.share) = (keys, share) }
        public static func == (a: Interaction, b: Interaction) -> Bool { a.keys == b.keys && a.share == b.share }
    }

    /// The metrics measured per game (career days are left out: a career that never
    /// reaches a milestone has no day to rank); arcade's own only for the bots that
    /// play arcade or the Daily Ocean (a classic bot has no value for them, and is skipped).
    public static let metrics: [Metric] = [.catchRate, .perfectRate, .bestCombo, .score, .grams, .health,
                                           .roundsReached, .gameMinutes, .endedByMisses]

    public static func compute(header: SweepHeader, lines: [PointLine]) -> [Entry] {
        let valid = lines.filter { $0.valid && !$0.results.isEmpty }
        guard !header.keys.isEmpty, valid.count >= 2 else { return [] }
        let grid = header.sampling == "grid"
        var out: [Entry] = []
        for bot in header.bots {
            for metric in metrics {
                var xs: [[Double]] = header.keys.map { _ in [] }, ys: [Double] = []
                for l in valid {
                    guard let r = l.results.first(where: { $0.bot == bot }) else { continue }
                    let y = r.value(of: metric, careerDays: 0)
                    guard y.isFinite else { continue }
                    ys.append(y)
                    for (k, key) in header.keys.enumerated() { xs[k].append(Double(l.params[key] ?? 0)) }
                }
                guard ys.count >= 2 else { continue }
                var shares = xs.map { grid ? mainEffect($0, ys) : spearmanSquared($0, ys) }
                let sum = shares.reduce(0, +)
                let scaled = sum > 1 + 1e-9
                if scaled { shares = shares.map { $0 / sum } }
                var entry = Entry(bot: bot, metric: metric, method: grid ? "main-effects" : "spearman²",
                                  shares: shares.map(rounded), scaled: scaled)
                // A flat metric has no variance to share out.
                if grid && header.keys.count >= 2 && !scaled && ys.contains(where: { $0 != ys[0] }) {
                    for i in 0..<header.keys.count {
                        for j in (i + 1)..<header.keys.count {
                            let pair = betweenShare(zip(xs[i], xs[j]).map { [$0, $1] }, ys)
                            entry.interactions.append(Interaction(keys: (i, j), share: rounded(max(0, pair - shares[i] - shares[j]))))
                        }
                    }
                    entry.rest = rounded(max(0, 1 - shares.reduce(0, +) - entry.interactions.reduce(0) { $0 + $1.share }))
                }
                out.append(entry)
            }
        }
        return out
    }

    /// Between-value sum of squares over the total sum of squares (0 when y is flat).
    static func mainEffect(_ x: [Double], _ y: [Double]) -> Double { betweenShare(x.map { [$0] }, y) }

    /// The same for groups given by several keys' values together (a cell of the grid).
    /// Summed in the groups' sorted order, so the last bits never depend on hashing.
    static func betweenShare(_ x: [[Double]], _ y: [Double]) -> Double {
        let mean = y.reduce(0, +) / Double(y.count)
        let total = y.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
        guard total > 1e-12 else { return 0 }
        var groups: [[Double]: (sum: Double, n: Int)] = [:]
        for (a, b) in zip(x, y) { groups[a, default: (0, 0)].sum += b; groups[a, default: (0, 0)].n += 1 }
        let between = groups.keys.sorted { $0.lexicographicallyPrecedes($1) }.reduce(0.0) { acc, key in
            let g = groups[key]!
            let m = g.sum / Double(g.n)
            return acc + Double(g.n) * (m - mean) * (m - mean)
        }
        return min(1, between / total)
    }

    /// The Pearson correlation of the ranks (ties get their mean rank), squared.
    public static func spearmanSquared(_ x: [Double], _ y: [Double]) -> Double {
        let rx = ranks(x), ry = ranks(y)
        let n = Double(x.count)
        let mx = rx.reduce(0, +) / n, my = ry.reduce(0, +) / n
        var sxy = 0.0, sxx = 0.0, syy = 0.0
        for (a, b) in zip(rx, ry) { sxy += (a - mx) * (b - my); sxx += (a - mx) * (a - mx); syy += (b - my) * (b - my) }
        guard sxx > 1e-12, syy > 1e-12 else { return 0 }
        let r = sxy / (sxx * syy).squareRoot()
        return min(1, r * r)
    }

    static func ranks(_ v: [Double]) -> [Double] {
        let order = v.indices.sorted { (v[$0], $0) < (v[$1], $1) }
        var r = [Double](repeating: 0, count: v.count)
        var i = 0
        while i < order.count {
            var j = i
            while j + 1 < order.count && v[order[j + 1]] == v[order[i]] { j += 1 }
            let mean = Double(i + j) / 2 + 1
            for k in i...j { r[order[k]] = mean }
            i = j + 1
        }
        return r
    }

    /// The report's section: per bot and metric, each key's share.
    public static func table(_ entries: [Entry], keys: [String]) -> String {
        guard !entries.isEmpty else { return "" }
        var out = "importance (share of each metric's variance over the points each key explains; \(entries[0].method)"
            + (entries[0].method == "main-effects" ? ", with each pair's interaction" : "") + "):\n"
        for e in entries {
            let parts = zip(keys, e.shares).map { "\(SweepReport.shortName($0, among: keys)) \(SweepReport.fixed($1 * 100, 1)) %" }
            out += "  \(e.bot) \(e.metric.rawValue): \(parts.joined(separator: ", "))\(e.scaled ? " (scaled to sum to 100 %)" : "")\n"
            if !e.interactions.isEmpty {
                let pairs = e.interactions.map {
                    "\(SweepReport.shortName(keys[$0.keys.0], among: keys))×\(SweepReport.shortName(keys[$0.keys.1], among: keys)) \(SweepReport.fixed($0.share * 100, 1)) %"
                }
                out += "    interactions: \(pairs.joined(separator: ", ")); the rest \(SweepReport.fixed((e.rest ?? 0) * 100, 1)) % (higher order and noise)\n"
            }
        }
        return out
    }

    /// A bar chart (SVG): one group of bars per metric for `bot`, a bar per key.
    public static func svg(_ entries: [Entry], keys: [String], bot: String) -> String {
        let rows = entries.filter { $0.bot == bot }
        let colours = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f"]
        let (w, left, top, barH, gap) = (640.0, 120.0, 40.0, 12.0, 10.0)
        let groupH = Double(max(1, keys.count)) * barH + gap
        let h = top + Double(max(1, rows.count)) * groupH + 30 + Double(keys.count) * 16
        var s = SweepChart.open(w, h, "importance for \(bot) (share of variance, \(rows.first?.method ?? "none"))")
        func f(_ d: Double) -> String { SweepReport.fixed(d, 1) }
        let width = w - left - 60
        for (i, e) in rows.enumerated() {
            let y0 = top + Double(i) * groupH
            s += "<text x=\"\(f(left - 6))\" y=\"\(f(y0 + Double(keys.count) * barH / 2 + 4))\" text-anchor=\"end\" font-size=\"11\">\(e.metric.rawValue)</text>\n"
            for (k, share) in e.shares.enumerated() {
                let y = y0 + Double(k) * barH
                s += "<rect x=\"\(f(left))\" y=\"\(f(y))\" width=\"\(f(max(0.5, share * width)))\" height=\"\(f(barH - 2))\" fill=\"\(colours[k % colours.count])\"/>\n"
                s += "<text x=\"\(f(left + share * width + 4))\" y=\"\(f(y + barH - 3))\" font-size=\"10\">\(SweepReport.fixed(share * 100, 1)) %</text>\n"
            }
        }
        var y = top + Double(rows.count) * groupH + 10
        for (k, key) in keys.enumerated() {
            s += "<rect x=\"\(f(left))\" y=\"\(f(y))\" width=\"10\" height=\"10\" fill=\"\(colours[k % colours.count])\"/>\n"
            s += "<text x=\"\(f(left + 14))\" y=\"\(f(y + 9))\" font-size=\"11\">\(key)</text>\n"
            y += 16
        }
        return s + "</svg>\n"
    }
}
