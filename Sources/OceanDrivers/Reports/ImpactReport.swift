import OceanBalance
import OceanKernel

/// The impact of some diverted items (`Impact`: items, grams of CO₂e, millilitres of
/// water) with each kind's share: the total is `Impact(saturatingCounts:factors:)`
/// (the kernel's sums, saturating at `Int.max`), each kind's `Impact(saturatingKind:count:factors:)`.
public struct ImpactBreakdown: Sendable, Equatable {
    public struct Share: Sendable, Equatable {
        /// The kind's key (`plastic_bottle`).
        public var kind: String
        public var impact: Impact
    }

    public var total: Impact
    /// In `ItemKind` order.
    public var kinds: [Share]

    /// Items counted per kind of the balance (keys `kindKeys`, indexed by `ItemKind.rawValue`).
    public init(counts: [Int], kindKeys: [String], factors: ImpactFactors) {
        let factors = factors.aligned(to: kindKeys)
        total = Impact(saturatingCounts: counts, factors: factors)
        kinds = kindKeys.indices.map { k in
            Share(kind: kindKeys[k], impact: Impact(saturatingKind: ItemKind(rawValue: k), count: k < counts.count ? counts[k] : 0,
                                                    factors: factors))
        }
    }

    /// "1.2 kg CO₂e, 35 L water"
    static func savings(_ i: Impact) -> String {
        "\(ImpactUnits.co2e(i.co2eGrams)) CO₂e, \(ImpactUnits.water(i.waterMl)) water"
    }
}

extension ImpactBreakdown: Encodable {
    /// `{"items", "co2eGrams", "waterMl", "kinds": [{"kind", "items", "co2eGrams", "waterMl"}]}`,
    /// in the kernel's integer units.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: JSONKey.self)
        try ImpactBreakdown.encode(total, into: &c)
        var k = c.nestedUnkeyedContainer(forKey: JSONKey("kinds"))
        for share in kinds {
            var o = k.nestedContainer(keyedBy: JSONKey.self)
            try o.encode(share.kind, forKey: JSONKey("kind"))
            try ImpactBreakdown.encode(share.impact, into: &o)
        }
    }

    static func encode(_ i: Impact, into c: inout KeyedEncodingContainer<JSONKey>) throws {
        try c.encode(i.items, forKey: JSONKey("items"))
        try c.encode(i.co2eGrams, forKey: JSONKey("co2eGrams"))
        try c.encode(i.waterMl, forKey: JSONKey("waterMl"))
    }
}
