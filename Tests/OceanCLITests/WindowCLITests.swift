import Foundation
import Testing

import TestSupport

/// Any name and any window, through a real X server (Xvfb, no window manager) and
/// xdotool: in the window tests' suite, so they run one at a time with the others (two
/// `xvfb-run -a` starting together can race for one display number).
extension PlayWindowTests {
    /// A first launch: through the story to the name, "Zoë Ñuñez Groß" typed with
    /// xdotool (SDL's UTF-8 text events), adopted, greeted on the menu and saved.
    @Test func aNameWithAccentsTypedInTheWindowIsShownAndSaved() throws {
        let dir = freshFolder("utf8-name")
        let name = "Zoë Ñuñez Groß"
        let r = try script(playing("--mute --profile \(dir)/profile", actions: """
            screen 'intro 1'
            for i in 2 3 4 5 6; do xdotool key --window $W space; screen "intro $i"; done
            xdotool key --window $W space; screen name
            # One character at a time: xdotool maps a spare keycode to each letter outside
            # the keyboard's map, and typing the next before SDL has read it loses it.
            # A keyboard whose map holds the letters (as a Spanish, German or French one
            # would): xdotool otherwise maps each onto a spare key for a moment, and the
            # key may be back to nothing before the window reads it.
            xkbcomp -w0 - "$DISPLAY" <<'XKB'
            xkb_keymap {
              xkb_keycodes { include "evdev+aliases(qwerty)" };
              xkb_types { include "complete" };
              xkb_compat { include "complete" };
              xkb_symbols { include "pc+us+inet(evdev)"
                key <FK13> { [ ediaeresis, Ediaeresis ] };
                key <FK14> { [ ntilde, Ntilde ] };
                key <FK15> { [ ssharp, ssharp ] }; };
            };
            XKB
            export LC_ALL=C.UTF-8  # xdotool reads its text in the locale's encoding
            xdotool type --delay 120 '\(name)'
            xdotool key Return; screen adopt
            xdotool key Return; screen menu
            xdotool key ctrl+q
            """), seconds: 120, environment: ["DIR": dir, "OCEAN_DEBUG_SCREENS": "1"])
        #expect(r.stdout.contains("play-exit 0"), "\(r.stdout)\n\(r.stderr)")
        #expect(r.stderr.contains("greeting 'Hello, \(name)!'"), "\(r.stderr)")
        let profile = try String(contentsOfFile: dir + "/profile", encoding: .utf8)
        #expect(profile.contains("\nname \(name)\n"), "\(profile)")
    }

    /// F11 goes fullscreen and F11 again comes back to the same window size and place.
    @Test func f11TwiceReturnsToTheSameWindow() throws {
        let dir = freshFolder("f11")
        let r = try script(playing("--quick --mute --profile \(dir)/profile", actions: """
            screen game
            geometry() { xdotool getwindowgeometry $W | tail -2 | tr '\\n' ' '; }
            before=$(geometry)
            echo "before $before"
            full() { xdotool getwindowgeometry $W | tail -1 | grep -q 1280x720; }
            xdotool key F11; waitfor full
            echo "full $(xdotool getwindowgeometry $W | tail -1)"
            back() { [ "$(geometry)" = "$before" ]; }
            xdotool key F11; waitfor back
            echo "after $(geometry)"
            xdotool key ctrl+q
            """), environment: ["DIR": dir])
        #expect(r.stdout.contains("play-exit 0"), "\(r.stdout)\n\(r.stderr)")
        let lines = r.stdout.split(separator: "\n")
        let before = lines.first { $0.hasPrefix("before ") }?.dropFirst(7)
        let after = lines.first { $0.hasPrefix("after ") }?.dropFirst(6)
        #expect(before != nil && before == after, "\(r.stdout)")
        #expect(lines.contains { $0.hasPrefix("full ") && $0.contains("1280x720") }, "fullscreen fills the screen: \(r.stdout)")
    }

    /// `--scale N`: bigger text on the menus and the HUD, 1 to 3; outside, exit 2 saying so.
    @Test func aBiggerTextScaleIsAnOptionWithinItsRange() throws {
        let dir = freshFolder("scale")
        let r = try script("""
            xvfb-run -a -n $((99 + $$ % 9000)) -s "-screen 0 1280x720x24" env SDL_VIDEODRIVER=x11 .build/debug/ocean play --quick --mute --scale 2 \\
              --quit-after 0.5 --profile "$DIR/profile"
            echo "play-exit $?"
            """, environment: ["DIR": dir])
        #expect(r.stdout.contains("play-exit 0"), "\(r.stdout)\n\(r.stderr)")
        let bad = try ocean(["play", "--scale", "4", "--profile", dir + "/other"])
        #expect(bad.status == 2 && bad.stderr.contains("--scale: allowed 1 to 3"), "\(bad.stderr)")
    }

    /// `ocean companion render`: a PNG at each common panel size, the same bytes for the
    /// same profile, an existing output kept without --force, no career said (exit 2).
    @Test func theCompanionPictureIsTheSameBytesForTheSameProfile() throws {
        let dir = freshFolder("companion")
        let sim = try ocean(["sim", "--bot", "human", "--days", "5", "--seed", "3", "--profile", dir + "/profile"])
        #expect(sim.status == 0, "\(sim.stderr)")
        for size in ["296x128", "400x300"] {
            let a = try ocean(["companion", "render", "--profile", dir + "/profile", "--size", size, "--out", dir + "/a.png", "--force"])
            let b = try ocean(["companion", "render", "--profile", dir + "/profile", "--size", size, "--out", dir + "/b.png", "--force"])
            #expect(a.status == 0 && b.status == 0, "\(a.stderr)\(b.stderr)")
            let (x, y) = (FileManager.default.contents(atPath: dir + "/a.png"), FileManager.default.contents(atPath: dir + "/b.png"))
            #expect(x != nil && x == y, "\(size): the same bytes")
        }
        let kept = try ocean(["companion", "render", "--profile", dir + "/profile", "--out", dir + "/a.png"])
        #expect(kept.status == 2 && kept.stderr.contains("add --force"), "\(kept.stderr)")
        let none = try ocean(["companion", "render", "--profile", dir + "/nobody", "--out", dir + "/c.png"])
        #expect(none.status == 2 && none.stderr.contains("no career"), "\(none.stderr)")
    }
}
