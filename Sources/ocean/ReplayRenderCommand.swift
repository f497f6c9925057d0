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
    /// `ocean replay render`: frames of a replay as PNG files, with no display.
    struct Render: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Draw a replay's frame at a tick (or every K ticks) as PNG, with no display.")

        @Argument(help: "A replay file.") var file: String
        @Option(help: "The tick to draw (with --out).") var tick: Int?
        @Option(help: "The PNG to write (with --tick).") var out: String?
        @Option(help: "Draw every K ticks from the start (with --out-dir).") var every: Int?
        @Option(help: "The folder for --every's PNGs (tick-000123.png …).") var outDir: String?
        @Option(help: "Scale each pixel by a whole number (1 to 8).") var scale: Int = 1
        @Option(help: "The look: a theme name or a theme file (.toml).") var theme: String?
        @Flag(help: "Draw the `replay watch` overlay (timeline, status, keys) over each frame.") var watchOverlay = false
        @Flag(help: forceHelp("an existing --out, or --out-dir's frames of the same ticks")) var force = false

        func validate() throws {
            guard (1...8).contains(scale) else { throw ValidationError("--scale: allowed 1 to 8") }
            try checkPath(out, flag: "--out", stream: true)
            if outDir == "" { throw ValidationError("--out-dir: an empty path; name a folder") }
            switch (tick, out, every, outDir) {
            case (.some(let t), .some, nil, nil):
                guard t >= 0 else { throw ValidationError("--tick: must be 0 or more") }
            case (nil, nil, .some(let k), .some):
                guard (1...1_000_000).contains(k) else { throw ValidationError("--every: allowed 1 to 1000000") }
            default:
                throw ValidationError("give either --tick N --out FILE.png or --every K --out-dir DIR")
            }
        }

        func run() throws {
            let inputs = [("the replay", Optional(file))] + frontAssetInputs(theme: theme)
            try refuseClashes(inputs: inputs, outputs: [("--out", out)])
            try refuseExisting([("--out", out)], force: force)
            let assets: FrontAssets
            do { assets = try FrontAssetsLoader.load(theme: theme) } catch { throw CommandFailure(error.description) }
            // The watch overlay's timeline marks the checkpoints; a plain frame needs only the inputs.
            let read = try readOrExit(file, checkpoints: watchOverlay)
            let replay = read.replay
            try checkKindData(Rules(replay.header.balance), assets: assets)
            let first = replay.header.startTick, last = ReplayFrames.lastTick(replay)
            let ticks: [Int]
            if let tick {
                guard (first...last).contains(tick) else { throw CommandFailure("--tick: \(file) runs from tick \(first) to \(last); \(tick) is outside") }
                ticks = [tick]
            } else {
                ticks = Array(stride(from: first, through: last, by: every!))
                let frames = ticks.map { ("--out-dir's frame", Optional(framePath($0))) }
                try refuseClashes(inputs: inputs, outputs: frames)
                try refuseExisting(frames, force: force)
                mkdir(outDir!, 0o755)
            }
            Interruption.install()  // Ctrl-C removes the temporary of the frame being written
            do {
                let write = { (t: Int, frame: Framebuffer) throws(FileError) in
                    try PNGFile.write(frame, scale: scale, to: out ?? framePath(t))
                }
                if watchOverlay {
                    try ReplayFrames.renderWatched(replay, assets: assets, ticks: ticks, write)
                } else {
                    try ReplayFrames.render(replay, assets: assets, ticks: ticks, write)
                }
            } catch {
                throw CommandFailure(error.description)
            }
            CommandOutput.summary(out.map { "wrote \($0) (tick \(ticks[0]), \(GameView.width * scale)×\(GameView.height * scale))" }
                ?? "wrote \(ticks.count) frames to \(outDir!) (\(GameView.width * scale)×\(GameView.height * scale))", besides: out)
        }

        /// `--out-dir`'s PNG of tick `t`: DIR/tick-000123.png.
        private func framePath(_ t: Int) -> String {
            "\(outDir ?? ".")/tick-\(String(repeating: "0", count: max(0, 6 - String(t).count)))\(t).png"
        }
    }
}
