import OceanKernel

/// `assets/impact.toml`: per item kind (a `[kind.KEY]` section, matched to the
/// balance's kinds by key), the CO₂e (grams) and water (millilitres) that diverting
/// one kilogram of its material saves; an item's share is its mass (the balance's
/// `kind.KEY.grams`) times these. Whole numbers, like every data file.
public enum ImpactSchema {
    public static func schema(kinds: [String]) -> Schema<ImpactRates> {
        var f: [SchemaField<ImpactRates>] = []
        for (i, key) in kinds.enumerated() {
            f.append(SchemaField(key: "kind.\(key).co2e_g_per_kg", unit: "g CO₂e per kg of the material", range: 0...100_000_000,
                                 path: \.co2eGramsPerKg[i]))
            f.append(SchemaField(key: "kind.\(key).water_ml_per_kg", unit: "ml of water per kg of the material",
                                 range: 0...1_000_000_000, path: \.waterMlPerKg[i]))
        }
        return Schema(fields: f)
    }

    /// The factors of every kind the file names. With `requiredKinds` (a balance's
    /// kind keys), a kind of those the file lacks is refused by name.
    public static func validate(_ entries: [RawEntry], file: String, requiredKinds: [String] = [],
                                lineOfMissing: (String) -> Int? = { _ in nil }) throws(DataError) -> ImpactRates {
        var kinds = try KindSections.keys(in: entries, file: file)
        for key in requiredKinds where !kinds.contains(key) { kinds.append(key) }
        return try schema(kinds: kinds).validate(entries, into: .zero(keys: kinds), file: file,
                                                 lineOfMissing: lineOfMissing)
    }
}
