import OceanBalance

/// Reads `assets/audio.toml`-style files into a validated `AudioDesign`.
public enum AudioLoader {
    public static func load(path: String) throws(DataError) -> AudioDesign {
        let (entries, locator) = try TOMLEntries.read(path: path)
        return try AudioSchema.validate(entries, file: path, lineOfMissing: locator.nearestLine(of:))
    }

    public static func parse(_ text: String, file: String) throws(DataError) -> AudioDesign {
        let (entries, locator) = try TOMLEntries.parse(text, file: file)
        return try AudioSchema.validate(entries, file: file, lineOfMissing: locator.nearestLine(of:))
    }
}
