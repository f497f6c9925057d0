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
        let ocean: String
        switch GameUnderXvfb.ocean() {
        case .success(let path): ocean = path
        case .failure(let skip): return FirstFrameResult(why: skip.why)
        }
        guard let scratch = ScratchFolder(prefix: "ocean-bench") else { return FirstFrameResult(why: "no temporary folder") }
        var times: [Double] = []
        for run in 0..<runs {
            let arguments = ["play", "--quick", "--mute", "--quit-after", "0.3", "--print-timing",
                             "--profile", scratch.path + "/profile", "--record", scratch.path + "/run\(run).replay"]
            guard let r = GameUnderXvfb.run(ocean, arguments, screen: "1280x720x24", limit: 60) else {
                return FirstFrameResult(why: "could not start xvfb-run")
            }
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
