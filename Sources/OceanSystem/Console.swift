#if canImport(Glibc)
import Glibc
#endif

/// Writes a line (or, with `newline: false`, just the text) to standard error.
public func printError(_ message: String, newline: Bool = true) {
    let line = message + (newline ? "\n" : "")
    var utf8 = Array(line.utf8)
    _ = utf8.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
}
