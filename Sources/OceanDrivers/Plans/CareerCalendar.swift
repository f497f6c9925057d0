import OceanKernel

extension CareerPlan.Options {
    /// The date of the plan's last day.
    public var lastDate: CalendarDate { CalendarDate(dayNumber: start.dayNumber + max(0, days - 1)) }

    /// Why the plan cannot be played, if it cannot: its first or last day falls
    /// outside the calendar (0001-01-01 to 9999-12-31). Checked before a run begins,
    /// so no day is ever played on a date the kernel refuses.
    public var calendarProblem: String? {
        let first = start.dayNumber, lastAllowed = CalendarDate.latest.dayNumber
        guard start.isValid, first <= lastAllowed else {
            return "the career would start after \(CalendarDate.latest), the last date the calendar holds"
        }
        guard first >= CalendarDate.earliest.dayNumber else {
            return "the career would start before \(CalendarDate.earliest), the first date the calendar holds"
        }
        let room = lastAllowed - first + 1
        guard days <= room else {
            return "\(days) days from \(start) would pass \(CalendarDate.latest), the last date the calendar holds "
                + "(at most \(room) day\(room == 1 ? "" : "s") from \(start))"
        }
        return nil
    }
}
