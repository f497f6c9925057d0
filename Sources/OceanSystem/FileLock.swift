#if canImport(Glibc)
import Glibc
#endif

/// An advisory lock for the whole run of a writer: `flock(LOCK_EX | LOCK_NB)` on a
/// lock file that holds the holder's PID. Released when the process ends (however
/// it ends) or the lock is released; the file itself stays.
public final class FileLock {
    public let path: String
    private var fd: Int32

    public enum Failure: Error, Sendable, CustomStringConvertible {
        /// Another process holds it (its PID, if it wrote one).
        case held(path: String, pid: Int32?)
        case system(FileError)

        public var description: String {
            switch self {
            case .held(let path, let pid):
                "\(path): locked by another process" + (pid.map { " (pid \($0))" } ?? "")
            case .system(let e): e.description
            }
        }
    }

    /// Takes the lock at `path` (creating the file), waiting up to `waitSeconds` for
    /// another holder to let go (0: fails at once). A shared file's few writes wait;
    /// a profile held by another game is refused at once.
    public init(path: String, waitSeconds: Double = 0) throws(Failure) {
        self.path = path
        fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .system(.system(path, "cannot open the lock file")) }
        let giveUp = monotonicNanos() + UInt64(max(0, waitSeconds) * 1e9)
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            if errno == EINTR { continue }
            if errno == EWOULDBLOCK && monotonicNanos() < giveUp {
                usleep(2_000)
                continue
            }
            let code = errno
            defer { close(fd) }
            guard code == EWOULDBLOCK else { throw .system(.system(path, "cannot be locked", code: code)) }
            // The holder writes its PID just after locking: look a few times.
            var pid: Int32?
            for _ in 0..<20 {
                pid = FileLock.readPID(fd)
                if pid != nil { break }
                usleep(5_000)
            }
            throw .held(path: path, pid: pid)
        }
        let text = Array("\(getpid())\n".utf8)
        if ftruncate(fd, 0) != 0 || pwrite(fd, text, text.count, 0) != text.count {
            let e = FileError.system(path, "cannot write the lock file")
            close(fd)
            throw .system(e)
        }
    }

    deinit { release() }

    public func release() {
        guard fd >= 0 else { return }
        close(fd)
        fd = -1
    }

    private static func readPID(_ fd: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let n = pread(fd, &buffer, buffer.count, 0)
        guard n > 0 else { return nil }
        let text = String(decoding: buffer[0..<n], as: UTF8.self).split(separator: "\n").first ?? ""
        return Int32(text).flatMap { $0 > 0 ? $0 : nil }
    }
}

/// A lock on a file itself (its inode), held while this lives: two names of one file
/// (a hard link) take the same lock, where a lock file beside each name would give
/// each name its own. No lock when the file does not exist yet (a new profile has
/// one name).
public final class InodeLock {
    private var fd: Int32 = -1

    /// Locks the file at `path`, or says it is held (through another name, likely).
    public init(path: String) throws(FileLock.Failure) {
        fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            if errno == ENOENT { return }
            throw .system(.system(path, "cannot be opened to be locked"))
        }
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            if errno == EINTR { continue }
            let code = errno
            close(fd)
            fd = -1
            if code == EWOULDBLOCK { throw .held(path: path, pid: nil) }
            throw .system(.system(path, "cannot be locked", code: code))
        }
    }

    deinit { release() }

    public func release() {
        guard fd >= 0 else { return }
        close(fd)
        fd = -1
    }
}
