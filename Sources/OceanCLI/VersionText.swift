import OceanKernel
import OceanReplay
import OceanSystem
import OceanTune

/// What `ocean --version` says: the engine's version, the commit it was built from, and
/// the versions of the formats it reads and writes (a replay, the state encoding its
/// hashes cover, a tune output), which say more than the number about whether two
/// builds agree.
///
/// The commit is not compiled in (a flag that changes at every commit would rebuild
/// everything each time): `make build` writes it beside the binary as `ocean.commit`,
/// and `make install` and the image put it beside the installed binary too.
public enum VersionText {
    public static var text: String {
        let commit = executablePath().flatMap { exe -> String? in
            let folder = exe[..<(exe.lastIndex(of: "/") ?? exe.startIndex)]
            return readTextFile(folder + "/ocean.commit", limit: 256)?.split(separator: "\n").first.map(String.init)
        } ?? "unknown (built without make; `make build` records it)"
        return """
            ocean \(Engine.version)
            commit: \(commit)
            replay format: \(ReplayFormat.version)
            state encoding: \(StateEncoding.version)
            tune output format: \(SweepHeader.currentFormat)
            """
    }
}
