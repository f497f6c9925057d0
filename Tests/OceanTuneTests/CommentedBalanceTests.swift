import Foundation
import OceanBalance
import OceanStore
import OceanTune
import Testing
import TestSupport

/// A point written as the shipped file with its values edited in: the same balance
/// the sweep played, every other line (comments, order) as shipped.
@Suite struct CommentedBalanceTests {
    let text = (try? String(contentsOfFile: repoRoot + "/assets/balance.toml", encoding: .utf8)) ?? ""

    @Test func onlyTheChangedLinesDifferAndTheBalanceIsThePoints() throws {
        let values = ["rounds.per_game": 3, "kind.plastic_bag.sway_speed_px_per_s": 160, "bin.width_px": 46]
        let out = try #require(CommentedBalance.patched(text, values: values, note: "Point 4 of s.jsonl\nsecond line",
                                                         meaning: CommentedBalance.meanings(of: try shippedBalance)))
        let outLines = out.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(outLines.prefix(3) == ["# Point 4 of s.jsonl", "# second line", "#"])
        let body = Array(outLines.dropFirst(3)), shipped = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(body.count == shipped.count)
        let changed = zip(body, shipped).filter { $0 != $1 }
        #expect(changed.count == 2, "bin.width_px is already 46: left as it is")
        // The old comment spoke of the old value: the key's meaning from the schema instead.
        #expect(changed.contains { $0.0.hasPrefix("per_game = 3 ") && $0.0.hasSuffix("# tuned: was 5; rounds, 1 to 50") }, "\(changed)")
        #expect(changed.contains { $0.0.hasPrefix("sway_speed_px_per_s = 160 ") && $0.0.contains("# tuned: was 140; ")
            && !$0.0.contains("fluttering wide") }, "\(changed)")
        // Only the bag's sway moved, not the other kinds' keys of that name.
        #expect(body.filter { $0.contains("tuned") }.count == 2)
        var expected = try shippedBalance
        expected.rounds.perGame = 3
        expected.kinds[4].swaySpeedPxPerS = 160
        #expect(try BalanceLoader.parse(out, file: "point.toml") == expected)
    }

    @Test func aKeyTheFileLacksGivesNothing() {
        #expect(CommentedBalance.patched(text, values: ["rounds.no_such_key": 1], note: "") == nil)
        #expect(CommentedBalance.patched("[rounds]\nper_game = 5\n", values: ["rounds.per_game": 4], note: "n")
                == "# n\n#\n[rounds]\nper_game = 4  # tuned: was 5\n")
    }
}
