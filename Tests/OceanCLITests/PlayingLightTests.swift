import Foundation
import Testing

import TestSupport

/// Issue 51, playing is light: under Xvfb there is no GPU and OpenGL is Mesa's
/// llvmpipe, whose two threads took a third of a core at 60 Hz. The window then takes
/// SDL's software renderer on X11's own framebuffer and scales the frame itself by
/// whole numbers (`RendererChoice`, `WholeScale`): the game says which renderer it
/// chose and how much of a core it took, and the window's picture is the frame, each
/// of the game's pixels a 2×2 block at twice its size. In the window tests' suite, so
/// it runs alone with them.
extension PlayWindowTests {
    @Test func underXvfbTheWindowTakesTheSoftwareRendererAndPlaysLight() throws {
        let dir = freshFolder("playing-light")
        let tool = dir + "/grab-window"
        let r = try script("""
            $(command -v cc || command -v clang) -O2 Tests/Tools/grab-window.c -lX11 -o "\(tool)" || exit 5
            cat > "$DIR/inner.sh" <<'INNER'
            SDL_VIDEODRIVER=x11 .build/release/ocean play --quick --mode arcade --mute --quit-after 6 --print-timing \\
              --profile "$DIR/profile" > "$DIR/play.out" 2> "$DIR/play.err" &
            pid=$!
            W=$(timeout 30 xdotool search --sync --name "Ocean Rescue" | head -1)
            sleep 3
            "\(tool)" $W "$DIR/frame.ppm"
            wait $pid
            echo "play-exit $?"
            INNER
            DIR="$DIR" xvfb-run -a -n $((99 + $$ % 9000)) -s "-screen 0 1280x720x24" env -u SDL_RENDER_DRIVER bash "$DIR/inner.sh"
            cat "$DIR/play.out"
            """, seconds: 120, environment: ["DIR": dir])
        #expect(r.stdout.contains("play-exit 0"), "\(r.stdout)\n\(r.stderr)")
        let lines = r.stdout.split(separator: "\n")
        let renderer = lines.first { $0.hasPrefix("renderer ") }
        #expect(renderer?.hasPrefix("renderer software") == true, "\(r.stdout)")
        // The bench measures it over 20 s (about 7 %); here a bound a loaded machine keeps
        // and the OpenGL-in-software path (about 39 %) does not.
        let share = lines.first { $0.hasPrefix("cpu-share-percent ") }.flatMap { Double($0.split(separator: " ")[1]) }
        #expect((share ?? 100) < 20, "\(r.stdout)")
        let picture = try WindowPicture(ppm: dir + "/frame.ppm")
        #expect(picture.width == 1280 && picture.height == 720 && picture.scale == 2)
        var colours = Set<Int>(), blocky = true
        for y in 0..<360 {
            for x in 0..<640 {
                let at = picture.windowPixel
                let p = at(2 * x, 2 * y)
                colours.insert(p)
                if at(2 * x + 1, 2 * y) != p || at(2 * x, 2 * y + 1) != p || at(2 * x + 1, 2 * y + 1) != p { blocky = false }
            }
        }
        #expect(blocky, "every game pixel a 2×2 block: scaled by a whole number, nearest pixel")
        #expect(colours.count > 20, "a game on screen, not a blank window: \(colours.count) colours")
    }
}
