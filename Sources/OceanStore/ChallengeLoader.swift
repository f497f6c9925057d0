import OceanBalance
import OceanKernel

/// The challenge table as a file gives it: the templates the kernel draws from and
/// the text each shows the player.
public struct ChallengeTable: Equatable, Sendable {
    public var templates: [ChallengeTemplate]
    /// By template key (`daily.catch_items`); `{target}` stands for the target.
    public var texts: [String: String]

    public init(templates: [ChallengeTemplate] = [], texts: [String: String] = [:]) {
        self.templates = templates
        self.texts = texts
    }
}

/// Reads `assets/challenges.toml`-style files (see `ChallengeSchema` for what is checked).
public enum ChallengeLoader {
    public static func load(path: String) throws(DataError) -> ChallengeTable {
        let (entries, locator) = try TOMLEntries.read(path: path)
        return try table(entries, file: path, locator: locator)
    }

    public static func parse(_ text: String, file: String) throws(DataError) -> ChallengeTable {
        let (entries, locator) = try TOMLEntries.parse(text, file: file)
        return try table(entries, file: file, locator: locator)
    }

    private static func table(_ entries: [RawEntry], file: String, locator: KeyLocator) throws(DataError) -> ChallengeTable {
        let (templates, texts) = try ChallengeSchema.validate(entries, file: file, needText: true,
                                                              lineOfMissing: locator.nearestLine(of:))
        return ChallengeTable(templates: templates, texts: texts)
    }
}
