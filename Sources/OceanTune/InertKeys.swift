/// Swept keys that change nothing a sweep measured (issue 50: no silent no-ops). A key
/// under classic bots that only arcade reads, say, gives every point the same games:
/// its importance is 0 %, every point ties, and a "best" balance would be the base's
/// values relabelled. Judged on the points' measured figures (every statistic of every
/// bot, the same seeds for every point), not on the keys' names.
public enum InertKeys {
    /// Whether every valid point measured exactly the same (two points at least).
    public static func allPointsAlike(_ lines: [PointLine]) -> Bool {
        let valid = lines.filter(\.valid)
        guard let first = valid.first, valid.count > 1 else { return false }
        return valid.allSatisfy { $0.results == first.results }
    }

    /// The keys whose values, with every other key held, never changed what was
    /// measured: among the points that differ in that key alone (at least one such
    /// pair), each group measured the same. In the header's order.
    public static func keys(header: SweepHeader, lines: [PointLine]) -> [String] {
        let valid = lines.filter(\.valid)
        return header.keys.filter { key in
            let others = header.keys.filter { $0 != key }
            // Points grouped by their other keys' values (sorted, so nothing depends on a
            // dictionary's order).
            var groups: [[Int]: [PointLine]] = [:]
            for line in valid { groups[others.map { line.params[$0] ?? 0 }, default: []].append(line) }
            var compared = false
            for group in groups.values where group.count > 1 {
                guard Set(group.map { $0.params[key] ?? 0 }).count > 1 else { continue }
                compared = true
                if group.contains(where: { $0.results != group[0].results }) { return false }
            }
            return compared
        }
    }
}
