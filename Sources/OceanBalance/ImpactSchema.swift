import OceanKernel

/// `assets/impact.toml`: per item kind, the CO₂e (grams) and water (millilitres) that
/// diverting one item saves. Whole numbers, like every data file.
public enum ImpactSchema {
    public static let schema = Schema<ImpactFactors>(fields: {
        var f: [SchemaField<ImpactFactors>] = []
        for kind in ItemKind.allCases {
            let i = kind.rawValue
            f.append(SchemaField(key: "kind.\(kind.key).co2e_g", unit: "g CO₂e per item", range: 0...1_000_000,
                                 path: \.co2eGrams[i]))
            f.append(SchemaField(key: "kind.\(kind.key).water_ml", unit: "ml of water per item", range: 0...100_000_000,
                                 path: \.waterMl[i]))
        }
        return f
    }())

    public static func validate(_ entries: [RawEntry], file: String,
                                lineOfMissing: (String) -> Int? = { _ in nil }) throws(DataError) -> ImpactFactors {
        try schema.validate(entries, into: .zero, file: file, lineOfMissing: lineOfMissing)
    }
}
