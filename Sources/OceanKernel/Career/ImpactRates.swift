/// What diverting one kilogram of each kind's material saves: grams of CO₂e and
/// millilitres of water (`assets/impact.toml`, per kind). Per kilogram, so a kind's
/// mass stays one number (the balance's `kind.KEY.grams`): an item's factors are its
/// mass times these (`perItem`), and a kind made heavier saves more with no second edit.
public struct ImpactRates: Equatable, Sendable {
    /// The kinds these rates are for, by key, in the order of the arrays below.
    public var keys: [String]
    public var co2eGramsPerKg: [Int]
    public var waterMlPerKg: [Int]

    public init(keys: [String], co2eGramsPerKg: [Int], waterMlPerKg: [Int]) {
        self.keys = keys
        self.co2eGramsPerKg = co2eGramsPerKg
        self.waterMlPerKg = waterMlPerKg
    }

    /// All zero for these kinds.
    public static func zero(keys: [String]) -> ImpactRates {
        ImpactRates(keys: keys, co2eGramsPerKg: keys.map { _ in 0 }, waterMlPerKg: keys.map { _ in 0 })
    }

    public static let none = ImpactRates(keys: [], co2eGramsPerKg: [], waterMlPerKg: [])

    /// One item's factors for each kind of a balance (`Rules.kindKeys`, with each
    /// kind's mass in grams, `Rules.grams`): mass × rate, rounded to the nearest whole
    /// unit (halves up). A kind without rates saves 0.
    public func perItem(kindKeys: [String], grams: [Int]) -> ImpactFactors {
        var out = ImpactFactors.zero(keys: kindKeys)
        for (i, key) in kindKeys.enumerated() {
            guard let j = keys.firstIndex(of: key), i < grams.count else { continue }
            out.co2eGrams[i] = ImpactRates.share(grams[i], co2eGramsPerKg[j])
            out.waterMl[i] = ImpactRates.share(grams[i], waterMlPerKg[j])
        }
        return out
    }

    /// `grams` of a material at `perKg`: grams × perKg / 1000, rounded half up.
    static func share(_ grams: Int, _ perKg: Int) -> Int {
        // Saturating, like the impact sums: a huge mass or rate shows as the largest figure.
        let (product, overflow) = grams.multipliedReportingOverflow(by: perKg)
        let (rounded, overflowAgain) = product.addingReportingOverflow(500)
        return product < 0 || overflow || overflowAgain ? Int.max : rounded / 1_000
    }
}

extension Rules {
    /// Per-item impact factors for this balance's kinds from per-kilogram `rates`.
    public func impactFactors(_ rates: ImpactRates) -> ImpactFactors { rates.perItem(kindKeys: kindKeys, grams: grams) }
}
