#if canImport(Glibc)
import Glibc
#endif

/// Outputs never overwrite inputs: a command names the files it reads and the files
/// it writes, and before any work `FileClash.find` says whether two of them are the
/// same file — an output over an input, or two outputs over each other.
///
/// "The same file" is judged by identity, not by spelling: an existing file by its
/// device and inode after following symbolic links (so `a`, `./a`, `dir/../a`, a link
/// to `a` and a hard link all match); a file that does not exist yet by its canonical
/// path (the real folder it would be created in, and its name, after following a
/// dangling link). A standard stream (`-`, `/dev/stdout`…) counts only when it is
/// redirected to a regular file (`> input` is caught; two terminals are not a clash).
public enum FileClash {
    /// What a path is, for comparing.
    public enum Identity: Hashable, Sendable {
        case file(device: UInt64, inode: UInt64)
        case path(String)
    }

    /// A file a command reads or writes: what it is to the user (a flag, "the replay")
    /// and its path.
    public struct Role: Sendable {
        public let what: String
        public let path: String
        /// For `-`: standard input (0) for an input, output (1) for an output.
        let dash: Int32
        public static func input(_ what: String, _ path: String) -> Role { Role(what: what, path: path, dash: 0) }
        public static func output(_ what: String, _ path: String) -> Role { Role(what: what, path: path, dash: 1) }
    }

    /// The identity of `path` (nil: nothing to compare, such as a terminal).
    public static func identity(_ path: String, dash: Int32 = 1) -> Identity? {
        var st = stat()
        if let p = try? PathName(path), let fd = p.standardStream(dash: dash) {
            guard fstat(fd, &st) == 0, st.st_mode & S_IFMT == S_IFREG else { return nil }
            return .file(device: UInt64(st.st_dev), inode: UInt64(st.st_ino))
        }
        if stat(path, &st) == 0 { return .file(device: UInt64(st.st_dev), inode: UInt64(st.st_ino)) }
        guard let target = try? resolveSymbolicLinks(path) else { return .path(path) }
        let (folder, name) = splitPath(PathName.trimmedText(target))
        guard let real = realpath(folder, nil) else { return .path(absolute(target)) }
        defer { free(real) }
        let base = String(cString: real)
        return .path((base == "/" ? "" : base) + "/" + name)
    }

    /// The first clash among `inputs` and `outputs` (an output with an input, or two
    /// outputs), as a message: "--out 'a.replay' is the same file as the replay
    /// 'a.replay': writing it would replace an input; name another file". Nil if none.
    public static func find(inputs: [Role], outputs: [Role]) -> String? {
        let ins = inputs.compactMap { r in identity(r.path, dash: r.dash).map { (r, $0) } }
        var seen: [(Role, Identity)] = []
        for out in outputs {
            guard let id = identity(out.path, dash: out.dash) else { continue }
            if let (input, _) = ins.first(where: { $0.1 == id }) {
                return "\(out.what) '\(out.path)' is the same file as \(input.what) '\(input.path)': "
                    + "writing it would replace an input; name another file"
            }
            if let (other, _) = seen.first(where: { $0.1 == id }) {
                return "\(out.what) '\(out.path)' and \(other.what) '\(other.path)' are the same file: "
                    + "one output would replace the other; name two files"
            }
            seen.append((out, id))
        }
        return nil
    }

    private static func absolute(_ path: String) -> String {
        guard !path.hasPrefix("/") else { return path }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX))
        guard getcwd(&buffer, buffer.count) != nil else { return path }
        return String(cString: buffer) + "/" + path
    }
}

extension PathName {
    /// `text` without trailing slashes (see `trimmed`).
    static func trimmedText(_ text: String) -> String {
        var t = Substring(text)
        while t.count > 1 && t.hasSuffix("/") { t = t.dropLast() }
        return String(t)
    }
}
