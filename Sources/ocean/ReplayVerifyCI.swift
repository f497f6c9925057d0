import ArgumentParser
import OceanCLI
import OceanDrivers
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

/// `replay verify`'s options for CI: a JUnit report, a per-replay time limit and
/// pictures of a divergence. See docs/ci.md.
struct VerifyCIOptions: ParsableArguments {
    @Option(help: "Also write the result as JUnit XML to this file (one test case per replay).") var junit: String?
    @Option(help: "Stop a replay still running after this many seconds (reported as an error, exit 2).")
    var timeout: Double?
    @Option(help: ArgumentHelp("For each diverging replay, draw the frame at the last matching checkpoint and at the "
        + "divergence into this folder (PNG), the figures that differ written under them."))
    var frames: String?
    @Flag(help: forceHelp("an existing --junit, and an earlier run's pictures in --frames")) var force = false

    func validate() throws {
        try checkPath(junit, flag: "--junit")
        try checkPath(frames, flag: "--frames")
        // Refused before a long verification rather than after it.
        if let junit {
            let folder = junit.contains("/") ? String(junit[..<junit.lastIndex(of: "/")!]) : "."
            var info = stat()
            guard stat(folder.isEmpty ? "/" : folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
                throw ValidationError("--junit \(junit): no folder \(folder) to write it in")
            }
        }
        if let timeout, !(timeout > 0 && timeout <= 86_400) {
            throw ValidationError("--timeout: \(timeout) is out of range; allowed: more than 0 to 86400 seconds")
        }
    }

    /// Before verifying: --junit over one of the replays is refused, and so are an
    /// existing --junit and a --frames folder holding an earlier run's pictures, without
    /// --force (which pictures a run draws is known only after it, so any are refused).
    func refuseBeforeVerifying(_ files: [String]) throws {
        try refuseClashes(inputs: files.map { ("the replay", $0) }, outputs: [("--junit", junit)])
        try refuseExisting([("--junit", junit)], force: force)
        guard let frames, !force else { return }
        let earlier = DivergenceFrames.earlierFrames(in: frames)
        if let first = earlier.first {
            throw CommandFailure("ocean: --frames '\(frames)' holds \(counted(earlier.count, "picture")) of an earlier run ('\(first)'); "
                + "add --force to replace them")
        }
    }

    /// Draws the frames (naming them on standard output unless `quiet`), then writes
    /// the JUnit report; a file that cannot be written fails (exit 2).
    func write(_ report: VerifyReport, quiet: Bool) throws {
        var drawn: [String: [String]] = [:]
        if let frames {
            drawn = try DivergenceFrames.draw(report, into: frames)
            if !quiet {
                for file in report.files {
                    for path in drawn[file.file] ?? [] { CommandOutput.print("frame \(path)") }
                }
            }
        }
        guard let junit else { return }
        let build = [("commit", VersionText.commit), ("engine", Engine.version), ("replay-format", "\(ReplayFormat.version)"),
                     ("state-encoding", "\(StateEncoding.version)")]
        do { try replaceFile(junit, with: JUnitReport(report, frames: drawn, properties: build).xml) } catch {
            throw CommandFailure("--junit: \(error.description)", status: ExitStatus.badInput)
        }
    }
}

/// A picture of a divergence: a replay stores hashes, not the recorded run's pixels,
/// so what can be shown is this build's frame at the last checkpoint that still
/// matched and its frame where the run first differs, with the recorded figures that
/// differ written under the second.
enum DivergenceFrames {
    /// The PNGs written for each diverging file (none for files that passed or could not be read).
    static func draw(_ report: VerifyReport, into folder: String) throws -> [String: [String]] {
        let diverged = report.files.filter { $0.status == "diverged" }
        guard !diverged.isEmpty else { return [:] }
        if mkdir(folder, 0o755) != 0 && errno != EEXIST { throw CommandFailure("--frames: \(folder): \(String(cString: strerror(errno)))") }
        let assets: FrontAssets
        do { assets = try FrontAssetsLoader.load(theme: nil) } catch { throw CommandFailure(error.description) }
        var out: [String: [String]] = [:]
        for (index, result) in diverged.enumerated() {
            guard let v = result.verification, let read = try? ReplayReader.read(path: result.file) else { continue }
            let replay = read.replay
            let plan = plan(v, replay: replay)
            let name = String(result.file.split(separator: "/").last ?? "replay")
            let stem = "\(folder)/\(index + 1)-" + (name.hasSuffix(".replay") ? String(name.dropLast(7)) : name)
            let matchPath = "\(stem)-last-match-tick-\(plan.matchTick).png"
            let divergedPath = "\(stem)-diverged-tick-\(plan.divergedTick).png"
            do {
                try ReplayFrames.render(replay, assets: assets, ticks: [plan.matchTick, plan.divergedTick]) {
                    (tick: Int, frame: Framebuffer) throws(FileError) in
                    let first = tick == plan.matchTick && !(out[result.file]?.isEmpty == false)
                    let lines = first ? ["last checkpoint that matched: tick \(tick)", result.file] : plan.figures
                    try PNGFile.write(captioned(frame, lines, font: assets.font), to: first ? matchPath : divergedPath)
                    out[result.file, default: []].append(first ? matchPath : divergedPath)
                }
            } catch {
                throw CommandFailure("--frames: \(error.description)")
            }
        }
        return out
    }

    /// The pictures `draw` left in `folder` before (its names: N-NAME-last-match-tick-T.png
    /// and N-NAME-diverged-tick-T.png), sorted; none if there is no such folder.
    static func earlierFrames(in folder: String) -> [String] {
        guard let dir = opendir(folder) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
            if name.hasSuffix(".png") && (name.contains("-last-match-tick-") || name.contains("-diverged-tick-")) {
                names.append(name)
            }
        }
        return names.sorted().map { "\(folder)/\($0)" }
    }

    struct Plan {
        var matchTick: Int
        var divergedTick: Int
        var figures: [String]
    }

    /// Which ticks to draw and what to write under the divergence.
    static func plan(_ v: Verification, replay: Replay) -> Plan {
        let last = ReplayFrames.lastTick(replay)
        if let d = v.divergences.first {
            let match = replay.checkpoints.last(where: { $0.tick < d.checkpointTick })?.tick ?? replay.header.startTick
            // The state after the first step that differs (tick t's input gives tick t + 1).
            let drawn = min(last, (d.firstTick ?? (d.checkpointTick - 1)) + 1)
            var figures = ["diverged: the step of tick \(d.firstTick.map(String.init) ?? "?") differs; drawn at tick \(drawn)",
                           "subsystems: " + (d.subsystems.isEmpty ? "none by short hash" : d.subsystems.map(\.name).joined(separator: ", ")),
                           "at checkpoint tick \(d.checkpointTick) (recorded vs this build):"]
            let fields = JUnitReport.fieldDifferences(expected: d.expected, got: d.got)
            figures += fields.isEmpty ? ["  score, combo, health, items all match"] : fields.map { "  " + $0 }
            return Plan(matchTick: max(replay.header.startTick, min(match, drawn - 1)), divergedTick: drawn, figures: figures)
        }
        let match = replay.checkpoints.last(where: { $0.tick < last })?.tick ?? replay.header.startTick
        var figures = ["diverged at the end record, tick \(last)"]
        if let (e, g) = v.endMismatch {
            figures += summaryDifferences(e, g).map { "  " + $0 }
        } else if let (e, g) = v.endHashMismatch {
            figures.append("  final hash expected \(hex16(e)) got \(hex16(g))")
        }
        return Plan(matchTick: min(match, max(replay.header.startTick, last - 1)), divergedTick: last, figures: figures)
    }

    static func summaryDifferences(_ e: ReplaySummary, _ g: ReplaySummary) -> [String] {
        [("games", e.games, g.games), ("catches", e.catches, g.catches), ("misses", e.misses, g.misses),
         ("perfect", e.perfectGames, g.perfectGames), ("best combo", e.bestCombo, g.bestCombo), ("score", e.score, g.score),
         ("grams", e.grams, g.grams), ("health", e.health, g.health), ("phase", e.phase.rawValue, g.phase.rawValue)]
            .filter { $0.1 != $0.2 }.map { "\($0.0) expected \($0.1) got \($0.2)" }
    }

    /// The frame with a strip of text lines under it.
    static func captioned(_ frame: Framebuffer, _ lines: [String], font: BitmapFont) -> Framebuffer {
        let lineHeight = font.cellHeight + 3
        var out = Framebuffer(width: frame.width, height: frame.height + 6 + lines.count * lineHeight)
        out.pixels.replaceSubrange(0..<frame.pixels.count, with: frame.pixels)
        for (row, line) in lines.enumerated() {
            var x = 4
            let y = frame.height + 4 + row * lineHeight
            for character in line {
                for gy in 0..<font.glyphHeight {
                    for gx in 0..<font.glyphWidth where font.isLit(character, x: gx, y: gy) {
                        let px = x + gx, py = y + gy
                        if px < out.width && py < out.height { out.pixels[py * out.width + px] = 0xFFFF_FFFF }
                    }
                }
                x += font.cellWidth
            }
        }
        return out
    }
}
