import OceanKernel

/// Impact for showing, saturating instead of trapping: every count the state's
/// validation accepts (up to `GameState.maxCount`, 2^50, per kind) times every factor
/// the impact file's schema accepts (up to 10^6 g and 10^8 ml per item) passes through
/// here, while the kernel's plain `Impact(counts:factors:)` would overflow. A figure
/// past `Int.max` shows as `Int.max`.
extension Impact {
    /// The impact of `count` items of `kind`, each figure at most `Int.max`.
    public init(saturatingKind kind: ItemKind, count: Int, factors: ImpactFactors) {
        let k = kind.rawValue, known = k < factors.co2eGrams.count
        self.init(items: max(0, count),
                  co2eGrams: known ? Impact.saturatingProduct(count, factors.co2eGrams[k]) : 0,
                  waterMl: known ? Impact.saturatingProduct(count, factors.waterMl[k]) : 0)
    }

    /// The impact of items counted per kind (indexed by `ItemKind.rawValue`, with
    /// `factors` aligned to the same kinds).
    public init(saturatingCounts counts: [Int], factors: ImpactFactors) {
        self.init()
        for k in counts.indices { add(Impact(saturatingKind: ItemKind(rawValue: k), count: counts[k], factors: factors)) }
    }

    /// Adds `other`, each figure at most `Int.max`.
    public mutating func add(_ other: Impact) {
        items = Impact.saturatingSum(items, other.items)
        co2eGrams = Impact.saturatingSum(co2eGrams, other.co2eGrams)
        waterMl = Impact.saturatingSum(waterMl, other.waterMl)
    }

    static func saturatingProduct(_ a: Int, _ b: Int) -> Int {
        let (p, overflow) = max(0, a).multipliedReportingOverflow(by: max(0, b))
        return overflow ? .max : p
    }

    static func saturatingSum(_ a: Int, _ b: Int) -> Int {
        let (s, overflow) = a.addingReportingOverflow(b)
        return overflow ? .max : s
    }
}

extension CareerState {
    /// Lifetime impact for showing (see `Impact.init(saturatingCounts:factors:)`).
    public func shownImpact(_ factors: ImpactFactors) -> Impact { Impact(saturatingCounts: kindCounts, factors: factors) }

    /// Month `month`'s impact for showing.
    public func shownImpact(inMonth month: Int, _ factors: ImpactFactors) -> Impact {
        guard let m = months.last(where: { $0.month == month }) else { return Impact() }
        return Impact(saturatingCounts: m.kindCounts, factors: factors)
    }
}
