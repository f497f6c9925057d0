import OceanDrivers
import OceanSystem
#if canImport(Glibc)
import Glibc
#endif

/// Launch to the first presented frame: `ocean play --quick` (the game binary beside
/// `ocean-bench`, without the preloaded interposer) started in a virtual
/// display (`xvfb-run`) a few times, each quitting by itself, reading what its
/// `--print-timing` says (measured from the process's start, see `processStartNanos`).
/// Its files (profile, recording) go to a scratch folder, removed afterwards.
public struct FirstFrameResult: Encodable, Sendable {
    /// The median over the runs; nil when not measured.
    public var ms: Double?
    /// Why not, when not.
    public var why: String?

    /// Runs of `ocean play`; the median is kept, so one slow start (a cold disk
    /// cache, a busy neighbour) does not decide the figure.
    static let runs = 3

    public static func measure() -> FirstFrameResult {
        guard onPath("xvfb-run") else { return FirstFrameResult(why: "xvfb-run is not installed (`make deps` installs it)") }
        guard onPath("timeout") else { return FirstFrameResult(why: "timeout (coreutils) is not on PATH") }
        // The game beside the bench's own binary (both in .build/release).
        guard let me = executablePath(), let slash = me.lastIndex(of: "/") else {
            return FirstFrameResult(why: "cannot find this executable")
        }
        let ocean = String(me[..<slash]) + "/ocean"
        guard access(ocean, X_OK) == 0 else { return FirstFrameResult(why: "no `ocean` beside \(me) (`swift build -c release`)") }
        guard let scratch = ScratchFolder(prefix: "ocean-bench") else { return FirstFrameResult(why: "no temporary folder") }
        var times: [Double] = []
        for run in 0..<runs {
            // Bounded, so a display that never answers cannot hang the bench; the
            // window goes to the virtual display only (x11, not a Wayland desktop).
            let arguments = ["timeout", "-k", "5", "60", "xvfb-run", "-a", "-s", "-screen 0 1280x720x24",
                             "env", "-u", "WAYLAND_DISPLAY", "-u", "LD_PRELOAD", "SDL_VIDEODRIVER=x11",
                             ocean, "play", "--quick", "--mute", "--quit-after", "0.3", "--print-timing",
                             "--profile", scratch.path + "/profile", "--record", scratch.path + "/run\(run).replay"]
            guard let r = runSubprocess(arguments) else { return FirstFrameResult(why: "could not start xvfb-run") }
            let line = r.output.split(separator: "\n").first { $0.hasPrefix("first-frame-ms ") }
            guard r.status == 0, let ms = line.flatMap({ Double($0.dropFirst("first-frame-ms ".count)) }) else {
                let last = r.output.split(separator: "\n").last.map(String.init) ?? "no output"
                return FirstFrameResult(why: "`ocean play` under xvfb-run exited \(r.status): \(last)")
            }
            times.append(ms)
        }
        return FirstFrameResult(ms: times.sorted()[times.count / 2])
    }

    /// The number, or null.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        if let ms { try c.encode(rounded2(ms)) } else { try c.encodeNil() }
    }

    public var text: String {
        guard let ms else { return "first frame    not measured: \(why ?? "unknown")" }
        return "first frame    \(decimal(ms)) ms from launch to the first present "
            + "(`ocean play --quick` under Xvfb, median of \(FirstFrameResult.runs); target < 300 ms)"
    }
}
