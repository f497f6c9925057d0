#if canImport(Glibc)
import Glibc
#endif

/// A file operation that failed: the path and the system's reason.
public struct FileError: Error, Equatable, Sendable, CustomStringConvertible {
    public let path: String
    public let message: String
    /// The `errno` behind it, if the system gave one.
    public let code: Int32

    public init(path: String, message: String, code: Int32 = 0) {
        (self.path, self.message, self.code) = (path, message, code)
    }

    /// `what` failed with the current `errno`: "cannot write: No space left on device".
    public static func system(_ path: String, _ what: String, code: Int32 = errno) -> FileError {
        FileError(path: path, message: "\(what): \(systemReason(code))", code: code)
    }

    public var description: String { "\(path): \(message)" }
}

/// The system's text for an `errno` value (`strerror`).
public func systemReason(_ code: Int32) -> String {
    guard let text = strerror(code) else { return "error \(code)" }
    return String(cString: text)
}
