import OceanKernel
import OceanReplay
import OceanSystem
import OceanTune
#if canImport(Glibc)
import Glibc
#endif

/// What `ocean --version` says: the engine's version, the commit it was built from, and
/// the versions of the formats it reads and writes (a replay, the state encoding its
/// hashes cover, a tune output), which say more than the number about whether two
/// builds agree.
///
/// The commit is not compiled in (a flag that changes at every commit would rebuild
/// everything each time): `make build` writes it beside the binary as `ocean.commit`,
/// and `make install` and the image put it beside the installed binary too.
public enum VersionText {
    /// The commit the binary was built from, as `ocean.commit` beside it says; not a
    /// stamp older than the binary (a plain `swift build` after `make build` relinks
    /// it without a new stamp: that commit would be someone else's).
    public static var commit: String {
        guard let exe = executablePath() else { return "unknown" }
        let stamp = String(exe[..<(exe.lastIndex(of: "/") ?? exe.startIndex)]) + "/ocean.commit"
        guard let line = readTextFile(stamp, limit: 256)?.split(separator: "\n").first.map(String.init) else {
            return "unknown (built without make; `make build` records it)"
        }
        if let built = modified(exe), let stamped = modified(stamp), stamped < built {
            return "unknown (rebuilt after the stamp for \(terminalSafe(line)); `make build` records it)"
        }
        return line
    }

    /// A file's modification time in nanoseconds, if it can be read.
    private static func modified(_ path: String) -> Int? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        return Int(st.st_mtim.tv_sec) * 1_000_000_000 + Int(st.st_mtim.tv_nsec)
    }

    public static var text: String {
        return """
            ocean \(Engine.version)
            commit: \(commit)
            replay format: \(ReplayFormat.version)
            state encoding: \(StateEncoding.version)
            tune output format: \(SweepHeader.currentFormat)
            """
    }
}
