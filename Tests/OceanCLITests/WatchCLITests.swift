import Foundation
import Testing

import TestSupport

/// `ocean replay watch` in a virtual display, driven by xdotool as `PlayWindowTests`
/// drives `ocean play`: skipped, saying so, without xvfb-run or xdotool.
@Suite(.serialized, .enabled(if: onPath("xvfb-run") && onPath("xdotool"), "xvfb-run or xdotool missing: `make deps` installs them"))
struct WatchWindowTests {
    @Test func keysPauseStepSpeedAndSeekThenEscQuitsAtTheEndHash() throws {
        let dir = freshFolder("watch")
        // Pause, a step forward and one back, two speeds up and one down, the next
        // checkpoint, ten seconds on, then the end.
        let r = try script(inWindow("replay watch replays/idle-bot.replay", name: "watch", actions: """
            screen watch
            for k in space period Left equal equal minus bracketright Next End; do xdotool key $k; screen watch; done
            xdotool key Escape
            """), environment: ["DIR": dir])
        #expect(r.stdout.contains("watch-exit 0"), "\(r.stdout)\n\(r.stderr)")
        let out = (try? String(contentsOfFile: dir + "/watch.out", encoding: .utf8)) ?? ""
        // End seeks to the last tick; the state there is the recorded end.
        #expect(out.contains("left at tick 5310 of 5310") && out.contains("(the end record's)"), "\(out)")
    }
}

@Suite struct WatchHeadlessTests {
    @Test func noDisplayIsOneLineAndExitTwo() throws {
        let r = try script("env -u DISPLAY -u WAYLAND_DISPLAY -u SDL_VIDEODRIVER .build/debug/ocean replay watch replays/idle-bot.replay",
                           seconds: 30)
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1 && r.stderr.contains("--watch-overlay"), "\(r.stderr)")
    }

    @Test func renderDrawsTheWatchOverlayHeadless() throws {
        let dir = freshFolder("watch-render")
        for (name, extra) in [("plain", [String]()), ("watch", ["--watch-overlay"])] {
            let r = try ocean(["replay", "render", "replays/idle-bot.replay", "--tick", "1500", "--out", "\(dir)/\(name).png"] + extra)
            #expect(r.status == 0, "\(r.stderr)")
        }
        let plain = try Data(contentsOf: URL(fileURLWithPath: dir + "/plain.png"))
        let watch = try Data(contentsOf: URL(fileURLWithPath: dir + "/watch.png"))
        #expect(plain != watch, "the overlay is drawn")
    }
}
