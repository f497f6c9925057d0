#if canImport(Glibc)
import Glibc
#endif

/// Reads a whole file as UTF-8 text; nil if it cannot be opened, read, or decoded.
public func readTextFile(_ path: String, limit: Int = 64 << 20) -> String? {
    guard let bytes = readFileBytes(path, limit: limit) else { return nil }
    return String(validating: bytes, as: UTF8.self)
}

/// Reads a whole file, refusing anything larger than `limit` bytes (nil: see
/// `readFileBytesOrWhy` for the reason).
public func readFileBytes(_ path: String, limit: Int) -> [UInt8]? {
    try? readFileBytesOrWhy(path, limit: limit)
}

/// The bytes of the regular file at `path`, at most `limit`, or why not, said as it
/// is: not a regular file (a FIFO, a folder…: `FileReader`), cannot be opened (the
/// system's reason), larger than the limit (its size and the limit), a read error.
public func readFileBytesOrWhy(_ path: String, limit: Int) throws(FileError) -> [UInt8] {
    let file = try FileReader(opening: path)
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = file.read(into: &chunk)
        if n < 0 { throw FileError.system(path, "cannot be read") }
        if n == 0 { return bytes }
        bytes.append(contentsOf: chunk[0..<n])
        if bytes.count > limit {
            let size = fileSize(path).map { " (\($0 >> 20) MiB)" } ?? ""
            throw FileError(path: path, message: "is too large\(size): at most \(limit >> 20) MiB is read")
        }
    }
}

/// The size of the file at `path` in bytes (a link followed); nil if it cannot be examined.
public func fileSize(_ path: String) -> Int? {
    var st = stat()
    return stat(path, &st) == 0 ? Int(st.st_size) : nil
}

/// A file open for reading in chunks; closed when released.
public final class FileReader {
    private let file: UnsafeMutablePointer<FILE>

    /// Nil if the file cannot be opened or is not a regular file (see `opening`).
    public convenience init?(path: String) {
        do { try self.init(opening: path) } catch { return nil }
    }

    /// Opens a regular file without ever blocking (a FIFO, a device or a folder is
    /// refused, naming its kind; see `PathName.openForReading`), or says why not.
    public init(opening path: String) throws(FileError) {
        let fd = try PathName(path).openForReading()
        guard let f = fdopen(fd, "rb") else {
            let code = errno
            close(fd)
            throw FileError.system(path, "cannot be opened", code: code)
        }
        file = f
    }

    deinit { fclose(file) }

    /// Fills `buffer` from the file: the number of bytes read, 0 at the end, -1 on error.
    public func read(into buffer: inout [UInt8]) -> Int {
        let n = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
        if n == 0 && ferror(file) != 0 { return -1 }
        return n
    }
}

/// The folders that lead to `path`, shortest first, in the form `path` is written:
/// "data/p" → ["data", "data/p"], "/a/b" → ["/a", "/a/b"], "./x" → [".", "./x"]. A
/// relative path stays relative (never "/data" for "data").
public func folderChain(_ path: String) -> [String] {
    let absolute = path.hasPrefix("/")
    var chain: [String] = []
    var partial = absolute ? "/" : ""
    for part in path.split(separator: "/") {
        partial += (partial.isEmpty || partial == "/" ? "" : "/") + part
        chain.append(partial)
    }
    return chain
}

/// Makes the folder `path` and any folders leading to it (as `mkdir -p`); true if
/// it is a folder afterwards.
@discardableResult
public func makeFolders(_ path: String, mode: mode_t = 0o755) -> Bool {
    for folder in folderChain(path) { mkdir(folder, mode) }
    var st = stat()
    return stat(path.isEmpty ? "." : path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
}
