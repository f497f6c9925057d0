/// What diverting one item of each kind saves, in the kernel's integer units: grams
/// of CO₂e and millilitres of water (the figures and their sources are in
/// `assets/impact.toml`). Presentation, not rules: impact is computed from the
/// career's item counts, so a better factor changes no state and no replay.
public struct ImpactFactors: Equatable, Sendable {
    /// Per kind, indexed by `ItemKind.rawValue`.
    public var co2eGrams: [Int]
    public var waterMl: [Int]

    public init(co2eGrams: [Int], waterMl: [Int]) {
        self.co2eGrams = co2eGrams
        self.waterMl = waterMl
    }

    /// All zero (no factors known).
    public static let zero = ImpactFactors(co2eGrams: [Int](repeating: 0, count: ItemKind.allCases.count),
                                           waterMl: [Int](repeating: 0, count: ItemKind.allCases.count))
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
        self.init(items: count, co2eGrams: count * factors.co2eGrams[kind.rawValue],
                  waterMl: count * factors.waterMl[kind.rawValue])
    }

    /// The impact of items counted per kind (indexed by `ItemKind.rawValue`): the sum
    /// of each kind's.
    public init(counts: [Int], factors: ImpactFactors) {
        self.init()
        for kind in ItemKind.allCases where kind.rawValue < counts.count {
            self += Impact(kind: kind, count: counts[kind.rawValue], factors: factors)
        }
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
