import OceanBalance
import OceanDaily
import OceanKernel
import OceanReplay
import OceanStore
import OceanSystem

/// A Daily Ocean try as a session: the day's one game under the balance file's own
/// constants (the day's seed is their hash's, so never assist mode's wider bin and
/// never a hot reload), recorded to the try's file beside the profile and kept
/// nowhere else (the tries file it away: `DailyTries.file`).
public enum DailySession {
    /// The day's seed and header for a try (what `ocean daily record` writes too).
    public static func header(date: CalendarDate, balance: Balance) -> ReplayHeader {
        var header = ReplayHeader()
        header.balance = balance
        header.date = date
        header.minuteOfDay = DailyGame.minuteOfDay
        header.seed = DailyGame.seed(date: date, balance: balance)
        header.mode = DailyGame.mode
        header.comment = "The Daily Ocean of \(date)"
        header.recordedBy = ReplayHeader.person
        return header
    }

    /// A new try of `tries`' day, recording.
    public static func open(_ tries: DailyTries, balance: Balance, rules: Rules, profile: String,
                            openSink: @escaping GameSession.OpenSink) throws(FileError) -> GameSession {
        let recording = PlayRecording(record: tries.tryPath, force: true, profile: profile)
        return try GameSession(balance: balance, rules: rules, header: header(date: tries.date, balance: balance), saved: nil,
                               recording: recording, hotReloadPath: nil, openSink: openSink)
    }
}
