import OceanReplay
import OceanSystem
#if canImport(Glibc)
import Glibc
#endif

/// The sink `replay record` writes to, or an exit 2 saying why there is none (an
/// existing file without --force, a folder, a read-only file, the system's reason).
func openReplaySink(_ out: String, force: Bool) -> AtomicFileSink {
    do {
        return try AtomicFileSink(path: out, overwrite: force)
    } catch {
        if error.code == EEXIST { fail("\(out): already exists; add --force to replace it once the new recording is finished") }
        fail(error.description)
    }
}
