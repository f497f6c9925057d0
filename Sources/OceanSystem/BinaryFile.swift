#if canImport(Glibc)
import Glibc
#endif

/// A file written as bytes, in pieces (a WAV being rendered); closed when released.
public final class BinaryFileWriter {
    private let file: UnsafeMutablePointer<FILE>
    public let path: String

    /// Nil if the file cannot be created.
    public init?(path: String) {
        guard let f = fopen(path, "wb") else { return nil }
        file = f
        self.path = path
    }

    deinit { fclose(file) }

    public func write(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
    }

    /// Flushes; false if any write failed (a full disk, say).
    public func finish() -> Bool { fflush(file) == 0 && ferror(file) == 0 }
}
