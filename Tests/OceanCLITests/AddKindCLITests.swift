import Foundation
import Testing

import TestSupport

// Issue 18, "a trash kind is data": a seventh kind added to copies of the data files
// alone (no code) is played, caught, scanned, drawn and counted in the impact, while
// every golden replay verifies unchanged; a kind missing its sprite is refused by name.

/// `assets/` copied into a fresh folder with CONTRIBUTING.md's recipe for a kind
/// followed (a `coffee_cup` in each data file that finds a kind by its key); `sprite`
/// false: its sprite left out of the sprite sheet.
private func assetsWithACoffeeCup(sprite: Bool = true) throws -> String {
    var recipe = try Recipe("A kind of trash")
    if !sprite { recipe = Recipe(title: recipe.title, blocks: recipe.blocks.filter { $0.info.last != "assets/sprites.txt" }) }
    #expect(recipe.blocks.count >= (sprite ? 4 : 3), "the recipe's blocks: \(recipe.blocks.map(\.info))")
    return try recipe.followed(name: sprite ? "kind-data" : "kind-data-no-sprite").folder
}

/// Runs the release `ocean` (or another `build`'s) in `folder` (so it finds that folder's `assets/`).
private func ocean(in folder: String, _ args: [String], build: String = "release") throws -> Run {
    try runCollecting(repoRoot + "/.build/\(build)/ocean", args, in: folder)
}

@Suite(.serialized) struct AddKindCLITests {
    @Test func aKindAddedInTheDataFilesIsPlayedDrawnAndCounted() throws {
        let folder = try assetsWithACoffeeCup()
        // A career that catches and scans it: its count and its impact are reported.
        let sim = try ocean(in: folder, ["sim", "--days", "3", "--bot", "greedy", "--seed", "4", "--json"])
        #expect(sim.status == 0, "\(sim.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(sim.stdout.utf8)) as? [String: Any])
        let kinds = try #require((report["career"] as? [String: Any])?["kinds"] as? [[String: Any]] ?? report["kinds"] as? [[String: Any]],
                                 "\(sim.stdout.prefix(400))")
        let cup = try #require(kinds.first { $0["kind"] as? String == "coffee_cup" })
        #expect((cup["count"] as? Int ?? 0) > 10, "\(cup)")
        #expect(sim.stdout.contains("\"coffee_cup\""))

        // A recording of it verifies, and its frames draw the kind's sprite.
        let record = try ocean(in: folder, ["replay", "record", "--bot", "greedy", "--seed", "2", "--out", "cup.replay"])
        #expect(record.status == 0, "\(record.stderr)")
        let text = try String(contentsOfFile: folder + "/cup.replay", encoding: .utf8)
        #expect(text.contains("balance kind.coffee_cup.spawn_weight 200"))
        #expect(try ocean(in: folder, ["replay", "verify", "cup.replay"]).status == 0)
        let render = try ocean(in: folder, ["replay", "render", "cup.replay", "--tick", "600", "--out", "cup.png"])
        #expect(render.status == 0, "\(render.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder + "/cup.png"))

        // Issue 34: re-played under a balance without the kind, it is refused by name
        // before any tick (the cup's items would index past the list: a crash before).
        for args in [["replay", "run", "cup.replay", "--balance", repoRoot + "/assets/balance.toml"],
                     ["replay", "diff", "cup.replay", "--balance", repoRoot + "/assets/balance.toml"]] {
            let whatIf = try ocean(in: folder, args)
            #expect(whatIf.status == 2 && whatIf.stderr.contains("lacks coffee_cup")
                    && whatIf.stderr.contains("the same kinds, in the same order"), "\(args): \(whatIf.status) \(whatIf.stderr)")
        }

        // Every golden replay verifies unchanged beside the new kind.
        let corpus = try FileManager.default.subpathsOfDirectory(atPath: repoRoot + "/replays")
            .filter { $0.hasSuffix(".replay") }.map { repoRoot + "/replays/" + $0 }
        #expect(corpus.count > 70)
        // The release build: the whole corpus in debug took half a minute of CI.
        let verify = try ocean(in: folder, ["replay", "verify"] + corpus + ["--jobs", "2"], build: "release")
        #expect(verify.status == 0, "\(verify.stdout.suffix(600))\(verify.stderr)")
    }

    /// Issue 34: a career keeps its meaning whatever balance opens it. Its per-kind
    /// figures are saved by kind key: a balance listing the kinds in another order reads
    /// the same catches under the same names. Issue 49, a career outlives a mod: a
    /// career played with a seventh kind opens in the shipped game, plays and saves,
    /// and the seventh kind's figures come back as they were when the mod opens it;
    /// the mod's first save says what it adds; nothing is converted on the way.
    @Test func aCareerIsReadByKindKeyWhateverTheBalancesOrder() throws {
        let folder = try assetsWithACoffeeCup()
        let profile = folder + "/p"
        func kinds(_ run: Run) throws -> [String: Int] {
            let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stderr)")
            let list = (report["kinds"] as? [[String: Any]]) ?? ((report["career"] as? [String: Any])?["kinds"] as? [[String: Any]]) ?? []
            return Dictionary(uniqueKeysWithValues: list.compactMap { k in (k["kind"] as? String).map { ($0, k["count"] as? Int ?? 0) } })
        }
        // Played with the shipped kinds (from the repository's own folder).
        #expect(try ocean(in: repoRoot, ["sim", "--days", "2", "--bot", "greedy", "--seed", "3", "--profile", profile]).status == 0)
        let shipped = try kinds(try ocean(in: repoRoot, ["profile", "show", "--profile", profile, "--json"]))
        #expect((shipped["plastic_bottle"] ?? 0) > 0 && (shipped["glass_bottle"] ?? 0) > 0, "\(shipped)")
        #expect(try String(contentsOfFile: profile, encoding: .utf8).contains("\nkinds plastic_bottle aluminium_can "))

        // The kinds in another order: the first kind's section moved to the end of the list.
        var text = try String(contentsOfFile: repoRoot + "/assets/balance.toml", encoding: .utf8)
        let first = try #require(text.range(of: "[kind.plastic_bottle]")), second = try #require(text.range(of: "[kind.aluminium_can]"))
        let section = String(text[first.lowerBound..<second.lowerBound])
        text.removeSubrange(first.lowerBound..<second.lowerBound)
        text = text.replacingOccurrences(of: "[rounds]", with: section + "[rounds]")
        try text.write(toFile: folder + "/swapped.toml", atomically: true, encoding: .utf8)
        let swapped = try kinds(try ocean(in: repoRoot, ["profile", "show", "--profile", profile, "--json", "--balance", folder + "/swapped.toml"]))
        #expect(swapped == shipped, "the same catches under the same names")
        #expect(try ocean(in: repoRoot, ["sim", "--days", "1", "--bot", "greedy", "--seed", "4", "--profile", profile,
                                          "--balance", folder + "/swapped.toml"]).status == 0)
        let after = try kinds(try ocean(in: repoRoot, ["profile", "show", "--profile", profile, "--json"]))
        #expect(after.keys.allSatisfy { (after[$0] ?? 0) >= (shipped[$0] ?? 0) }, "a day more, no kind relabelled: \(shipped) → \(after)")

        // A seventh kind: the career opens with it (the cup at 0); the mod's first save
        // with cups caught says so.
        let withCup = try kinds(try ocean(in: folder, ["profile", "show", "--profile", profile, "--json"]))
        #expect(withCup["coffee_cup"] == 0 && withCup["plastic_bottle"] == after["plastic_bottle"])
        let modded = try ocean(in: folder, ["sim", "--days", "2", "--bot", "greedy", "--seed", "5", "--profile", profile])
        #expect(modded.status == 0, "\(modded.stderr)")
        #expect(modded.stderr.contains("the career now counts coffee_cup, a kind this balance adds"), "\(modded.stderr)")
        let cups = try #require(try kinds(try ocean(in: folder, ["profile", "show", "--profile", profile, "--json"]))["coffee_cup"])
        #expect(cups > 0)
        // The shipped game opens it, plays a day and saves, the cups set aside as they are.
        let shown = try ocean(in: repoRoot, ["profile", "show", "--profile", profile, "--json"])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(try kinds(shown)["coffee_cup"] == nil, "the shipped game has no cup to show")
        let played = try ocean(in: repoRoot, ["sim", "--days", "1", "--bot", "greedy", "--seed", "6", "--profile", profile])
        #expect(played.status == 0, "\(played.stderr)")
        #expect(!played.stderr.contains("now counts"), "nothing added by the shipped balance")
        #expect(try String(contentsOfFile: profile, encoding: .utf8).contains(" coffee_cup\n"), "the kinds line still names the cup")
        let back = try kinds(try ocean(in: folder, ["profile", "show", "--profile", profile, "--json"]))
        #expect(back["coffee_cup"] == cups, "the mod finds its cups again, unconverted")
        #expect((back["plastic_bottle"] ?? 0) > (withCup["plastic_bottle"] ?? 0))
    }

    @Test func aKindWithoutItsSpriteIsRefusedByName() throws {
        let folder = try assetsWithACoffeeCup(sprite: false)
        let record = try ocean(in: folder, ["replay", "record", "--bot", "greedy", "--seed", "2", "--out", "cup.replay"])
        #expect(record.status == 0, "\(record.stderr)")
        let render = try ocean(in: folder, ["replay", "render", "cup.replay", "--tick", "600", "--out", "cup.png"])
        #expect(render.status == 2)
        #expect(render.stderr.contains("sprite coffee_cup") && render.stderr.contains("missing"), "\(render.stderr)")
    }
}
