#if canImport(Glibc)
import Glibc
#endif

/// Writes a line to standard error.
public func printError(_ message: String) {
    let line = message + "\n"
    var utf8 = Array(line.utf8)
    _ = utf8.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
}
