#if canImport(Glibc)
import Glibc
#endif

/// A path the program reads or writes, as the user wrote it, taken apart without
/// Foundation's string surgery (whose `deletingLastPathComponent` traps on a
/// one-character relative path):
///
/// - relative and one-character paths are ordinary paths (`p` is `./p`; `a/` is `a`);
/// - `-` is a standard stream (input where the program reads, output where it writes),
///   and so are `/dev/stdin`, `/dev/stdout`, `/dev/stderr` and `/dev/fd/0…2`;
/// - a path the system could never open (longer than `PATH_MAX`, or with a name longer
///   than `NAME_MAX`) is refused at once with the system's reason, "File name too long";
/// - a file to read is opened without blocking and refused unless it is a regular
///   file: a FIFO, a device, a socket or a folder is named as such before anything
///   waits on it (`openForReading`).
public struct PathName: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The path as given.
    public let text: String

    /// The longest path and name the system opens (Linux: 4096 bytes with the final
    /// NUL, 255 bytes per name).
    public static let maxPathBytes = Int(PATH_MAX) - 1
    public static let maxNameBytes = Int(NAME_MAX)

    /// Checks what can be checked without the file system: not empty, no NUL byte,
    /// not too long for the system.
    public init(_ text: String) throws(FileError) {
        guard !text.isEmpty else { throw FileError(path: "''", message: "an empty path; name a file", code: ENOENT) }
        guard !text.utf8.contains(0) else {
            throw FileError(path: PathName.shortened(text), message: "a path cannot hold a NUL byte", code: EINVAL)
        }
        let bytes = text.utf8.count
        if bytes > PathName.maxPathBytes {
            throw FileError(path: PathName.shortened(text), message: "\(systemReason(ENAMETOOLONG)) (\(bytes) bytes; "
                + "the system allows \(PathName.maxPathBytes) in a path)", code: ENAMETOOLONG)
        }
        if let long = text.split(separator: "/").first(where: { $0.utf8.count > PathName.maxNameBytes }) {
            throw FileError(path: PathName.shortened(text), message: "\(systemReason(ENAMETOOLONG)) (a name of "
                + "\(long.utf8.count) bytes; the system allows \(PathName.maxNameBytes) in each)", code: ENAMETOOLONG)
        }
        self.text = text
    }

    public var description: String { text }

    /// The path cut to its first and last 40 characters, for messages.
    public static func shortened(_ text: String) -> String {
        text.count <= 100 ? text : String(text.prefix(40)) + "…" + String(text.suffix(40))
    }

    /// The standard stream this path names, if any: 0 input, 1 output, 2 error; `-` is
    /// `dash` (the caller's choice of input or output).
    public func standardStream(dash: Int32) -> Int32? {
        switch text {
        case "-": dash
        case "/dev/stdin", "/dev/fd/0", "/proc/self/fd/0": 0
        case "/dev/stdout", "/dev/fd/1", "/proc/self/fd/1": 1
        case "/dev/stderr", "/dev/fd/2", "/proc/self/fd/2": 2
        default: nil
        }
    }

    /// The path without trailing slashes (`a/` is `a`; `/` stays `/`).
    public var trimmed: String {
        var t = Substring(text)
        while t.count > 1 && t.hasSuffix("/") { t = t.dropLast() }
        return String(t)
    }

    /// The folder that holds the file: `.` for a bare name, `/` at the root.
    public var folder: String { splitPath(trimmed).folder }

    /// The file's own name (the last component).
    public var name: String { splitPath(trimmed).name }

    /// `name` in the same folder as this path (`dir/profile` → `dir/NAME`).
    public func sibling(_ name: String) -> String {
        guard let slash = trimmed.lastIndex(of: "/") else { return name }
        return String(trimmed[...slash]) + name
    }

    /// Creates the folder that holds the file, with its parents (mode 0755 less the
    /// umask); nothing if it exists. The system's reason on failure, naming the folder.
    public func createFolder() throws(FileError) {
        try PathName.makeFolders(folder)
    }

    static func makeFolders(_ folder: String) throws(FileError) {
        var st = stat()
        if stat(folder, &st) == 0 {
            guard st.st_mode & S_IFMT == S_IFDIR else {
                throw FileError(path: folder, message: "is not a folder (\(PathName.kind(st.st_mode)))", code: ENOTDIR)
            }
            return
        }
        guard errno == ENOENT else { throw FileError.system(folder, "cannot be examined") }
        let parent = splitPath(folder).folder
        if parent != folder { try makeFolders(parent) }
        if mkdir(folder, 0o755) != 0 && errno != EEXIST { throw FileError.system(folder, "cannot be created") }
    }

    /// What the path names now (links followed): nil if nothing is there.
    public func status() throws(FileError) -> stat? {
        var st = stat()
        if stat(text, &st) == 0 { return st }
        if errno == ENOENT { return nil }
        throw FileError.system(text, "cannot be examined")
    }

    /// Whether a file of any kind is there (links followed); a broken link is nothing.
    public var exists: Bool { (try? status()) != nil }

    /// The kind of file a mode names, in words: "a folder", "a FIFO (named pipe)"…
    public static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFREG: "a regular file"
        case S_IFDIR: "a folder"
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        case S_IFLNK: "a symbolic link"
        default: "not a regular file"
        }
    }

    /// Opens the file for reading without ever blocking (`O_NONBLOCK`, so a FIFO with
    /// no writer does not wait) and refuses anything but a regular file, naming its
    /// kind. The descriptor is blocking again when returned; the caller closes it.
    public func openForReading() throws(FileError) -> Int32 {
        let fd = open(text, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw FileError.system(text, "cannot be opened") }
        var st = stat()
        guard fstat(fd, &st) == 0 else {
            let code = errno
            close(fd)
            throw FileError.system(text, "cannot be examined", code: code)
        }
        guard st.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw FileError(path: text, message: "is \(PathName.kind(st.st_mode)), not a regular file; name a file",
                            code: st.st_mode & S_IFMT == S_IFDIR ? EISDIR : EINVAL)
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        return fd
    }

    /// Reads the whole regular file, refusing one larger than `limit` bytes (the limit
    /// named in the message).
    public func read(limit: Int) throws(FileError) -> [UInt8] {
        let fd = try openForReading()
        defer { close(fd) }
        var st = stat()
        if fstat(fd, &st) == 0 && Int(st.st_size) > limit {
            throw FileError(path: text, message: "is \(st.st_size) bytes, over the limit of \(limit) bytes", code: EFBIG)
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw FileError.system(text, "cannot be read")
            }
            if n == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<n])
            if bytes.count > limit {
                throw FileError(path: text, message: "is over the limit of \(limit) bytes", code: EFBIG)
            }
        }
    }

    /// Reads the whole file as UTF-8 text (see `read(limit:)`).
    public func readText(limit: Int = 64 << 20) throws(FileError) -> String {
        let bytes = try read(limit: limit)
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw FileError(path: self.text, message: "is not UTF-8 text", code: EILSEQ)
        }
        return text
    }
}
