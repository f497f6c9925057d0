import OceanBalance
import OceanDaily
import OceanDrivers
import OceanKernel
import OceanReplay
import OceanSystem
#if canImport(Glibc)
import Glibc
#endif

/// The Daily Ocean's tries in `ocean play` (GAME_RULES §7), kept in `daily/` beside the
/// profile (a profile not named `profile`: `NAME.daily/`, each career its own): the day's first finished try is its official run (`DATE.replay`, never
/// replaced: the one to submit); any finished try that beats the day's best so far is
/// also kept as `DATE.best.replay`, the run a later try races as a ghost bin. A try is
/// recorded to `DATE.try.replay` while it is played; one left early counts for nothing.
public struct DailyTries: Sendable, Equatable {
    public let date: CalendarDate
    public let folder: String

    /// `profile`: the profile's path ("data/profile" → "data/daily", "data/ada" → "data/ada.daily").
    public init(profile: String, date: CalendarDate) {
        folder = PlayRecording.careerFile("daily", profile: profile)
        self.date = date
    }

    public var officialPath: String { "\(folder)/\(date).replay" }
    public var bestPath: String { "\(folder)/\(date).best.replay" }
    /// Where the try being played is recorded.
    public var tryPath: String { "\(folder)/\(date).try.replay" }
    public var hasOfficial: Bool { fileSize(officialPath) != nil }

    /// What became of a finished try.
    public struct Kept: Equatable, Sendable {
        /// The day's first finished try: its official run.
        public var official: Bool
        /// Better than every try before it today (the ghost to race from now on).
        public var best: Bool
        /// Its score, from re-playing the recording.
        public var score: Int
    }

    /// Re-plays the day's game at `path` under `balance`: its result, or nil when there
    /// is no such file or it is not the day's game played to its end.
    public func result(at path: String, balance: Balance) -> DailyResult? {
        guard fileSize(path) != nil, let read = try? ReplayReader.read(path: path),
              case .success(let r) = DailyRun.verify(read, date: date, balance: balance) else { return nil }
        return r
    }

    /// Files the try just recorded at `tryPath`: the official run if the day has none,
    /// the best if it beats the best so far; the try's file is then removed. The score
    /// comes from re-playing the file, as a server would. Nil (and the file removed)
    /// when the recording is not a finished daily game (a try left early).
    public func keep(balance: Balance) throws(FileError) -> Kept? {
        defer { unlink(tryPath) }
        guard let mine = result(at: tryPath, balance: balance),
              let bytes = readFileBytes(tryPath, limit: 64 << 20) else { return nil }
        var kept = Kept(official: false, best: false, score: mine.score)
        if !hasOfficial {
            // Linked in, never renamed over: a second window finishing first keeps its run.
            let writer = try AtomicWriter(path: officialPath, overwrite: false)
            try writer.write(bytes)
            do { try writer.commit(); kept.official = true } catch where error.code == EEXIST { kept.official = false }
        }
        if mine.score > (result(at: bestPath, balance: balance)?.score ?? -1) {
            try replaceFile(bestPath, with: bytes)
            kept.best = true
        }
        return kept
    }

    /// Makes the folder; the problem if it cannot be made.
    public func makeFolder() -> String? {
        makeFolders(folder) ? nil : "\(folder): cannot be made: \(systemReason(errno))"
    }
}
