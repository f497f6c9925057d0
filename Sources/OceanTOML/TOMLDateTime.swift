/// A TOML date, time or date-time, as written: TOML has four kinds (an offset
/// date-time, a local date-time, a local date, a local time) and none of them is
/// turned into an instant here, so nothing is lost and no clock or time zone is
/// needed to read a file.
public struct TOMLDateTime: Hashable, Sendable, CustomStringConvertible {
    /// A calendar date: the reader has checked the month's length (29 February only
    /// in leap years).
    public struct LocalDate: Hashable, Sendable {
        public let year: Int
        public let month: Int
        public let day: Int
    }

    /// A time of day. `second` may be 60 (a leap second, as RFC 3339 allows).
    public struct LocalTime: Hashable, Sendable {
        public let hour: Int
        public let minute: Int
        public let second: Int
        /// The digits after the decimal point, as written ("" for none): TOML lets a
        /// reader keep any precision, so none is cut off here.
        public let fraction: String
    }

    /// Which of TOML's four kinds this is.
    public enum Kind: Sendable {
        case offsetDateTime, localDateTime, localDate, localTime
    }

    /// The date; nil for a local time.
    public let date: LocalDate?
    /// The time of day; nil for a local date.
    public let time: LocalTime?
    /// Minutes east of UTC (`Z` is 0); nil unless an offset date-time.
    public let offsetMinutes: Int?

    public init(date: LocalDate?, time: LocalTime?, offsetMinutes: Int?) {
        self.date = date
        self.time = time
        self.offsetMinutes = offsetMinutes
    }

    public var kind: Kind {
        switch (date != nil, time != nil, offsetMinutes != nil) {
        case (true, true, true): .offsetDateTime
        case (true, true, false): .localDateTime
        case (true, false, _): .localDate
        default: .localTime
        }
    }

    /// RFC 3339 text: `1979-05-27T07:32:00.5-07:00`, `1979-05-27`, `07:32:00`; the
    /// separator is always `T` and a zero offset is `Z`.
    public var description: String {
        var s = ""
        if let date {
            s += pad(date.year, 4) + "-" + pad(date.month, 2) + "-" + pad(date.day, 2)
            if time != nil { s += "T" }
        }
        if let time {
            s += pad(time.hour, 2) + ":" + pad(time.minute, 2) + ":" + pad(time.second, 2)
            if !time.fraction.isEmpty { s += "." + time.fraction }
        }
        if let offsetMinutes {
            if offsetMinutes == 0 {
                s += "Z"
            } else {
                let m = abs(offsetMinutes)
                s += (offsetMinutes < 0 ? "-" : "+") + pad(m / 60, 2) + ":" + pad(m % 60, 2)
            }
        }
        return s
    }

    private func pad(_ n: Int, _ width: Int) -> String {
        let digits = String(n)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
