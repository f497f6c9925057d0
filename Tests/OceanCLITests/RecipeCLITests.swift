import Foundation
import Testing
import TestSupport

/// CONTRIBUTING.md's recipes followed as written (`Recipe`), in a copy of `assets/`:
/// each adds what it says and plays it. A recipe that drifts from the code fails here.
/// (A kind's recipe is followed by `AddKindCLITests`, which checks it in depth.)
@Suite struct RecipeCLITests {
    @Test func aThemeIsAFileAndDrawsAFrame() throws {
        let recipe = try Recipe("A theme")
        let (folder, runs) = try recipe.followed(name: "theme")
        #expect(!runs.isEmpty, "the theme recipe has a sh recipe block")
        for r in runs { #expect(r.status == 0, "\(r.stdout)\(r.stderr)") }
        let png = try #require(FileManager.default.contents(atPath: folder + "/dusk.png"), "the recipe's frame")
        #expect(png.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
    }

    @Test func aSeaIsDataAndALongCareerOpensIt() throws {
        let recipe = try Recipe("A sea")
        #expect(recipe.blocks.compactMap { $0.info.last }.filter { $0.hasPrefix("assets/") }
                    == ["assets/balance.toml", "assets/content/seas.toml"])
        let (_, runs) = try recipe.followed(name: "sea")
        #expect(!runs.isEmpty, "the sea recipe has a sh recipe block")
        for r in runs { #expect(r.status == 0, "\(r.stdout)\(r.stderr)") }
    }

    @Test func aQuizCardIsOneTableAndA60DayCareerAnswersIt() throws {
        let recipe = try Recipe("A quiz card")
        let (_, runs) = try recipe.followed(name: "card")
        #expect(runs.count == 1)
        for run in runs { #expect(run.status == 0, "\(run.stdout)\(run.stderr)") }
    }

    /// Every recipe that shows a file's lines shows real paths of `assets/`.
    @Test func everyRecipeBlockNamesAFileThatExists() throws {
        for title in ["A kind of trash", "A theme", "A sea", "A quiz card"] {
            for block in try Recipe(title).blocks where block.info.count == 2 && block.info[1].hasPrefix("assets/") {
                #expect(FileManager.default.fileExists(atPath: repoRoot + "/" + block.info[1]), "\(title): \(block.info[1])")
            }
        }
    }
}
