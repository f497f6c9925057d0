import ArgumentParser
import OceanBalance
import OceanKernel
import OceanStore
import OceanSystem
#if canImport(Glibc)
import Glibc
#endif

/// A whole-number flag within its range.
public func checkRange(_ value: Int?, _ flag: String, _ range: ClosedRange<Int>) throws {
    guard let value, !range.contains(value) else { return }
    throw ValidationError("\(flag): \(value) is out of range; allowed: \(range.lowerBound) to \(range.upperBound)")
}

/// A file flag, if given, must name a file the system could open (see `PathName`):
/// not empty, not too long, not ending in `/` (a folder); `-` (standard output) only
/// where `stream` allows it (an output written once, not a file read back or locked).
public func checkPath(_ path: String?, flag: String, stream: Bool = false) throws {
    guard let path else { return }
    if !stream, (try? PathName(path))?.standardStream(dash: 1) != nil {
        throw ValidationError("\(flag): '\(path)' is a standard stream; name a file")
    }
    if path.isEmpty { throw ValidationError("\(flag): an empty path; name a file") }
    do { _ = try PathName(path) } catch { throw ValidationError("\(flag): \(error.description)") }
    if path.hasSuffix("/") { throw ValidationError("\(flag): '\(path)' ends in '/', which names a folder; name a file") }
}

