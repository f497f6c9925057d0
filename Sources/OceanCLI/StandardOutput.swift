// `stdout` is a C global the compiler cannot prove safe to share; read here only, once
// the command has run, on the main thread.
@preconcurrency import Glibc
import OceanSystem

/// Why standard output failed, if a write to it did (flushing what is buffered first):
/// a full disk, a closed pipe, `/dev/full`.
func standardOutputProblem() -> String? {
    if fflush(stdout) != 0 { return systemReason(errno) }
    return ferror(stdout) != 0 ? "a write failed" : nil
}
