#if canImport(Glibc)
import Glibc
#endif
import OceanSystem

/// The finished points of a sweep that is still running, kept beside its output
/// (`OUT.part`) so that a killed run can go on where it stopped (`--resume`).
///
/// The first line is the sweep's header (before halving's rungs are known); each
/// further line is one finished point, all its games played, appended with a single
/// `write` on an `O_APPEND` descriptor and flushed to disk, so a kill leaves whole
/// lines and at most one torn last line, which a resume drops (that point is played
/// again: its games are seeded by index, so the same numbers come out). The finished
/// output is written whole (`replaceFile`) and the journal removed only then.
public final class SweepJournal: @unchecked Sendable {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// A point of a rung (halving plays a point in several rungs; a sweep has none).
    public struct Key: Hashable, Sendable {
        public var rung: Int?
        public var point: Int
    }

    public let path: String
    /// The points found on resuming, by key.
    public private(set) var finished: [Key: PointLine] = [:]
    private var fd: Int32 = -1

    /// Starts a journal at `path` for a sweep with `header`; with `resume`, an
    /// existing journal of the same sweep is read and kept (its torn last line
    /// dropped), and a journal of another sweep is refused.
    public init(path: String, header: SweepHeader, resume: Bool) throws(Failure) {
        self.path = path
        var kept: [String] = []
        if resume, let problem = SweepJournal.notAJournalFile(path) { throw Failure(description: "\(path): \(problem)") }
        if resume, let text = readTextFile(path, limit: 1 << 30) {
            var rows = text.split(separator: "\n", omittingEmptySubsequences: false)
            // Only lines that end in a newline were written whole.
            if rows.last != nil { rows.removeLast() }
            guard let top = rows.first, let h = JSONLines.decode(SweepHeader.self, top) else {
                throw Failure(description: "\(path): not an ocean tune journal (no header line); remove it to start over")
            }
            guard h == header else {
                throw Failure(description: "\(path): the journal of a different sweep (spec \(h.spec), games \(h.games), "
                    + "shard \(h.shard), engine \(h.engine)) than this one (spec \(header.spec), games \(header.games), "
                    + "shard \(header.shard), engine \(header.engine)); remove it, or run with --force to start over")
            }
            for row in rows.dropFirst() {
                guard let line = JSONLines.decode(PointLine.self, row), (0..<header.points).contains(line.point) else { continue }
                let key = Key(rung: line.rung, point: line.point)
                if finished[key] == nil { kept.append(String(row)) }
                finished[key] = line
            }
        }
        // A fresh file holding the header and the kept lines, put in place whole and
        // appended to through the descriptor it was created with: never through a
        // link planted at OUT.part (see `createFreshFile`).
        let text = ([JSONLines.encode(header)] + kept).joined(separator: "\n") + "\n"
        do { fd = try createFreshFile(path, holding: Array(text.utf8)) } catch { throw Failure(description: error.description) }
    }

    /// Why the file at `path` cannot be an earlier run's journal, or nil: a journal is
    /// a regular file this program made, so a symbolic link (whatever it points to)
    /// or anything else there is not one, and it is not read.
    public static func notAJournalFile(_ path: String) -> String? {
        var st = stat()
        guard lstat(path, &st) == 0 else { return nil }
        switch st.st_mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFLNK: return "is a symbolic link, not a journal ocean tune writes; remove it, or run with --force to start over"
        default: return "is not a regular file, so not a journal ocean tune writes; remove it"
        }
    }

    /// Appends one finished point (one write, then flushed to disk). Called under the
    /// sweep's lock, so lines never interleave.
    public func append(_ line: PointLine) throws(Failure) {
        let bytes = Array((JSONLines.encode(line) + "\n").utf8)
        let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        guard n == bytes.count else {
            throw Failure(description: "\(path): cannot append a finished point (\(n < 0 ? String(cString: strerror(errno)) : "short write"))")
        }
        _ = fsync(fd)
    }

    /// Closes and removes the journal: the output it led to is in place.
    public func remove() {
        if fd >= 0 { close(fd); fd = -1 }
        unlink(path)
    }

    deinit { if fd >= 0 { close(fd) } }

    /// Whether a journal is there and how many finished points it holds (for the
    /// message that asks for `--resume`).
    public static func pending(_ path: String) -> Int? {
        guard let text = readTextFile(path, limit: 1 << 30) else { return nil }
        return max(0, text.split(separator: "\n").count - 1)
    }
}
