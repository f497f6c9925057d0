import OceanBalance
import OceanAssets
import OceanSystem

/// Reads the front's data files — a theme (`assets/themes/*.toml`), the font
/// (`assets/font.txt`), the sprites (`assets/sprites.txt`), the pet's art
/// (`assets/pet.txt`), the challenges' texts (`assets/challenges.toml`) and the impact
/// factors (`assets/impact.toml`), the seas' looks (`assets/content/seas.toml`) — and
/// validates each, naming file, line and key of every problem.
public enum FrontAssetsLoader {
    /// The themes shipped: the files in `assets/themes/`, read once, "default" first
    /// and the rest by name (a new theme is a new file; nothing lists them by hand).
    public static let shippedThemes: [String] = {
        guard let folder = findAsset("themes/default.toml").map({ String($0.dropLast("/default.toml".count)) }) else {
            return ["default"]
        }
        let names = folderNames(folder).filter { $0.hasSuffix(".toml") && !$0.hasPrefix(".") }.map { String($0.dropLast(5)) }
        return ["default"] + names.filter { $0 != "default" }
    }()

    /// - Parameters:
    ///   - theme: nil for the default theme, a shipped theme's name, or the path of a `.toml` file.
    ///   - challenges: the challenge table whose texts the screens show (`--challenges`);
    ///     nil for the shipped one. A replay's own table names its templates by key, so
    ///     the shipped texts serve a replay recorded with it.
    public static func load(theme: String?, challenges: String? = nil) throws(DataError) -> FrontAssets {
        let themePath = try themeFile(theme)
        let (entries, locator) = try TOMLEntries.read(path: themePath)
        let loaded = try ThemeSchema.validate(entries, file: themePath, lineOfMissing: locator.nearestLine(of:))
        let font = try BitmapFont.parse(text: try text(of: asset("font.txt")), file: try asset("font.txt"))
        let sprites = try SpriteSheet.parse(text: try text(of: asset("sprites.txt")), file: try asset("sprites.txt"))
        let petFile = try asset("pet.txt")
        let pet = try SpriteSheet.parse(text: try text(of: petFile), file: petFile, required: PetSprites.required)
        try PetSprites.check(pet, file: petFile)
        let challengesFile: String
        if let challenges { challengesFile = challenges } else { challengesFile = try asset("challenges.toml") }
        let table = try ChallengeLoader.load(path: challengesFile)
        let impact = try ImpactLoader.load(path: try asset("impact.toml"))
        let seas = try SeaLooksLoader.load(path: try asset("content/seas.toml"))
        return FrontAssets(theme: loaded, font: font, sprites: sprites, pet: pet, challengeTexts: table.texts, impact: impact,
                           seas: seas)
    }

    /// The file a theme argument names.
    static func themeFile(_ theme: String?) throws(DataError) -> String {
        let name = theme ?? "default"
        if name.hasSuffix(".toml") || name.contains("/") { return name }
        guard let path = findAsset("themes/" + name + ".toml") else {
            throw DataError(issues: [DataIssue(
                file: "assets/themes/\(name).toml", line: nil, key: nil,
                message: "unknown theme '\(name)'; shipped themes: \(shippedThemes.joined(separator: ", "))")])
        }
        return path
    }

    static func asset(_ name: String) throws(DataError) -> String {
        guard let path = findAsset(name) else {
            throw DataError(issues: [DataIssue(
                file: "assets/" + name, line: nil, key: nil,
                message: "not found beside the working directory, in the install's share/ocean-rescue or beside the executable")])
        }
        return path
    }

    static func text(of path: String) throws(DataError) -> String {
        let text = try TOMLEntries.readText(path: path)
        return text
    }
}
