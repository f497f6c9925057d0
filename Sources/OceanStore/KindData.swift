import OceanBalance
import OceanAssets
import OceanKernel
import OceanSystem

/// A kind of trash is a `[kind.KEY]` section of the balance; the other data files
/// find it by that key: its sprite (`assets/sprites.txt`), its words
/// (`assets/content/story.toml`) and its impact (`assets/impact.toml`). Before a
/// balance is played or drawn, every one of its kinds must have all three: a kind
/// missing any is refused by name, never drawn as nothing.
public enum KindData {
    public static func check(kinds: [String], assets: FrontAssets, content: CareerContent? = nil) throws(DataError) {
        var issues: [DataIssue] = []
        for key in assets.sprites.missing(kinds) {
            issues.append(DataIssue(file: findAsset("sprites.txt") ?? "assets/sprites.txt", line: nil, key: "sprite \(key)",
                                    message: "missing: the balance has a kind '\(key)' and every kind needs a sprite of its key"))
        }
        for key in kinds where !assets.impact.keys.contains(key) {
            issues.append(DataIssue(file: findAsset("impact.toml") ?? "assets/impact.toml", line: nil, key: "kind.\(key)",
                                    message: "missing: the balance has a kind '\(key)' and every kind needs co2e_g_per_kg and water_ml_per_kg"))
        }
        for key in content?.missingKinds(kinds) ?? [] {
            issues.append(DataIssue(file: findAsset("content/story.toml") ?? "assets/content/story.toml", line: nil,
                                    key: "kind.\(key)",
                                    message: "missing: the balance has a kind '\(key)' and every kind needs its name, one and many"))
        }
        guard issues.isEmpty else { throw DataError(issues: issues) }
    }

    /// Likewise for the balance's seas: each needs its look (`assets/content/seas.toml`).
    public static func check(seas: [String], assets: FrontAssets) throws(DataError) {
        let missing = SeaLooksLoader.missing(assets.seas, balanceSeas: seas)
        guard !missing.isEmpty else { return }
        throw DataError(issues: missing.map {
            DataIssue(file: findAsset("content/seas.toml") ?? "assets/content/seas.toml", line: nil, key: "sea.\($0)",
                      message: "missing: the balance has a sea '\($0)' and every sea needs its name, short, line, tint and tint_percent")
        })
    }
}
