import OceanKernel
import OceanSystem

/// The clock against a career's calendar, before play: set back, the career plays
/// on from its last day (the kernel counts nothing twice) and says so; leapt far
/// ahead, the absence is applied only when the player says the clock is right.
public enum CareerClock {
    /// Days past the career's last one that play applies without asking: a season
    /// away; more is likelier a wrong clock than a long break.
    public static let longAbsenceDays = 90

    public enum Verdict: Equatable {
        /// Play as the clock says.
        case play
        /// Play on as the career's last day; the words say why.
        case playOn(String)
        /// Refuse to play; the words say what to do.
        case refuse(String)
    }

    /// `planned`: a plan moved the career (`ocean sim --days`), so it is dated by the
    /// plan, not by a clock, and its gap to today is no sign of a wrong clock.
    public static func verdict(career: CareerState?, today: CalendarDate, acceptAbsence: Bool, planned: Bool) -> Verdict {
        guard let career, career.hasSession else { return .play }
        let last = CalendarDate(dayNumber: career.today)
        let ahead = today.dayNumber - last.dayNumber
        if ahead < 0 {
            return .playOn("the clock says \(today), before this career's last day (\(last)); "
                           + "the career plays on as \(last), and nothing is counted twice")
        }
        if ahead > longAbsenceDays && !acceptAbsence && !planned {
            return .refuse("the clock says \(today), \(ahead) days after this career's last day (\(last)); "
                + "so long an absence costs the ocean's health and the streak. If the clock is right, add --accept-absence; "
                + "if not, set it and start again. Nothing was changed.")
        }
        return .play
    }
}
