import OceanKernel
import OceanReplay

/// When a day's runs are taken (GAME_RULES §7: the day is the day). The Daily Ocean's
/// day is a UTC date, played wherever it is that date somewhere on Earth: from 14 h
/// before its UTC start (the first time zone, UTC+14, reaching it) to 12 h after its
/// UTC end (the last, UTC−12, leaving it), then `submitMinutes` more for a game
/// finished at the last moment to be posted. Outside, a run is refused, so no board
/// can be filled before its day and none after it closed. The day's replays stay
/// private (each to its own player) until the window closes.
public struct DailyWindow: Equatable, Sendable {
    /// Hours before the UTC day that the first time zone plays it.
    public static let earlyHours = 14
    /// Hours after the UTC day that the last time zone still plays it.
    public static let lateHours = 12
    /// Minutes after the last time zone's midnight a run may still be posted: a daily
    /// game lasts at most `DailyRun.maxTicks` (an hour of play).
    public static let defaultSubmitMinutes = 60

    public let day: CalendarDate
    /// Seconds since 1970-01-01T00:00Z: the first moment a run is taken, and the first
    /// moment it no longer is (the day closed: its replays are open to everyone).
    public let opens: Int64
    public let closes: Int64

    public init(day: CalendarDate, submitMinutes: Int = DailyWindow.defaultSubmitMinutes) {
        self.day = day
        let start = Int64(day.dayNumber) * 86_400
        opens = start - Int64(DailyWindow.earlyHours) * 3_600
        closes = start + 86_400 + Int64(DailyWindow.lateHours) * 3_600 + Int64(submitMinutes) * 60
    }

    /// Whether a run posted at `now` (seconds since 1970, UTC) is taken.
    public func takes(at now: Int64) -> Bool { now >= opens && now < closes }

    /// Whether the day is over for everyone at `now`: its replays are public.
    public func isClosed(at now: Int64) -> Bool { now >= closes }

    /// Why a run posted at `now` is not taken, in words a player can act on; nil if it is.
    public func problem(at now: Int64) -> String? {
        if now < opens {
            return "the Daily Ocean of \(day) is not open yet: runs are taken from \(Self.utc(opens)) to \(Self.utc(closes)) (UTC)"
        }
        if now >= closes {
            return "the Daily Ocean of \(day) is closed: runs were taken from \(Self.utc(opens)) to \(Self.utc(closes)) (UTC)"
        }
        return nil
    }

    /// `YYYY-MM-DDTHH:MMZ`, or with `showingSeconds` `YYYY-MM-DDTHH:MM:SSZ` (what
    /// Foundation's ISO 8601 formatter writes, without building one: the server stamps
    /// every run, and a formatter per post was 4 % of its CPU).
    public static func utc(_ seconds: Int64, showingSeconds: Bool = false) -> String {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let rest = seconds - days * 86_400
        func two(_ v: Int64) -> String { v < 10 ? "0\(v)" : "\(v)" }
        let minutes = "\(CalendarDate(dayNumber: Int(days)))T\(two(rest / 3_600)):\(two(rest % 3_600 / 60))"
        return showingSeconds ? minutes + ":\(two(rest % 60))Z" : minutes + "Z"
    }

    /// `YYYY-MM-DDTHH:MM[:SS]Z` as seconds since 1970, or nil.
    public static func parseUTC(_ text: String) -> Int64? {
        guard text.hasSuffix("Z"), let t = text.firstIndex(of: "T"),
              let date = ReplayFormat.dateShape(text[..<t]), date.isValid else { return nil }
        let clock = text[text.index(after: t)..<text.index(before: text.endIndex)].split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(clock.count), clock.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isNumber) }),
              let h = Int64(clock[0]), let m = Int64(clock[1]), h < 24, m < 60 else { return nil }
        let s = clock.count == 3 ? Int64(clock[2]) ?? 60 : 0
        guard s < 60 else { return nil }
        return Int64(date.dayNumber) * 86_400 + h * 3_600 + m * 60 + s
    }
}
