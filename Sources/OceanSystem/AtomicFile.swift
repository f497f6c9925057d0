#if canImport(Glibc)
import Glibc
#endif

/// Replaces a file so that a crash, a kill, a full disk or a second writer at any point
/// leaves either the old file or the new one, whole, and never touches another file:
///
/// - a symbolic link is followed to its target, which is replaced (the link stays);
/// - the temporary file is created beside that target with `O_CREAT | O_EXCL |
///   O_NOFOLLOW` and an unpredictable name, `.NAME.tmp-PID-RANDOM`, so a link planted
///   at a guessed name is never followed and never replaced;
/// - the old file's mode and owner carry over to the new one (a new file gets
///   0666 less the umask); a read-only target (no write bit) is refused;
/// - file flushed to disk, renamed over the target, folder flushed;
/// - temporaries of processes that no longer exist (the PID in the name, `kill(pid,
///   0)` failing with ESRCH) are removed before a new one is made;
/// - while it exists, the temporary is registered with `Interruption`, so SIGINT or
///   SIGTERM removes it.
///
/// Every failure says the system's reason (`strerror`): no space left on device,
/// permission denied, is a directory…
public final class AtomicWriter {
    /// The path asked for.
    public let path: String
    /// The file that will be replaced: `path` with symbolic links followed.
    public let target: String
    /// The temporary file being written.
    public let temporary: String
    private var fd: Int32
    private let slot: Int?
    private let previous: (mode: mode_t, uid: uid_t, gid: gid_t)?
    private let overwrite: Bool
    private var done = false
    /// Writing straight to a standard stream (`-`, `/dev/stdout`), which cannot be
    /// replaced: nothing to rename, nothing to remove.
    private let direct: Bool

    /// Creates the temporary. `overwrite: false` refuses an existing target.
    public init(path: String, overwrite: Bool = true) throws(FileError) {
        self.path = path
        self.overwrite = overwrite
        // `-` and /dev/stdout (or stderr): written as they come, the stream's reader
        // sees the bytes in order (a pipe, a terminal, a file the shell opened).
        if let stream = try PathName(path).standardStream(dash: 1), stream != 0 {
            let fd = dup(stream)
            guard fd >= 0 else { throw FileError.system(path, "cannot be written") }
            (self.target, self.temporary, self.fd, self.slot, self.previous, self.direct) = (path, path, fd, nil, nil, true)
            return
        }
        direct = false
        let target = try resolveSymbolicLinks(path)
        self.target = target
        var st = stat()
        if lstat(target, &st) == 0 {
            guard st.st_mode & 0o170000 == 0o100000 else {
                throw FileError(path: path, message: st.st_mode & 0o170000 == 0o040000
                    ? "is a directory" : "is not a regular file", code: EISDIR)
            }
            guard overwrite else {
                throw FileError(path: path, message: "already exists", code: EEXIST)
            }
            guard st.st_mode & 0o222 != 0 else {
                throw FileError(path: path, message: "is read-only (mode \(octal(st.st_mode & 0o7777))); "
                    + "make it writable (chmod u+w) to replace it", code: EACCES)
            }
            previous = (st.st_mode & 0o7777, st.st_uid, st.st_gid)
        } else if errno != ENOENT {
            throw FileError.system(path, "cannot be examined")
        } else {
            previous = nil
        }
        let (folder, name) = splitPath(target)
        removeStaleTemporaries(folder: folder, name: name)
        var attempt = 0
        while true {
            let candidate = folder + "/." + name + ".tmp-\(getpid())-" + hex(UInt64.random(in: 0...UInt64.max))
            let slot = TemporaryRegistry.register(candidate)
            let fd = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, previous == nil ? 0o666 : 0o600)
            if fd >= 0 {
                (self.temporary, self.fd, self.slot) = (candidate, fd, slot)
                return
            }
            let code = errno
            if let slot { TemporaryRegistry.unregister(slot) }
            attempt += 1
            guard code == EEXIST && attempt < 100 else {
                throw FileError.system(path, "cannot create a temporary file in \(folder)", code: code)
            }
        }
    }

    deinit { discard() }

    /// Appends bytes to the temporary.
    public func write(_ bytes: UnsafeRawBufferPointer) throws(FileError) {
        var at = 0
        while at < bytes.count {
            let n = Glibc.write(fd, bytes.baseAddress! + at, bytes.count - at)
            if n < 0 {
                if errno == EINTR { continue }
                throw FileError.system(path, "cannot be written")
            }
            at += n
        }
    }

    public func write(_ bytes: [UInt8]) throws(FileError) {
        var failure: FileError?
        bytes.withUnsafeBytes { buffer in
            do throws(FileError) { try write(buffer) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    public func write(_ text: String) throws(FileError) { try write(Array(text.utf8)) }

    /// Flushes the temporary, gives it the old file's mode and owner, renames it over
    /// the target and flushes the folder. On failure the temporary is removed and the
    /// old file stays.
    public func commit() throws(FileError) {
        guard !done else { return }
        defer { discard() }
        if direct {
            let fd = self.fd
            self.fd = -1
            done = true
            if close(fd) != 0 { throw FileError.system(path, "cannot be written") }
            return
        }
        if let old = previous {
            if fchown(fd, old.uid, old.gid) != 0 && errno != EPERM { throw FileError.system(path, "cannot keep the owner") }
            if fchmod(fd, old.mode) != 0 { throw FileError.system(path, "cannot keep the mode") }
        }
        if fsync(fd) != 0 { throw FileError.system(path, "cannot be flushed to disk") }
        let fd = self.fd
        self.fd = -1
        if close(fd) != 0 { throw FileError.system(path, "cannot be written") }
        var placed = false
        if !overwrite { placed = try putInPlaceIfAbsent() }
        if !placed && rename(temporary, target) != 0 { throw FileError.system(path, "cannot be replaced") }
        done = true
        if let slot { TemporaryRegistry.unregister(slot) }
        let folder = open(splitPath(target).folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folder >= 0 {
            fsync(folder)
            close(folder)
        }
    }

    /// With `overwrite: false`: links the temporary in as the target, which fails if a
    /// file appeared there meanwhile (a second writer), then drops the temporary's name.
    /// False if the file system has no hard links (the caller renames instead).
    private func putInPlaceIfAbsent() throws(FileError) -> Bool {
        guard link(temporary, target) == 0 else {
            if errno == EEXIST { throw FileError(path: path, message: "already exists (it appeared while this was written)", code: EEXIST) }
            if errno == EPERM || errno == EOPNOTSUPP || errno == EXDEV { return false }
            throw FileError.system(path, "cannot be put in place")
        }
        unlink(temporary)
        return true
    }

    /// Removes the temporary (the target stays as it was). Nothing once committed.
    public func discard() {
        if fd >= 0 {
            close(fd)
            fd = -1
        }
        guard !done else { return }
        done = true
        guard !direct else { return }
        unlink(temporary)
        if let slot { TemporaryRegistry.unregister(slot) }
    }
}

/// Replaces `path` with `text` (see `AtomicWriter`).
public func replaceFile(_ path: String, with text: String) throws(FileError) {
    try replaceFile(path, with: Array(text.utf8))
}

/// Replaces `path` with `bytes` (see `AtomicWriter`).
public func replaceFile(_ path: String, with bytes: [UInt8]) throws(FileError) {
    let writer = try AtomicWriter(path: path)
    try writer.write(bytes)
    try writer.commit()
}


/// `path` with symbolic links followed (up to 40), even to a target that does not
/// exist yet; relative links are read from the link's folder.
public func resolveSymbolicLinks(_ path: String) throws(FileError) -> String {
    var current = path
    for _ in 0..<40 {
        var st = stat()
        guard lstat(current, &st) == 0 else {
            if errno == ENOENT { return current }
            throw FileError.system(path, "cannot be examined")
        }
        guard st.st_mode & 0o170000 == 0o120000 else { return current }
        var buffer = [CChar](repeating: 0, count: 4097)
        let n = readlink(current, &buffer, 4096)
        guard n > 0 else { throw FileError.system(path, "cannot read the symbolic link \(current)") }
        let link = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        current = link.hasPrefix("/") ? link : splitPath(current).folder + "/" + link
    }
    throw FileError(path: path, message: "too many levels of symbolic links", code: ELOOP)
}

/// Removes `.NAME.tmp-PID-…` files in `folder` whose process no longer exists.
/// Returns how many it removed.
@discardableResult
public func removeStaleTemporaries(folder: String, name: String) -> Int {
    guard let dir = opendir(folder) else { return 0 }
    defer { closedir(dir) }
    let prefix = "." + name + ".tmp-"
    var removed = 0
    while let entry = readdir(dir) {
        let file = withUnsafePointer(to: &entry.pointee.d_name) {
            String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
        }
        guard file.hasPrefix(prefix) else { continue }
        let rest = file.dropFirst(prefix.count)
        guard let dash = rest.firstIndex(of: "-"), let pid = Int32(rest[..<dash]), pid > 0, pid != getpid() else { continue }
        if kill(pid, 0) != 0 && errno == ESRCH && unlink(folder + "/" + file) == 0 { removed += 1 }
    }
    return removed
}

/// The folder (`.` if none) and the last component of a path.
func splitPath(_ path: String) -> (folder: String, name: String) {
    guard let slash = path.lastIndex(of: "/") else { return (".", path) }
    let folder = String(path[..<slash])
    return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
}

private func hex(_ v: UInt64) -> String {
    let s = String(v, radix: 16)
    return String(repeating: "0", count: 16 - s.count) + s
}

private func octal(_ m: mode_t) -> String {
    let s = String(m, radix: 8)
    return String(repeating: "0", count: max(0, 4 - s.count)) + s
}
