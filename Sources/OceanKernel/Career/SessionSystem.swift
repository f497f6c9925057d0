/// Moves the career's calendar when a session begins.
///
/// - The same date again: only the time of day is updated.
/// - A later date: a new day. Today's total starts at zero; if one or more whole
///   days passed with no game and no scan, the streak breaks (reported now, not at
///   the next play), each such day costs `career.absence_health_per_day` of ocean
///   health (once per day, however many sessions see it), and after
///   `pet.missing_you_days` of them the pet misses the player. Then the day's
///   health limits (`health.daily_rise_cap`, `daily_fall_cap`) start from the
///   health the ocean has now.
/// - An earlier date (a device clock set back): reported as `dateWentBack`; the
///   calendar stays on the later date, so nothing counted can be counted twice.
/// - An invalid date or minute: ignored, and reported.
enum SessionSystem {
    static func run(_ command: Command, _ s: inout GameState, rules: Rules, log: inout TickLog,
                    events: inout [Event]) {
        guard case .beginSession(let date, let minute) = command else { return }
        guard date.isValid, (0..<1_440).contains(minute) else {
            events.append(.inputIgnored(.invalidSession))
            return
        }
        let day = date.dayNumber
        s.career.sessionTick = s.tick
        s.career.sessionMinute = minute
        if s.career.hasSession && day < s.career.today {
            s.career.datesWentBack += 1
            events.append(.dateWentBack(from: CalendarDate(dayNumber: s.career.today), to: date))
            return
        }
        let previous = s.career.today
        events.append(.sessionBegan(date: date, daysSinceLast: previous == CareerState.never ? 0 : day - previous))
        guard day != previous else { return }

        s.career.today = day
        s.career.monthOfToday = date.monthNumber
        s.career.gramsToday = 0
        s.scansToday = 0
        s.masteryToday = 0
        s.rewardsToday = 0
        SeaSystem.newDay(&s, days: previous == CareerState.never ? 0 : day - previous, rules: rules)
        let last = s.career.lastActiveDay
        log.newDay = true
        defer { log.outcomes.append(.dayBegan) }
        guard last != CareerState.never else { return }
        let away = day - last - 1
        if away >= 1 && s.career.streak > 0 {
            events.append(.streakBroken(days: s.career.streak))
            s.career.streak = 0
        }
        let uncharged = day - max(last, s.career.absenceChargedThrough) - 1
        if uncharged > 0 {
            s.career.absenceChargedThrough = day - 1
            if rules.career.absenceHealthPerDay > 0 { log.outcomes.append(.absent(days: uncharged)) }
        }
        if away >= rules.pet.missingYouDays && s.career.pet.adopted { s.career.pet.missingYou = true }
    }
}
