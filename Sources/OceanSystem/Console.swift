#if canImport(Glibc)
import Glibc
#endif

/// Writes a line (or, with `newline: false`, just the text) to standard error, its
/// control characters shown, not obeyed (`terminalSafe`); `raw` for a progress line's
/// own escapes.
public func printError(_ message: String, newline: Bool = true, raw: Bool = false) {
    let line = (raw ? message : terminalSafe(message)) + (newline ? "\n" : "")
    var utf8 = Array(line.utf8)
    _ = utf8.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
}
