import OceanBalance
import OceanKernel

/// Reads `assets/impact.toml`-style files. With `kinds` (a balance's kind keys), a
/// kind the file has no factors for is refused by name.
public enum ImpactLoader {
    public static func load(path: String, kinds: [String] = []) throws(DataError) -> ImpactRates {
        let (entries, locator) = try TOMLEntries.read(path: path)
        return try ImpactSchema.validate(entries, file: path, requiredKinds: kinds, lineOfMissing: locator.nearestLine(of:))
    }

    public static func parse(_ text: String, file: String, kinds: [String] = []) throws(DataError) -> ImpactRates {
        let (entries, locator) = try TOMLEntries.parse(text, file: file)
        return try ImpactSchema.validate(entries, file: file, requiredKinds: kinds, lineOfMissing: locator.nearestLine(of:))
    }
}
