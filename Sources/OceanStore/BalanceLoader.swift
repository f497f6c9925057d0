import OceanBalance
import OceanKernel

/// Reads `assets/balance.toml`-style files into a validated `Balance` (see
/// `Schema.validate` for what is checked).
public enum BalanceLoader {
    /// The largest balance file read, at launch and by hot reload alike (the shipped
    /// one is a few KiB).
    public static let maxBytes = 1 << 20

    public static func load(path: String) throws(DataError) -> Balance {
        let (entries, locator) = try TOMLEntries.parse(TOMLEntries.readText(path: path, limit: maxBytes), file: path)
        return try BalanceSchema.validate(entries, file: path, lineOfMissing: locator.nearestLine(of:))
    }

    public static func parse(_ text: String, file: String) throws(DataError) -> Balance {
        let (entries, locator) = try TOMLEntries.parse(text, file: file)
        return try BalanceSchema.validate(entries, file: file, lineOfMissing: locator.nearestLine(of:))
    }
}
