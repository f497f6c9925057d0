import Foundation
import Testing
import TestSupport

// Issue 20, the pause menu in the window (Xvfb, keys from xdotool): Escape opens it,
// Back to the menu ends the game as abandoned (recorded, counted, saved), Ctrl+Q
// mid-game does the same, and the volumes set there are kept in the settings file.
@Suite(.serialized, .enabled(if: onPath("xvfb-run") && onPath("xdotool"), "xvfb-run or xdotool missing: `make deps` installs them"))
struct PauseMenuCLITests {
    private func profileJSON(_ path: String) throws -> [String: Any] {
        let show = try ocean(["profile", "show", "--profile", path, "--json"])
        return try JSONSerialization.jsonObject(with: Data(show.stdout.utf8)) as? [String: Any] ?? [:]
    }

    /// A first launch (intro, name, pet), a game from the menu, then Escape, Down,
    /// Enter: the game ends as abandoned, the summary shows, Enter goes to the menu.
    @Test func backToTheMenuEndsTheGameAsAbandonedAndTheProfileAndRecordingHoldIt() throws {
        let dir = freshFolder("pause-back")
        let r = try script(playing("--mute --record \(dir)/run.replay --profile \(dir)/profile", actions: """
            screen 'intro 1'
            for i in 2 3 4 5 6; do xdotool key --window $W space; screen "intro $i"; done
            xdotool key --window $W space; screen name
            xdotool type --delay 60 "Pia"; xdotool key Return; screen adopt
            xdotool key Right Return; screen menu
            xdotool key Return; screen game                     # Play
            hold Left 1.5
            xdotool key Escape; screen pause                    # the pause menu
            xdotool key Down Return; screen summary             # Back to the menu: the summary
            xdotool key Return; screen ''                       # then the menu (or the outro)
            xdotool key ctrl+q
            """), environment: ["DIR": dir, "OCEAN_DEBUG_SCREENS": "1"])
        #expect(r.stdout.contains("play-exit 0"), "\(r.stdout)\n\(r.stderr)")
        // The game, its summary, then (a first game) the story's outro, or the menu.
        let screens = r.stderr.split(separator: "\n").filter { $0.hasPrefix("screen ") && !$0.hasPrefix("screen pause") }
            .map { String($0.prefix(11)) }
        #expect(r.stderr.contains("\nscreen pause\n"), "the pause menu was drawn")
        let game = try #require(screens.firstIndex(of: "screen game"), "\(r.stderr)")
        #expect(screens.count >= game + 3 && screens[game + 1] == "screen summ"
                && ["screen menu", "screen outr"].contains(screens[game + 2]), "\(screens)")
        let profile = try profileJSON(dir + "/profile")
        #expect(profile["games"] as? Int == 1, "\(profile)")
        let text = try String(contentsOfFile: dir + "/run.replay", encoding: .utf8)
        #expect(text.contains(" abandon\n"), "the abandon is recorded")
        let verify = try ocean(["replay", "verify", dir + "/run.replay"])
        #expect(verify.status == 0 && verify.stdout.contains("PASS"), "\(verify.stdout)\(verify.stderr)")
    }

    /// Ctrl+Q in the middle of a game: it ends as abandoned before the window closes,
    /// so the profile counts it and the recording ends with it.
    @Test func ctrlQMidGameEndsTheGameAsAbandonedAndSavesIt() throws {
        let dir = freshFolder("pause-quit")
        let r = try script(playing("--quick --mute --record \(dir)/run.replay --profile \(dir)/profile", actions: """
            screen game; hold Right 1.5
            xdotool key ctrl+q
            """), environment: ["DIR": dir])
        #expect(r.stdout.contains("play-exit 0"), "\(r.stdout)\n\(r.stderr)")
        let profile = try profileJSON(dir + "/profile")
        #expect(profile["games"] as? Int == 1, "the game is counted: \(profile)")
        let text = try String(contentsOfFile: dir + "/run.replay", encoding: .utf8)
        #expect(text.contains(" abandon\n"), "the abandon is recorded")
        let verify = try ocean(["replay", "verify", dir + "/run.replay"])
        #expect(verify.status == 0 && verify.stdout.contains("PASS"), "\(verify.stdout)\(verify.stderr)")
    }

    /// The Sound page: Master down a step, Music down three; leaving the page keeps
    /// them in the settings file under $XDG_CONFIG_HOME; Quit from the menu ends the
    /// game as abandoned.
    @Test func volumesSetInThePauseMenuAreSavedAndQuitLeaves() throws {
        let dir = freshFolder("pause-sound")
        let r = try script(playing("--quick --mute --record \(dir)/run.replay --profile \(dir)/profile", actions: """
            screen game
            xdotool key Escape; screen pause
            xdotool key Down Down Return; screen 'pause sound'                   # Sound
            xdotool key Left                                                     # master 90
            xdotool key Down Left Left Left                                      # music 50
            xdotool key Escape; screen pause                                     # back: saved
            waitfor test -f "$DIR/config/ocean-rescue/audio-settings.toml"
            xdotool key Up Up Up Return                                          # Quit (from Sound, three up, round)
            """), environment: ["DIR": dir, "XDG_CONFIG_HOME": dir + "/config"])
        #expect(r.stdout.contains("play-exit 0"), "\(r.stdout)\n\(r.stderr)")
        let settings = try String(contentsOfFile: dir + "/config/ocean-rescue/audio-settings.toml", encoding: .utf8)
        #expect(settings.contains("master_percent = 90") && settings.contains("music_percent = 50")
                && settings.contains("effects_percent = 100"), "\(settings)")
        let shown = try ocean(["audio", "settings", "--settings", dir + "/config/ocean-rescue/audio-settings.toml"])
        #expect(shown.stdout.contains("master 90 %, music 50 %"), "\(shown.stdout)\(shown.stderr)")
        let text = try String(contentsOfFile: dir + "/run.replay", encoding: .utf8)
        #expect(text.contains(" abandon\n"), "Quit ends the game as abandoned")
        #expect(try profileJSON(dir + "/profile")["games"] as? Int == 1)
    }
}
