/// Several targets as several objectives rather than one folded distance: the points
/// that no other point beats on every target at once.
public enum Pareto {
    /// A target as the header names it: `human@50 catch_rate = 0.75`.
    public static func name(_ t: TuneSpec.Target) -> String {
        "\(t.player) \(t.metricName) = \(t.value)"
    }

    /// The non-dominated points (each objective to be made small), in point order. A
    /// point is dominated when another is no worse on every objective and better on
    /// one; equal points are both kept. Sorting by the first objective (then the rest)
    /// means only points earlier in that order can dominate a later one, and the check
    /// is against the front found so far, which stays small.
    public static func front(_ lines: [PointLine]) -> [Int] {
        let candidates = lines.filter { $0.valid && $0.objectives != nil }
            .sorted { ($0.objectives!.lexicographicallyPrecedes($1.objectives!)) || ($0.objectives! == $1.objectives! && $0.point < $1.point) }
        var front: [PointLine] = []
        for c in candidates where !front.contains(where: { dominates($0.objectives!, c.objectives!) }) {
            front.append(c)
        }
        return front.map(\.point).sorted()
    }

    /// `a` is no worse than `b` on every objective and better on at least one.
    public static func dominates(_ a: [Double], _ b: [Double]) -> Bool {
        guard a.count == b.count else { return false }
        var better = false
        for (x, y) in zip(a, b) {
            if x > y { return false }
            if x < y { better = true }
        }
        return better
    }
}
