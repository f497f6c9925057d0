import OceanKernel
import OceanSystem
#if canImport(Glibc)
import Glibc
#endif

/// The high scores beside a profile: `high-scores.txt` and the `scores/` folder of
/// the replays its entries name. A new entry's replay is written first, then the
/// table (each replaced only by a complete new file), then the replays pushed out are
/// removed: a crash at any point keeps the old table whole. Each record holds
/// `high-scores.txt.lock` from reading the table to its last write.
public struct HighScoreStore: Sendable {
    public let tablePath: String
    public let folder: String

    /// The store beside the profile at `profilePath`.
    public init(profilePath: String) {
        let slash = profilePath.lastIndex(of: "/").map { String(profilePath[...$0]) } ?? ""
        tablePath = slash + "high-scores.txt"
        folder = slash + "scores"
    }

    /// The table as saved (empty when there is none yet).
    public func load() throws(Profile.LoadError) -> HighScores {
        guard fileSize(tablePath) != nil else { return HighScores() }
        let text: String
        do { text = try PathName(tablePath).readText(limit: 1 << 20) } catch {
            throw Profile.LoadError(path: tablePath, message: "cannot be read: \(error.message)")
        }
        return try HighScores(text: text, file: tablePath)
    }

    /// The path of an entry's replay.
    public func replayPath(_ entry: HighScores.Entry) -> String { folder + "/" + entry.replay }

    /// Adds a game to its table if it makes the top ten: its replay (`replayText`)
    /// saved first, then the table. Returns the rank it took (1 = a new best), or nil.
    public func record(_ entry: HighScores.Entry, replayText: String) throws(Profile.LoadError) -> Int? {
        // One writer at a time: two careers in one folder share this table, and two
        // games ending together would each save the table without the other's entry.
        let lock: FileLock
        do { lock = try FileLock(path: tablePath + ".lock", waitSeconds: 5) } catch {
            throw Profile.LoadError(path: tablePath, message: "not saved: \(error.description)")
        }
        defer { lock.release() }
        var table = try load()
        var entry = entry
        entry.replay = freeName(for: entry)
        // What the table's reader takes back: no control character, at most 64 characters.
        entry.name = String(String.UnicodeScalarView(entry.name.unicodeScalars.filter { $0.value >= 32 && $0.value != 127 })
            .prefix(64))
        guard let rank = table.rank(of: entry) else { return nil }
        guard makeFolders(folder) else { throw Profile.LoadError(path: folder, message: "cannot be made") }
        do {
            try replaceFile(replayPath(entry), with: replayText)
            let dropped = table.add(entry)
            try replaceFile(tablePath, with: table.text)
            for name in dropped { unlink(folder + "/" + name) }
        } catch {
            throw Profile.LoadError(path: tablePath, message: "not saved: \(error.description); the old table is kept")
        }
        return rank
    }

    /// `MODE-DATE-N.replay`, the first N not taken.
    private func freeName(for entry: HighScores.Entry) -> String {
        var n = 1
        while true {
            let name = "\(entry.mode.key)-\(entry.date)-\(n).replay"
            if fileSize(folder + "/" + name) == nil { return name }
            n += 1
        }
    }
}
