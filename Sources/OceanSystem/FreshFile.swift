#if canImport(Glibc)
import Glibc
#endif

/// A file this process makes new at `path` and keeps open to append to (a sweep's
/// journal, `OUT.part`): whatever was at `path` before, a file or a symbolic link
/// planted there, is replaced, never written through.
///
/// The bytes go to a temporary beside `path` created with `O_CREAT | O_EXCL |
/// O_NOFOLLOW` under an unpredictable name (`.NAME.tmp-PID-RANDOM`, as `AtomicWriter`
/// names them), are flushed, and the temporary is renamed onto `path` itself: a
/// rename replaces a link, it does not follow it. The descriptor returned is the one
/// the temporary was created with, so later appends reach this very file even if
/// `path` is swapped meanwhile. Unlike `AtomicWriter`, links at `path` are not
/// followed: a part file belongs beside its output, not wherever a link points.
public func createFreshFile(_ path: String, holding bytes: [UInt8]) throws(FileError) -> Int32 {
    let (folder, name) = splitPath(path)
    removeStaleTemporaries(folder: folder, name: name)
    var attempt = 0
    while true {
        let temporary = folder + "/." + name + ".tmp-\(getpid())-" + String(UInt64.random(in: 0...UInt64.max), radix: 16)
        // Registered while it exists, so SIGINT or SIGTERM removes it (see `Interruption`).
        let slot = TemporaryRegistry.register(temporary)
        defer { if let slot { TemporaryRegistry.unregister(slot) } }
        let fd = open(temporary, O_WRONLY | O_APPEND | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
        guard fd >= 0 else {
            let code = errno
            attempt += 1
            guard code == EEXIST && attempt < 100 else {
                throw FileError.system(path, "cannot create a temporary file in \(folder)", code: code)
            }
            continue
        }
        var at = 0
        var failure: FileError?
        bytes.withUnsafeBytes { buffer in
            while failure == nil && at < buffer.count {
                let n = write(fd, buffer.baseAddress! + at, buffer.count - at)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { failure = FileError.system(path, "cannot be written"); break }
                at += n
            }
        }
        if failure == nil && fsync(fd) != 0 { failure = FileError.system(path, "cannot be flushed to disk") }
        if failure == nil && rename(temporary, path) != 0 { failure = FileError.system(path, "cannot be put in place") }
        if let failure {
            close(fd)
            unlink(temporary)
            throw failure
        }
        return fd
    }
}

/// Whether `createFreshFile(path, …)` could work now, checked before any work: `path`
/// is not a folder and its folder (links in `path` itself not followed) can be
/// written to.
public func checkFreshFile(_ path: String) throws(FileError) {
    var st = stat()
    if lstat(path, &st) == 0 && st.st_mode & S_IFMT == S_IFDIR {
        throw FileError(path: path, message: "is a directory", code: EISDIR)
    }
    let folder = splitPath(path).folder
    guard access(folder, W_OK | X_OK) == 0 else { throw FileError.system(path, "its folder \(folder) cannot be written to") }
}
