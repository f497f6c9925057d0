import OceanKernel

/// `assets/impact.toml`: per item kind (a `[kind.KEY]` section, matched to the
/// balance's kinds by key), the CO₂e (grams) and water (millilitres) that diverting
/// one kilogram of its material saves; an item's share is its mass (the balance's
/// `kind.KEY.grams`) times these. Whole numbers, like every data file.
public enum ImpactSchema {
    /// The plausible factors, so a slip of a few zeros is refused on load rather than
    /// shown as "44,820,000 t CO₂e". CO₂e: up to 100 kg per kg of material (the
    /// shipped highest, aluminium, is about 10; primary metals stay under ~20). Water:
    /// up to 10 m³ per kg (the shipped highest, PET, is 62.5 L; even cotton's often
    /// quoted ~10 m³ per kg fits).
    public static let co2eGramsPerKgRange = 0...100_000
    public static let waterMlPerKgRange = 0...10_000_000

    public static func schema(kinds: [String]) -> Schema<ImpactRates> {
        var f: [SchemaField<ImpactRates>] = []
        for (i, key) in kinds.enumerated() {
            f.append(SchemaField(key: "kind.\(key).co2e_g_per_kg", unit: "g CO₂e per kg of the material: at most 100 kg per kg is plausible",
                                 range: co2eGramsPerKgRange, path: \.co2eGramsPerKg[i]))
            f.append(SchemaField(key: "kind.\(key).water_ml_per_kg", unit: "ml of water per kg of the material: at most 10 m³ per kg is plausible",
                                 range: waterMlPerKgRange, path: \.waterMlPerKg[i]))
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
