import OceanBalance
import OceanKernel

/// Reads `assets/impact.toml`-style files.
public enum ImpactLoader {
    public static func load(path: String) throws(DataError) -> ImpactFactors {
        let (entries, locator) = try TOMLEntries.read(path: path)
        return try ImpactSchema.validate(entries, file: path, lineOfMissing: locator.nearestLine(of:))
    }

    public static func parse(_ text: String, file: String) throws(DataError) -> ImpactFactors {
        let (entries, locator) = try TOMLEntries.parse(text, file: file)
        return try ImpactSchema.validate(entries, file: file, lineOfMissing: locator.nearestLine(of:))
    }
}
