import OceanSystem
#if canImport(Glibc)
import Glibc
#endif

/// The game binary beside `ocean-bench` (both in .build/release), started in a virtual
/// display: what the first-frame and the playing measurements run. The window goes to
/// the virtual display only (x11, not a Wayland desktop), without the bench's preloaded
/// interposer, and the whole run is bounded, so a display that never answers cannot
/// hang the bench.
enum GameUnderXvfb {
    /// The path of `ocean`, or why it cannot be run here.
    static func ocean() -> Result<String, BenchSkip> {
        guard onPath("xvfb-run") else { return .failure(BenchSkip("xvfb-run is not installed (`make deps` installs it)")) }
        guard onPath("timeout") else { return .failure(BenchSkip("timeout (coreutils) is not on PATH")) }
        guard let me = executablePath(), let slash = me.lastIndex(of: "/") else { return .failure(BenchSkip("cannot find this executable")) }
        let ocean = String(me[..<slash]) + "/ocean"
        guard access(ocean, X_OK) == 0 else { return .failure(BenchSkip("no `ocean` beside \(me) (`swift build -c release`)")) }
        return .success(ocean)
    }

    /// `ocean ARGUMENTS` in a fresh virtual display of `screen`, stopped after `limit` seconds.
    static func run(_ ocean: String, _ arguments: [String], screen: String, limit: Int) -> SubprocessResult? {
        runSubprocess(["timeout", "-k", "5", "\(limit)", "xvfb-run", "-a", "-s", "-screen 0 \(screen)",
                       "env", "-u", "WAYLAND_DISPLAY", "-u", "LD_PRELOAD", "-u", "SDL_RENDER_DRIVER", "SDL_VIDEODRIVER=x11",
                       ocean] + arguments)
    }
}

/// Why a measurement was not made (said in its place in the report).
struct BenchSkip: Error {
    let why: String
    init(_ why: String) { self.why = why }
}
