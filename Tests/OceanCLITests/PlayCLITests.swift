import Foundation
import Testing

import TestSupport

/// Whether a command is on PATH.
func onPath(_ command: String) -> Bool {
    (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains {
        FileManager.default.isExecutableFile(atPath: "\($0)/\(command)")
    }
}

/// Runs a bash script under `timeout`, which kills its whole process group (Xvfb,
/// the game, xdotool) if the script overruns. Output goes to files, so a stray child
/// holding a pipe cannot hang the test.
func script(_ text: String, seconds: Int = 90, environment: [String: String] = [:]) throws -> Run {
    let dir = freshFolder("script")
    let file = dir + "/run.sh"
    try ("set -u\ncd '\(repoRoot)'\nexport SWIFT_BACKTRACE=enable=no\n" + text).write(toFile: file, atomically: true, encoding: .utf8)
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
    p.arguments = ["-k", "5", "\(seconds)", "bash", file]
    var env = ProcessInfo.processInfo.environment
    for (k, v) in environment { env[k] = v }
    p.environment = env
    _ = FileManager.default.createFile(atPath: dir + "/out", contents: nil)
    _ = FileManager.default.createFile(atPath: dir + "/err", contents: nil)
    p.standardOutput = FileHandle(forWritingAtPath: dir + "/out")
    p.standardError = FileHandle(forWritingAtPath: dir + "/err")
    try p.run()
    p.waitUntilExit()
    return Run(status: p.terminationStatus,
               stdout: (try? String(contentsOfFile: dir + "/out", encoding: .utf8)) ?? "",
               stderr: (try? String(contentsOfFile: dir + "/err", encoding: .utf8)) ?? "")
}

/// A shell script that starts `ocean ARGS` in a virtual display, waits for its
/// window, runs `actions` (with $W the window), and waits (bounded) for it to exit;
/// its output goes to `$DIR/NAME.out` and `.err`, and the script prints `NAME-exit STATUS`.
///
/// The actions wait on the game, never on the clock: the game names each screen it
/// draws on standard error (`OCEAN_DEBUG_SCREENS=1`: `screen menu`, `screen game`,
/// `screen pause`, `screen summary`…), and `screen NAME` waits (10 s at most) for the
/// next such line from the last one waited for that starts with NAME. `hold KEY S`
/// holds a key down for S seconds, as a player does; `waitfor COMMAND…` polls a
/// condition (a file saved) until it holds.
func inWindow(_ args: String, name: String, actions: String) -> String {
    """
    cat > "$DIR/inner.sh" <<'INNER'
    ERR="$DIR/\(name).err"
    OCEAN_DEBUG_SCREENS=1 SDL_VIDEODRIVER=x11 .build/debug/ocean \(args) > "$DIR/\(name).out" 2> "$ERR" &
    pid=$!
    # waitfor COMMAND…: polls it until it succeeds, 20 s at most (1 if it never did).
    waitfor() {
      for _ in $(seq 1 400); do "$@" && return 0; sleep 0.05; done
      return 1
    }
    SEEN=0
    next_screen() {
      n=$(grep '^screen ' "$ERR" | tail -n +$((SEEN + 1)) | grep -n "^screen $1" | head -1 | cut -d: -f1)
      [ -n "$n" ] && SEEN=$((SEEN + n))
    }
    screen() {
      waitfor next_screen "$1" && return 0
      echo "the screen '$1' did not come; the screens drawn: $(grep '^screen ' "$ERR" | paste -sd';' -)" >&2
      return 1
    }
    hold() { xdotool keydown "$1"; sleep "$2"; xdotool keyup "$1"; }
    W=$(timeout 30 xdotool search --sync --name "Ocean Rescue" | head -1)
    [ -n "$W" ] || { echo "no window appeared" >&2; kill $pid; exit 3; }
    # No window manager under Xvfb: focus the window directly.
    xdotool windowactivate --sync $W 2>/dev/null || xdotool windowfocus --sync $W
    \(actions)
    gone() { ! kill -0 $pid 2>/dev/null; }
    waitfor gone
    if kill -0 $pid 2>/dev/null; then echo "ocean \(name) did not exit" >&2; kill -9 $pid; exit 4; fi
    wait $pid
    echo "\(name)-exit $?"
    INNER
    DIR="$DIR" xvfb-run -a -n $((99 + $$ % 9000)) -s "-screen 0 1280x720x24" bash "$DIR/inner.sh"
    cat "$DIR/\(name).err" >&2
    """
}

/// `ocean play ARGS` in a window (see `inWindow`): `play.out`, `play.err`, `play-exit`.
func playing(_ args: String, actions: String) -> String { inWindow("play " + args, name: "play", actions: actions) }

/// The game's window under Xvfb, driven by xdotool: skipped, saying so, on a machine
/// without xvfb-run (`make deps` installs it).
@Suite(.serialized, .enabled(if: onPath("xvfb-run") && onPath("xdotool"), "xvfb-run or xdotool missing: `make deps` installs them"))
struct PlayWindowTests {

    @Test func arrowKeysAreRecordedAndCtrlQFinishesTheReplay() throws {
        let dir = freshFolder("play")
        let replay = dir + "/keys.replay"
        let r = try script(playing("--quick --record \(replay) --profile \(dir)/profile --print-timing", actions: """
            screen game; hold Right 1
            xdotool key ctrl+q
            """), environment: ["DIR": dir])
        #expect(r.stdout.contains("play-exit 0"), "\(r.stdout)\n\(r.stderr)")
        let verify = try ocean(["replay", "verify", replay])
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
        let text = try String(contentsOfFile: replay, encoding: .utf8)
        let rights = text.split(separator: "\n").filter { $0.hasPrefix("i ") && $0.split(separator: " ").dropFirst(2).first == "R" }
        #expect(!rights.isEmpty, "no right-move records in\n\(text.prefix(2000))")
        #expect(text.contains(" start"), "--quick starts a game")
        #expect(text.contains("recorded-by person"))
        let timing = try String(contentsOfFile: dir + "/play.out", encoding: .utf8)
        #expect(timing.contains("first-frame-ms "), "\(timing)")
    }

    /// Issue 34: a clock set back before the career's last day plays on as that day
    /// and says so on standard error (the window shows a toast); the profile keeps its
    /// later day. And the Daily Ocean opened at once (`--daily`) from a new profile:
    /// a try begins, Ctrl+Q leaves it, nothing is kept of it.
    @Test func aClockSetBackIsSaidAndTheCareerKeepsItsDay() throws {
        let dir = freshFolder("clock-back")
        let future = "2099-06-01"
        #expect(try ocean(["sim", "--days", "1", "--date", future, "--bot", "greedy", "--profile", dir + "/profile"]).status == 0)
        let r = try script(playing("--mute --profile \(dir)/profile", actions: """
            screen ''; xdotool key ctrl+q
            """), environment: ["DIR": dir])
        #expect(r.stdout.contains("play-exit 0"), "\(r.stdout)\n\(r.stderr)")
        let err = try String(contentsOfFile: dir + "/play.err", encoding: .utf8)
        #expect(err.contains("before this career's last day (\(future))") && err.contains("plays on as \(future)"), "\(err)")
        let show = try ocean(["profile", "show", "--profile", dir + "/profile", "--json"])
        #expect(show.stdout.contains(future), "\(show.stdout.prefix(600))")

        let daily = try script(playing("--daily --mute --profile \(dir)/daily-profile", actions: """
            screen game; xdotool key ctrl+q
            """), environment: ["DIR": dir])
        #expect(daily.stdout.contains("play-exit 0"), "\(daily.stdout)\n\(daily.stderr)")
        let kept = (try? FileManager.default.contentsOfDirectory(atPath: dir + "/daily-profile.daily")) ?? []
        #expect(kept.isEmpty, "a try left early keeps nothing: \(kept)")
    }

    /// Keys remapped (`ocean keys`, saved in the settings folder): J moves the bin
    /// left, the right arrow no longer moves it, and the replay verifies.
    @Test func remappedKeysMoveTheBinAndTheOldOnesDoNot() throws {
        let dir = freshFolder("remap")
        let keys = try ocean(["keys", "--left", "J", "--right", "L", "--settings", dir + "/ocean-rescue/keys.toml"])
        #expect(keys.status == 0 && keys.stdout.contains("left J; right L"), "\(keys.stdout)\(keys.stderr)")
        let replay = dir + "/keys.replay"
        let r = try script(playing("--quick --record \(replay) --profile \(dir)/profile", actions: """
            screen game; hold j 0.8; hold Right 0.8
            xdotool key ctrl+q
            """), environment: ["DIR": dir, "XDG_CONFIG_HOME": dir])
        #expect(r.stdout.contains("play-exit 0"), "\(r.stdout)\n\(r.stderr)")
        let text = try String(contentsOfFile: replay, encoding: .utf8)
        let moves = text.split(separator: "\n").filter { $0.hasPrefix("i ") }.compactMap { $0.split(separator: " ").dropFirst(2).first }
        #expect(moves.contains("L") && !moves.contains("R"), "J moves left, Right moves nothing: \(moves)")
        #expect(try ocean(["replay", "verify", replay]).status == 0)
        // A key name SDL does not know is refused before a window opens.
        let bad = try ocean(["keys", "--left", "Banana", "--settings", dir + "/other.toml"])
        #expect(bad.status == 2 && bad.stderr.contains("'Banana' is not a key name SDL knows"), "\(bad.stderr)")
        // The game's own keys cannot steer: each is refused, saying what it does, and nothing is written.
        for (key, does) in [("Escape", "pauses the game"), ("F11", "full screen"), ("M", "mutes"), ("Space", "starts a game"),
                            ("Return", "starts a game")] {
            let taken = try ocean(["keys", "--right", key, "--settings", dir + "/taken.toml"])
            #expect(taken.status == 2 && taken.stderr.contains("'\(key)' is the game's own key") && taken.stderr.contains(does),
                    "\(key): \(taken.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: dir + "/taken.toml"))
    }

    @Test func closingTheWindowMidGameLeavesAReplayThatVerifies() throws {
        // The window manager's close (WM_DELETE_WINDOW), as a person clicking ×.
        let dir = freshFolder("close")
        let tool = dir + "/wm-close"
        let r = try script("""
            $(command -v cc || command -v clang) -O2 Tests/Tools/wm-close.c -lX11 -o "\(tool)" || exit 5

            """ + playing("--quick --profile \(dir)/data/profile", actions: """
            screen game; hold Left 1.2
            "\(tool)" $W
            """), environment: ["DIR": dir])
        #expect(r.stdout.contains("play-exit 0"), "\(r.stdout)\n\(r.stderr)")
        // Without --record the game is kept beside the profile.
        let replay = dir + "/data/last-game.replay"
        let verify = try ocean(["replay", "verify", replay])
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
        #expect(verify.stdout.contains("PASS"))
    }

    /// A relative `--profile` is relative to the working folder: the profile and
    /// `last-game.replay` land in `./data`, and nothing is made at `/data`.
    @Test func aRelativeProfileFolderIsTheWorkingFolders() throws {
        let dir = freshFolder("relative")
        let hadRootData = FileManager.default.fileExists(atPath: "/data")
        let r = try script("""
            cd "$DIR"
            xvfb-run -a -n $((99 + $$ % 9000)) -s "-screen 0 1280x720x24" env -u WAYLAND_DISPLAY SDL_VIDEODRIVER=x11 \
              '\(repoRoot)/.build/debug/ocean' play --quick --mute --quit-after 0.5 --profile data/profile
            echo "play-exit $?"
            """, environment: ["DIR": dir])
        #expect(r.stdout.contains("play-exit 0"), "\(r.stdout)\n\(r.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir + "/data/last-game.replay"), "\(r.stderr)")
        #expect(FileManager.default.fileExists(atPath: "/data") == hadRootData, "/data was made")
        let verify = try ocean(["replay", "verify", dir + "/data/last-game.replay"])
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
    }

    @Test(arguments: [("INT", 130), ("TERM", 143)])
    func aSignalInTheTerminalFinishesTheRecordingLikeCtrlQ(signal: String, status: Int) throws {
        // Ctrl-C in the terminal (or a SIGTERM) ends the game as Ctrl+Q does: the
        // recording is finished and put in place, then play exits 128 + the signal.
        let dir = freshFolder("signal")
        let replay = dir + "/stopped.replay"
        let r = try script(playing("--quick --record \(replay) --profile \(dir)/profile", actions: """
            screen game; hold Left 1.2
            kill -\(signal) $pid
            """), environment: ["DIR": dir])
        #expect(r.stdout.contains("play-exit \(status)"), "\(r.stdout)\n\(r.stderr)")
        #expect(r.stderr.contains("stopped by SIG\(signal)") && r.stderr.contains(replay), "\(r.stderr)")
        let verify = try ocean(["replay", "verify", replay])
        #expect(verify.status == 0 && verify.stdout.contains("PASS"), "\(verify.stdout)\(verify.stderr)")
        let text = try String(contentsOfFile: replay, encoding: .utf8)
        #expect(text.contains("\nend "), "the recording has its end record")
        let left = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.contains(".tmp-") }
        #expect(left.isEmpty, "temporaries left: \(left)")
    }

    /// A first launch on an empty profile: the intro skipped key by key, a name typed,
    /// a pet adopted by keys; the profile holds both. The second launch greets by name
    /// and starts at the menu, where a card studied and a scan logged reach the profile
    /// and the replay, which verifies.
    @Test func aFirstLaunchAsksTheNameAndAdoptsThenTheNextGreetsByName() throws {
        let dir = freshFolder("first-launch")
        let first = try script(playing("--mute --record \(dir)/first.replay --profile \(dir)/profile", actions: """
            screen 'intro 1'
            for i in 2 3 4 5 6; do xdotool key --window $W space; screen "intro $i"; done
            xdotool key --window $W space; screen name
            xdotool type --delay 60 "Ada"; xdotool key Return; screen adopt
            xdotool key Right Return; screen menu
            waitfor grep -q "^name Ada" "$DIR/profile"
            xdotool key ctrl+q
            """), environment: ["DIR": dir, "OCEAN_DEBUG_SCREENS": "1"])
        #expect(first.stdout.contains("play-exit 0"), "\(first.stdout)\n\(first.stderr)")
        #expect(first.stderr.contains("screen intro 1") && first.stderr.contains("screen name")
                && first.stderr.contains("screen adopt"), "\(first.stderr)")
        let show = try ocean(["profile", "show", "--profile", dir + "/profile", "--json"])
        #expect(show.stdout.contains("\"name\":\"Ada\"") && show.stdout.contains("\"form\":\"Dog\""), "\(show.stdout)")

        let second = try script(playing("--mute --record \(dir)/second.replay --profile \(dir)/profile", actions: """
            screen menu
            xdotool key Down Down Down Return; screen card       # past Arcade and the Daily Ocean: Study a card
            xdotool key Down Return Escape; screen menu           # answer 'From land', back
            xdotool key Down Return; screen scan                 # Log a scan (the menu keeps its place)
            xdotool key Return Escape; screen menu                # a plastic bottle, back
            xdotool key ctrl+q
            """), environment: ["DIR": dir, "OCEAN_DEBUG_SCREENS": "1"])
        #expect(second.stdout.contains("play-exit 0"), "\(second.stdout)\n\(second.stderr)")
        let screens = second.stderr.split(separator: "\n").filter { $0.hasPrefix("screen ") }
        #expect(screens.first == "screen menu greeting 'Hello, Ada!'", "\(second.stderr)")
        #expect(screens.contains("screen card") && screens.contains("screen scan"), "\(second.stderr)")
        let after = try ocean(["profile", "show", "--profile", dir + "/profile", "--json"])
        #expect(after.stdout.contains("\"cardsStudied\":1") && after.stdout.contains("{\"count\":1,\"grams\":9,\"kind\":\"plastic_bottle\",\"plastic\":true}"),
                "\(after.stdout)")
        let replay = try String(contentsOfFile: dir + "/second.replay", encoding: .utf8)
        #expect(replay.contains("answer where_from right") && replay.contains("scan"), "the menu's actions are recorded")
        let verify = try ocean(["replay", "verify", dir + "/second.replay", dir + "/first.replay"])
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
    }

    /// A card answered rightly from the menu completes today's challenge (a table, through
    /// --challenges, whose daily asks for one card) and reaches its first milestone:
    /// the window, read back pixel by pixel, shows their two toasts at the foot of the
    /// right panel (a border in the theme's "good" colour and one in its accent), where
    /// a moment before, on the same screen, there were none.
    @Test func aChallengeCompletedInTheWindowShowsItsToasts() throws {
        let dir = freshFolder("toast")
        let tool = dir + "/grab-window"
        try """
            [daily.one_card]
            counts = "cards_studied"
            target_at_level_1 = 1
            target_at_top_level = 1
            reward_grams = 2
            text = "Study a card today"

            [milestone.first_card]
            counts = "cards_studied"
            target = 1
            reward_grams = 5
            text = "Your first card"
            """.write(toFile: dir + "/one-card.toml", atomically: true, encoding: .utf8)
        let r = try script("""
            $(command -v cc || command -v clang) -O2 Tests/Tools/grab-window.c -lX11 -o "\(tool)" || exit 5

            """ + playing("--mute --challenges \(dir)/one-card.toml --record \(dir)/run.replay --profile \(dir)/profile",
                          actions: """
            screen 'intro 1'
            for i in 2 3 4 5 6; do xdotool key --window $W space; screen "intro $i"; done
            xdotool key --window $W space; screen name
            xdotool type --delay 60 "Ada"; xdotool key Return; screen adopt
            xdotool key Right Return; screen menu                # adopted: the menu
            xdotool key Down Down Down Return; screen card       # past Arcade and the Daily Ocean: Study a card
            "\(tool)" $W "$DIR/before.ppm"
            xdotool key Down Return                              # 'From land', right: done, and a milestone
            sleep 1                                              # the two toasts' entrance played out
            "\(tool)" $W "$DIR/after.ppm"
            xdotool key ctrl+q
            """), environment: ["DIR": dir, "OCEAN_DEBUG_SCREENS": "1"])
        #expect(r.stdout.contains("play-exit 0"), "\(r.stdout)\n\(r.stderr)")
        #expect(r.stderr.contains("screen card"), "\(r.stderr)")
        // The default theme's colours (assets/themes/default.toml: text.good, text.accent).
        let (good, accent) = (0x3DDC97, 0xFFD166)
        let before = try WindowPicture(ppm: dir + "/before.ppm"), after = try WindowPicture(ppm: dir + "/after.ppm")
        #expect(before.borderRows(good).isEmpty && before.borderRows(accent).isEmpty)
        let (g, a) = (after.borderRows(good), after.borderRows(accent))
        #expect(g.count == 2 && a.count == 2, "a toast box each (top and bottom edges): \(g) \(a)")
        #expect((a.min() ?? 0) > (g.max() ?? 999), "the milestone's, the later, lowest: \(g) \(a)")
        let verify = try ocean(["replay", "verify", dir + "/run.replay"])
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
    }

    @Test func theCareerIsSavedAfterEveryGameAndContinuedNextTime() throws {
        // A one-round, one-item game is over in about three seconds.
        let dir = freshFolder("career")
        let short = shippedBalanceText.replacingOccurrences(of: "per_game = 5 ", with: "per_game = 1 ")
            .replacingOccurrences(of: "first_round_speed_percent = 40 ", with: "first_round_speed_percent = 100 ")
            .replacingOccurrences(of: "first_round_items = 6 ", with: "first_round_items = 1 ")
        try short.write(toFile: dir + "/short.toml", atomically: true, encoding: .utf8)
        for run in 1...2 {
            let replay = dir + "/run\(run).replay"
            let r = try script(playing("--quick --balance \(dir)/short.toml --record \(replay) --profile \(dir)/profile",
                                       actions: """
                # Quit once the game's save has landed (a loaded machine may take longer than the game).
                before=$(cksum < "$DIR/profile" 2>/dev/null)
                saved() { [ "$(cksum < "$DIR/profile" 2>/dev/null)" != "$before" ]; }
                waitfor saved || waitfor saved || waitfor saved
                xdotool key ctrl+q
                """), environment: ["DIR": dir])
            #expect(r.stdout.contains("play-exit 0"), "\(r.stdout)\n\(r.stderr)")
            let show = try ocean(["profile", "show", "--profile", dir + "/profile", "--balance", dir + "/short.toml", "--json"])
            #expect(show.status == 0, "\(show.stderr)")
            #expect(show.stdout.contains("\"games\":\(run),"), "after run \(run): \(show.stdout)")
            let verify = try ocean(["replay", "verify", replay])
            #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
            let text = try String(contentsOfFile: replay, encoding: .utf8)
            // The second run starts from the saved career, not a new one.
            #expect(text.contains("start-state ") == (run == 2))
        }
    }

    @Test func aKilledConnectionFinishesTheReplayAndExitsTwo() throws {
        // xdotool windowkill cuts the X connection: Xlib's I/O error handler (issue 22:
        // ours, `DisplayLoss`) finishes the recording and keeps it, says so, exits 2.
        let dir = freshFolder("kill")
        let replay = dir + "/killed.replay"
        let r = try script(playing("--quick --record \(replay) --profile \(dir)/profile", actions: """
            screen game; hold Right 2.2
            xdotool windowkill $W
            """), environment: ["DIR": dir])
        #expect(r.stdout.contains("play-exit 2"), "\(r.stdout)\n\(r.stderr)")
        #expect(r.stderr.contains("the display was lost") && r.stderr.contains("recorded in \(replay)"), "\(r.stderr)")
        let verify = try ocean(["replay", "verify", replay])
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
        let left = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.contains(".tmp-") }
        #expect(left.isEmpty, "\(left)")
        // The game that was on ended as abandoned: recorded, and counted in the profile.
        #expect(try String(contentsOfFile: replay, encoding: .utf8).contains(" abandon\n"))
        let show = try ocean(["profile", "show", "--profile", dir + "/profile", "--json"])
        #expect(show.stdout.contains("\"games\":1,"), "\(show.stdout)\(show.stderr)")
    }
}

@Suite struct PlayHeadlessTests {
    @Test func noDisplayIsOneLineAndExitTwo() throws {
        let dir = freshFolder("nodisplay")
        let r = try script("env -u DISPLAY -u WAYLAND_DISPLAY -u SDL_VIDEODRIVER .build/debug/ocean play --profile \(dir)/profile",
                           seconds: 30)
        #expect(r.status == 2)
        let lines = r.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(r.stderr)")
        #expect(r.stderr.contains("no display") && r.stderr.contains("ocean sim") && r.stderr.contains("ocean replay render"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/last-game.replay"), "nothing written without a window")
    }

    @Test func aDisplayThatLeadsNowhereIsOneLineAndExitTwo() throws {
        let dir = freshFolder("baddisplay")
        let r = try script("env -u WAYLAND_DISPLAY -u SDL_VIDEODRIVER DISPLAY=:77 .build/debug/ocean play --profile \(dir)/profile",
                           seconds: 30)
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
        #expect(r.stderr.contains("ocean sim") && r.stderr.contains("ocean replay render"))
    }

    @Test func aBadThemeExitsTwo() throws {
        let r = try ocean(["play", "--theme", "no-such-theme"])
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr.contains("no-such-theme"))
        let render = try ocean(["replay", "render", "replays/greedy-bot.replay", "--tick", "1", "--out", freshFolder("bad-theme") + "/x.png",
                                "--theme", "no-such-theme"])
        #expect(render.status == 2)
        #expect(render.stderr.contains("no-such-theme"))
    }
}

@Suite struct ReplayRenderTests {
    /// Width and height from a PNG's IHDR chunk (bytes 16…23, big-endian).
    func pngSize(_ path: String) throws -> (Int, Int) {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        #expect(Array(bytes[12..<16]) == Array("IHDR".utf8))
        let be = { (i: Int) in bytes[i..<i + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (be(16), be(20))
    }

    @Test func writesAPNGOfTheRightSizeTheSameEachTime() throws {
        let dir = freshFolder("render")
        for (scale, size) in [(1, (640, 360)), (2, (1280, 720))] {
            let a = dir + "/a\(scale).png", b = dir + "/b\(scale).png"
            for out in [a, b] {
                let r = try ocean(["replay", "render", "replays/greedy-bot.replay", "--tick", "600", "--out", out,
                                   "--scale", "\(scale)"], build: "release")
                #expect(r.status == 0, "\(r.stderr)")
            }
            let got = try pngSize(a)
            #expect(got == size)
            #expect(try Data(contentsOf: URL(fileURLWithPath: a)) == Data(contentsOf: URL(fileURLWithPath: b)))
        }
    }

    @Test func everyKTicksWritesAFolderOfFrames() throws {
        let dir = freshFolder("every")
        let r = try ocean(["replay", "render", "replays/greedy-bot.replay", "--every", "600", "--out-dir", dir + "/frames"],
                          build: "release")
        #expect(r.status == 0, "\(r.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir + "/frames").sorted()
        #expect(files.first == "tick-000000.png")
        #expect(files.contains("tick-000600.png"))
    }

    @Test(arguments: [
        ["--tick", "5"],                                      // no --out
        ["--every", "10", "--out", "x.png"],                  // --every wants --out-dir
        ["--tick", "1", "--out", "x.png", "--scale", "0"],
        ["--tick", "99999999", "--out", "x.png"],             // past the end
        ["--tick", "-3", "--out", "x.png"],
    ])
    func badArgumentsExitTwo(args: [String]) throws {
        let r = try ocean(["replay", "render", "replays/greedy-bot.replay"] + args)
        #expect(r.status == 2, "\(args): \(r.stdout)\(r.stderr)")
        #expect(!r.stderr.isEmpty)
    }
}

/// A window's picture read back from the screen (`Tests/Tools/grab-window.c`'s PPM),
/// seen as the game's 640×360 screen scaled by a whole number.
struct WindowPicture {
    let width: Int, height: Int
    let rgb: [UInt8]

    init(ppm path: String) throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        // "P6\nW H\n255\n": three whitespace-ended fields after the magic.
        var fields: [Int] = [], i = 2, field = 0, inField = false
        while fields.count < 3 && i < bytes.count {
            let b = bytes[i]
            if b >= 0x30 && b <= 0x39 { field = field * 10 + Int(b - 0x30); inField = true } else if inField {
                fields.append(field); field = 0; inField = false
            }
            i += 1
        }
        (width, height) = (fields[0], fields[1])
        rgb = Array(bytes[i...])
    }

    var scale: Int { max(1, min(width / 640, height / 360)) }

    /// The window's own pixel (x, y), as `0xRRGGBB`.
    func windowPixel(_ x: Int, _ y: Int) -> Int {
        let at = (y * width + x) * 3
        return Int(rgb[at]) << 16 | Int(rgb[at + 1]) << 8 | Int(rgb[at + 2])
    }

    /// The game screen's pixel (x, y), as `0xRRGGBB`.
    func pixel(_ x: Int, _ y: Int) -> Int {
        let s = scale
        let (ox, oy) = ((width - 640 * s) / 2, (height - 360 * s) / 2)
        let at = ((oy + y * s) * width + ox + x * s) * 3
        return Int(rgb[at]) << 16 | Int(rgb[at + 1]) << 8 | Int(rgb[at + 2])
    }

    /// Rows of the game screen's right panel (x 452 to 632, the default theme's)
    /// that hold a run of `colour` most of the panel wide: a toast's top or bottom edge.
    func borderRows(_ colour: Int) -> [Int] {
        (0..<360).filter { y in
            var run = 0, best = 0
            for x in 452..<632 { run = pixel(x, y) == colour ? run + 1 : 0; best = max(best, run) }
            return best >= 160
        }
    }
}
