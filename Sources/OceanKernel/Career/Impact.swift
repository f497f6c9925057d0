/// What diverting one item of each kind saves, in the kernel's integer units: grams
/// of CO₂e and millilitres of water (the figures and their sources are in
/// `assets/impact.toml`). Presentation, not rules: impact is computed from the
/// career's item counts, so a better factor changes no state and no replay.
public struct ImpactFactors: Equatable, Sendable {
    /// The kinds these factors are for, by key, in the order of the arrays below.
    public var keys: [String]
    /// Per kind, in `keys` order.
    public var co2eGrams: [Int]
    public var waterMl: [Int]

    public init(keys: [String], co2eGrams: [Int], waterMl: [Int]) {
        self.keys = keys
        self.co2eGrams = co2eGrams
        self.waterMl = waterMl
    }

    /// All zero for these kinds (no factors known).
    public static func zero(keys: [String]) -> ImpactFactors {
        ImpactFactors(keys: keys, co2eGrams: keys.map { _ in 0 }, waterMl: keys.map { _ in 0 })
    }

    /// No kinds at all.
    public static let none = ImpactFactors(keys: [], co2eGrams: [], waterMl: [])

    /// The same factors in the order of a balance's kinds (`Rules.kindKeys`), so
    /// they index like the career's per-kind counts; a kind with no factors saves 0.
    public func aligned(to kindKeys: [String]) -> ImpactFactors {
        guard kindKeys != keys else { return self }
        var out = ImpactFactors.zero(keys: kindKeys)
        for (i, key) in kindKeys.enumerated() {
            if let j = keys.firstIndex(of: key) { (out.co2eGrams[i], out.waterMl[i]) = (co2eGrams[j], waterMl[j]) }
        }
        return out
    }
}

/// The impact of some diverted items: items kept out of the sea, CO₂e and water saved.
public struct Impact: Equatable, Sendable {
    public var items = 0
    public var co2eGrams = 0
    public var waterMl = 0

    public init(items: Int = 0, co2eGrams: Int = 0, waterMl: Int = 0) {
        (self.items, self.co2eGrams, self.waterMl) = (items, co2eGrams, waterMl)
    }

    /// The impact of `count` items of `kind`.
    public init(kind: ItemKind, count: Int, factors: ImpactFactors) {
        let k = kind.rawValue
        let known = k < factors.co2eGrams.count
        self.init(items: count, co2eGrams: known ? count * factors.co2eGrams[k] : 0,
                  waterMl: known ? count * factors.waterMl[k] : 0)
    }

    /// The impact of items counted per kind (indexed by `ItemKind.rawValue`, with
    /// `factors` aligned to the same kinds): the sum of each kind's.
    public init(counts: [Int], factors: ImpactFactors) {
        self.init()
        for k in counts.indices { self += Impact(kind: ItemKind(rawValue: k), count: counts[k], factors: factors) }
    }

    public static func += (a: inout Impact, b: Impact) {
        a.items += b.items
        a.co2eGrams += b.co2eGrams
        a.waterMl += b.waterMl
    }
}

extension CareerState {
    /// Lifetime impact: every item caught or scanned since the first session.
    public func impact(_ factors: ImpactFactors) -> Impact { Impact(counts: kindCounts, factors: factors) }

    /// Impact in month `month` (`CalendarDate.monthNumber`).
    public func impact(inMonth month: Int, _ factors: ImpactFactors) -> Impact {
        guard let m = months.last(where: { $0.month == month }) else { return Impact() }
        return Impact(counts: m.kindCounts, factors: factors)
    }
}
