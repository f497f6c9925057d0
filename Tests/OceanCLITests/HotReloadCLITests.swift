import Foundation
import Testing
import TestSupport

/// Balance hot reload under Xvfb: a designer saves the balance file while the window
/// is open; the next game plays under it, in a recording that carries it.
@Suite(.serialized, .enabled(if: onPath("xvfb-run") && onPath("xdotool"), "xvfb-run or xdotool missing: `make deps` installs them"))
struct HotReloadCLITests {
    /// Waits for the game to end (its screen between games), then does `then`.
    private func afterTheGame(_ then: String) -> String {
        """
        screen game; screen ready
        \(then)
        """
    }

    /// Puts `file` in place of the balance and waits until the game has seen it (its
    /// notice: taken at the next game, or refused).
    private func edit(_ file: String) -> String {
        """
        notices=$(grep -c '^notice' "$ERR")
        noticed() { [ "$(grep -c '^notice' "$ERR")" -gt "$notices" ]; }
        cp "$DIR/\(file)" "$DIR/b.toml"; waitfor noticed; xdotool key space
        """
    }

    @Test func anEditAppliesAtTheNextGameAndABrokenOneKeepsTheLastGoodConstants() throws {
        let dir = freshFolder("reload")
        // One round of one item: a game is over in about three seconds.
        let short = shippedBalanceText.replacingOccurrences(of: "per_game = 5 ", with: "per_game = 1 ")
            .replacingOccurrences(of: "first_round_speed_percent = 40 ", with: "first_round_speed_percent = 100 ")
            .replacingOccurrences(of: "first_round_items = 6 ", with: "first_round_items = 1 ")
        try short.write(toFile: dir + "/b.toml", atomically: true, encoding: .utf8)
        let edited = short.replacingOccurrences(of: "points_per_catch = 10 ", with: "points_per_catch = 11 ")
        #expect(edited != short)
        try edited.write(toFile: dir + "/edited.toml", atomically: true, encoding: .utf8)
        let broken = short.replacingOccurrences(of: "points_per_catch = 10 ", with: "points_per_catch = \"x\" ")
        try broken.write(toFile: dir + "/broken.toml", atomically: true, encoding: .utf8)
        let record = dir + "/r.replay"
        // A part 2 left from an earlier session is kept: the next part takes the next free name.
        try "an older recording\n".write(toFile: dir + "/r.2.replay", atomically: true, encoding: .utf8)
        let r = try script(playing("--quick --balance \(dir)/b.toml --record \(record) --profile \(dir)/profile",
                                   actions: afterTheGame(edit("edited.toml"))
                                       + "\n" + afterTheGame(edit("broken.toml"))
                                       + "\n" + afterTheGame("xdotool key ctrl+q")),
                           seconds: 120, environment: ["DIR": dir, "OCEAN_DEBUG_SCREENS": "1"])
        #expect(r.stdout.contains("play-exit 0"), "\(r.stdout)\n\(r.stderr)")
        // The first game under the old constants, the next two under the edit: the
        // broken file never reached the kernel.
        let first = try String(contentsOfFile: record, encoding: .utf8)
        let second = try String(contentsOfFile: dir + "/r.3.replay", encoding: .utf8)
        #expect(try String(contentsOfFile: dir + "/r.2.replay", encoding: .utf8) == "an older recording\n")
        #expect(first.contains("balance scoring.points_per_catch 10\n"))
        #expect(second.contains("balance scoring.points_per_catch 11\n"))
        #expect(first.contains(" games=1 ") && second.contains(" games=3 "), "\(second.suffix(300))")
        #expect(!FileManager.default.fileExists(atPath: dir + "/r.4.replay"))
        #expect(second.contains("start-state "), "the second recording starts from the career as it stood")
        for file in [record, dir + "/r.3.replay"] {
            let v = try ocean(["replay", "verify", file])
            #expect(v.status == 0, "\(v.stdout)\(v.stderr)")
        }
        #expect(r.stderr.contains("reloaded: the recording so far is in \(record)"), "\(r.stderr)")
        // The broken edit is shown (the notice's lines, also on stderr with OCEAN_DEBUG_SCREENS).
        #expect(r.stderr.contains("notice ") && r.stderr.contains("scoring.points_per_catch")
                && r.stderr.contains("last good constants"), "\(r.stderr)")
    }
}
