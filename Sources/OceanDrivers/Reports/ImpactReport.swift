import OceanBalance
import OceanKernel

/// The impact of some diverted items (`Impact`: items, grams of CO₂e, millilitres of
/// water) with each kind's share: the total is `Impact(saturatingCounts:factors:)`
/// (the kernel's sums, saturating at `Int.max`), each kind's `Impact(saturatingKind:count:factors:)`.
public struct ImpactBreakdown: Sendable, Equatable {
    public struct Share: Sendable, Equatable {
        public var kind: ItemKind
        public var impact: Impact
    }

    public var total: Impact
    /// In `ItemKind` order.
    public var kinds: [Share]

    /// Items counted per kind (indexed by `ItemKind.rawValue`).
    public init(counts: [Int], factors: ImpactFactors) {
        total = Impact(saturatingCounts: counts, factors: factors)
        kinds = ItemKind.allCases.map {
            Share(kind: $0, impact: Impact(saturatingKind: $0, count: $0.rawValue < counts.count ? counts[$0.rawValue] : 0, factors: factors))
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
            try o.encode(share.kind.key, forKey: JSONKey("kind"))
            try ImpactBreakdown.encode(share.impact, into: &o)
        }
    }

    static func encode(_ i: Impact, into c: inout KeyedEncodingContainer<JSONKey>) throws {
        try c.encode(i.items, forKey: JSONKey("items"))
        try c.encode(i.co2eGrams, forKey: JSONKey("co2eGrams"))
        try c.encode(i.waterMl, forKey: JSONKey("waterMl"))
    }
}
