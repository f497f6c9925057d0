#if canImport(Glibc)
import Glibc
#endif

/// Writes `text` to `path` atomically: a temporary file beside it, flushed to disk,
/// then renamed over the old one. False if any step failed (the old file stays).
public func writeFileAtomically(_ path: String, _ text: String) -> Bool {
    let temporary = path + ".tmp-\(getpid())"
    guard let f = fopen(temporary, "wb") else { return false }
    var t = text
    let written = t.withUTF8 { fwrite($0.baseAddress, 1, $0.count, f) }
    let ok = written == text.utf8.count && fflush(f) == 0 && fsync(fileno(f)) == 0
    fclose(f)
    guard ok, rename(temporary, path) == 0 else {
        unlink(temporary)
        return false
    }
    return true
}
