import OceanBalance
import OceanKernel

/// Reads `assets/balance.toml`-style files into a validated `Balance` (see
/// `Schema.validate` for what is checked).
public enum BalanceLoader {
    public static func load(path: String) throws(DataError) -> Balance {
        let (entries, locator) = try TOMLEntries.read(path: path)
        return try BalanceSchema.validate(entries, file: path, lineOfMissing: locator.nearestLine(of:))
    }

    public static func parse(_ text: String, file: String) throws(DataError) -> Balance {
        let (entries, locator) = try TOMLEntries.parse(text, file: file)
        return try BalanceSchema.validate(entries, file: file, lineOfMissing: locator.nearestLine(of:))
    }
}
