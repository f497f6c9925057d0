import OceanDrivers
import OceanKernel

/// The readable table, the CSV, and the halving story of a sweep.
public enum SweepReport {
    public static func fixed(_ x: Double, _ digits: Int) -> String { x.isFinite ? decimal(x, places: digits) : "–" }

    static func pct(_ r: RateStat) -> String {
        "\(fixed(r.rate * 100, 1)) % [\(fixed(r.ciLow * 100, 1))–\(fixed(r.ciHigh * 100, 1))]"
    }

    static func params(_ p: [String: Int], keys: [String]) -> String {
        keys.map { "\(shortName($0, among: keys))=\(p[$0].map(String.init) ?? "?")" }.joined(separator: " ")
    }

    /// The key's last part, or as many trailing parts as it takes to tell it apart
    /// from the other keys (`plastic_bottle.grams` beside `food_tray.grams`).
    static func shortName(_ key: String, among keys: [String]) -> String {
        let parts = key.split(separator: ".")
        for n in 1...parts.count {
            let tail = parts.suffix(n)
            let clashes = keys.contains { $0 != key && $0.split(separator: ".").suffix(n).elementsEqual(tail) }
            if !clashes { return tail.joined(separator: ".") }
        }
        return key
    }

    static func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s : s + String(repeating: " ", count: n - s.count) }

    /// Best first when the spec has targets, else in point order; at most `limit` points.
    public static func table(header: SweepHeader, lines: [PointLine], limit: Int = 20) -> String {
        let ranked = Sweep.ranked(lines)
        let shown = ranked.isEmpty ? Array(lines.prefix(limit)) : Array(ranked.prefix(limit))
        var rows: [[String]] = [["point", "values", "bot", "n", "catch rate [95% Wilson]", "perfect [95% Wilson]",
                                 "best combo mean (p95)", "score mean ±ci", "grams mean", "distance"]]
        for line in shown {
            if !line.valid {
                rows.append(["\(line.point)", params(line.params, keys: header.keys), "–", "0", "not run: \(line.invalid ?? "")", "", "", "", "", ""])
                continue
            }
            for r in line.results {
                rows.append(["\(line.point)", params(line.params, keys: header.keys), r.bot, "\(r.games)", pct(r.catchRate),
                             pct(r.perfectRate), "\(fixed(r.bestCombo.mean, 1)) (\(fixed(r.bestCombo.p95, 0)))",
                             "\(fixed(r.score.mean, 0)) ±\(fixed((r.score.ciHigh - r.score.ciLow) / 2, 0))",
                             fixed(r.grams.mean, 1), line.distance.map { fixed($0, 4) } ?? ""])
                if let d = r.daysTo {
                    let milestones = CareerOutcome.milestones.map { m -> String in
                        let s = d[m]!
                        return "\(m) \(s.days.n > 0 ? fixed(s.days.mean, 1) : "–") d (\(s.reached.successes)/\(s.reached.n))"
                    }
                    // Printed as it is, outside the columns.
                    rows.append(["\u{0}      \(r.bot): \(r.careers ?? 0) careers, days to " + milestones.joined(separator: ", ")])
                }
                if let line = arcadeLine(r) { rows.append(["\u{0}      \(r.bot): " + line]) }
            }
        }
        let widths = rows[0].indices.map { c in rows.filter { $0.count > 1 }.map { $0[c].count }.max()! }
        var out = rows.map { row in
            if row.count == 1 { return String(row[0].dropFirst()) }
            return row.indices.map { pad(row[$0], $0 == row.count - 1 ? 0 : widths[$0]) }.joined(separator: "  ")
                .replacingTrailingSpaces()
        }.joined(separator: "\n") + "\n"
        let hidden = (ranked.isEmpty ? lines.count : ranked.count) - shown.count
        if hidden > 0 { out += "(\(hidden) more points in the JSON Lines file)\n" }
        let invalid = lines.filter { !$0.valid }.count
        if invalid > 0 { out += "\(invalid) point\(invalid == 1 ? "" : "s") not run: the balance fails validation (reason in the file)\n" }
        if let front = header.front, let names = header.objectives {
            out += "Pareto front over \(names.joined(separator: "; ")) (\(front.count) point\(front.count == 1 ? "" : "s") no other beats on every target):\n"
            let byPoint = Dictionary(lines.map { ($0.point, $0) }, uniquingKeysWith: { a, _ in a })
            for p in front.prefix(limit) {
                guard let l = byPoint[p] else { continue }
                let errors = (l.objectives ?? []).map { fixed($0, 4) }.joined(separator: ", ")
                out += "  point \(p)  \(params(l.params, keys: header.keys))  errors \(errors)\n"
            }
            if front.count > limit { out += "  (\(front.count - limit) more in the header's front)\n" }
        }
        if let rungs = header.halving {
            for r in rungs {
                out += "halving rung \(r.rung): \(r.played.count) points × \(r.games) games; kept \(r.kept.map(String.init).joined(separator: ","))"
                out += r.dropped.isEmpty ? "\n" : "; dropped \(r.dropped.map(String.init).joined(separator: ","))\n"
            }
        }
        return out
    }

    /// An arcade or daily bot's rounds, minutes and endings, and any quantile a goal
    /// names: `rounds reached 4.9 [4.7–5.1] (median 5), 1.49 min a game, misses ran out in 100.0 %`.
    static func arcadeLine(_ r: PlayerResult) -> String? {
        var parts: [String] = []
        if let rounds = r.roundsReached, let minutes = r.gameMinutes, let ended = r.endedByMisses {
            parts.append("rounds reached \(fixed(rounds.mean, 1)) [\(fixed(rounds.ciLow, 1))–\(fixed(rounds.ciHigh, 1))] "
                + "(median \(fixed(rounds.median, 0))), \(fixed(minutes.mean, 2)) min a game, misses ran out in \(pct(ended))")
        }
        for (name, q) in (r.quantiles ?? [:]).sorted(by: { $0.key < $1.key }) {
            parts.append("\(name) \(fixed(q.value, 1)) [\(fixed(q.ciLow, 1))–\(fixed(q.ciHigh, 1))]")
        }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }

    /// One row per point and bot, a column per statistic.
    public static func csv(header: SweepHeader, lines: [PointLine]) -> String {
        var cols = ["point", "valid"] + header.keys + ["bot", "games"]
        for m in ["catch_rate", "perfect_rate"] { cols += [m, m + "_ci_low", m + "_ci_high", m + "_n"] }
        for m in ["best_combo", "score", "grams", "health"] { cols += [m + "_mean", m + "_sd", m + "_ci_low", m + "_ci_high", m + "_n"] }
        cols += ["best_combo_median", "best_combo_p95", "distance"]
        // Careers' milestones and the per-target errors only when there are any, so a
        // plain sweep's CSV keeps its columns.
        if header.careers > 0 {
            cols += ["careers"]
            for m in CareerOutcome.milestones { cols += ["days_to_\(m)_mean", "days_to_\(m)_sd", "days_to_\(m)_reached", "days_to_\(m)_reached_rate"] }
        }
        // Arcade's figures when a bot plays arcade or the Daily Ocean.
        let arcade = header.bots.contains { $0.hasPrefix("arcade:") || $0.hasPrefix("daily:") }
        if arcade {
            cols += ["rounds_reached_mean", "rounds_reached_ci_low", "rounds_reached_ci_high", "rounds_reached_median",
                     "game_minutes_mean", "ended_by_misses_rate"]
        }
        let objectives = header.objectives ?? []
        for i in objectives.indices { cols += ["error_\(i + 1)"] }
        if header.front != nil { cols += ["pareto_front"] }
        let front = Set(header.front ?? [])
        var out = cols.joined(separator: ",") + "\n"
        for line in lines {
            let lead = ["\(line.point)", "\(line.valid)"] + header.keys.map { line.params[$0].map(String.init) ?? "" }
            if !line.valid {
                out += (lead + Array(repeating: "", count: cols.count - lead.count)).joined(separator: ",") + "\n"
                continue
            }
            for r in line.results {
                var row = lead + [r.bot, "\(r.games)"]
                for s in [r.catchRate, r.perfectRate] { row += ["\(s.rate)", "\(s.ciLow)", "\(s.ciHigh)", "\(s.n)"] }
                for s in [r.bestCombo, r.score, r.grams, r.health] { row += ["\(s.mean)", "\(s.sd)", "\(s.ciLow)", "\(s.ciHigh)", "\(s.n)"] }
                row += ["\(r.bestCombo.median)", "\(r.bestCombo.p95)", line.distance.map { "\($0)" } ?? ""]
                if header.careers > 0 {
                    row += ["\(r.careers ?? 0)"]
                    for m in CareerOutcome.milestones {
                        if let d = r.daysTo?[m] {
                            row += [d.days.n > 0 ? "\(d.days.mean)" : "", d.days.n > 0 ? "\(d.days.sd)" : "", "\(d.reached.successes)", "\(d.reached.rate)"]
                        } else { row += ["", "", "", ""] }
                    }
                }
                if arcade {
                    if let rounds = r.roundsReached, let minutes = r.gameMinutes, let ended = r.endedByMisses {
                        row += ["\(rounds.mean)", "\(rounds.ciLow)", "\(rounds.ciHigh)", "\(rounds.median)", "\(minutes.mean)", "\(ended.rate)"]
                    } else { row += ["", "", "", "", "", ""] }
                }
                for i in objectives.indices { row += [line.objectives.map { "\($0[i])" } ?? ""] }
                if header.front != nil { row += ["\(front.contains(line.point))"] }
                out += row.joined(separator: ",") + "\n"
            }
        }
        return out
    }
}

extension String {
    func replacingTrailingSpaces() -> String {
        var s = Substring(self)
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
