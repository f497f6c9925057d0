#if canImport(Glibc)
import Glibc
#endif

/// A fresh folder under the system's temporary folder for a child process's files,
/// removed with its files (not sub-folders) when released.
public final class ScratchFolder {
    public let path: String

    /// Nil if the folder cannot be made.
    public init?(prefix: String) {
        let base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array((base + "/" + prefix + "-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else { return nil }
        path = String(cString: made)
    }

    private var removed = false

    /// Removes the folder and its files now (once; later calls do nothing). Called by
    /// a `defer` where the folder must be gone on every way out, whatever the
    /// object's lifetime.
    public func remove() {
        guard !removed else { return }
        removed = true
        if let dir = opendir(path) {
            while let entry = readdir(dir) {
                let name = withUnsafePointer(to: &entry.pointee.d_name) {
                    String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
                }
                if name != "." && name != ".." { unlink(path + "/" + name) }
            }
            closedir(dir)
        }
        rmdir(path)
    }

    deinit { remove() }
}
