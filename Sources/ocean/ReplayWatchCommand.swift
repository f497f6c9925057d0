import ArgumentParser
import OceanCLI
import OceanApp
import OceanAssets
import OceanFront
import OceanKernel
import OceanPlatform
import OceanReplay
import OceanStore
import OceanSystem
#if canImport(Glibc)
import Glibc
#endif

extension ReplayCommand {
    /// `ocean replay watch`: a replay in the window like a video. Parsing and wiring
    /// only; seeking is `ReplayScrubber`'s, the scene `WatchScene`, the loop `WindowLoop`.
    struct Watch: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Watch a replay in a window: pause, step, speed, timeline and seeking.",
            discussion: "Keys: " + WatchOverlay.help.replacing("  ", with: ", ")
                + ". A click or drag on the timeline seeks; F11 fullscreen; Ctrl+Q also quits. The run is "
                + "simulated from the replay's own inputs and constants; seeking starts from a state kept "
                + "every few seconds as the run first passes it.")

        @Argument(help: "A replay file.") var file: String
        @Option(help: "The look: a theme name or a theme file (.toml).") var theme: String?
        @Option(help: "Scale the window by a whole number (1 to 8; default 2).") var scale: Int = 2
        @Option(help: "Frames per second to pace at (default: the display's).") var fps: Int?

        func validate() throws {
            guard (1...8).contains(scale) else { throw ValidationError("--scale: allowed 1 to 8") }
            if let fps, !(1...1000).contains(fps) { throw ValidationError("--fps: allowed 1 to 1000") }
        }

        func run() throws { try Self.watch(file, theme: theme, scale: scale, fps: fps) }

        /// Watches the replay at `file` in a window until the person quits.
        static func watch(_ file: String, theme: String?, scale: Int, fps: Int?) throws {
            let assets: FrontAssets
            do { assets = try FrontAssetsLoader.load(theme: theme) } catch { throw CommandFailure(error.description) }
            let replay = try readOrExit(file).replay
            let screen: DisplaySession
            do { screen = try DisplaySession(width: GameView.width, height: GameView.height, vsync: fps == nil, scale: scale) } catch {
                if case .noDisplay(let why) = error {
                    throw CommandFailure("ocean replay watch: no display to open a window on (\(why)); headless, use `ocean replay render --watch-overlay`")
                }
                throw CommandFailure("ocean replay watch: \(error.description)")
            }
            Interruption.install(graceful: true)
            let scene = WatchScene(replay, assets: assets)
            if getenv("OCEAN_DEBUG_SCREENS").map({ String(cString: $0) }) == "1" { scene.debugScreens = { printError($0) } }
            var options = LoopOptions()
            options.fps = fps
            _ = WindowLoop.run(scene, in: screen, options: options)
            let scrubber = scene.scrubber
            // Where it was left, and whether that is the recorded end.
            var line = "left at tick \(scrubber.tick) of \(scrubber.lastTick), state hash \(hex(scrubber.hash(), digits: 16))"
            if let end = replay.end, scrubber.tick == end.tick {
                line += scrubber.hash() == end.hash ? " (the end record's)" : " (the end record says \(hex(end.hash, digits: 16)))"
            }
            print(line)
            try exitIfInterrupted("watching \(file)")
        }
    }
}
