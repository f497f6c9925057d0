import OceanKernel
@testable import OceanSession
import Testing

/// The clock against a career's calendar, before play: back, on, or far ahead.
@Suite struct CareerClockTests {
    let last = CalendarDate(year: 2026, month: 6, day: 1)

    func career() -> CareerState {
        var c = CareerState()
        c.today = last.dayNumber
        return c
    }

    @Test func aNewCareerPlaysAsTheClockSays() {
        #expect(CareerClock.verdict(career: nil, today: last, acceptAbsence: false, planned: false) == .play)
        #expect(CareerClock.verdict(career: CareerState(), today: last, acceptAbsence: false, planned: false) == .play)
    }

    @Test func aClockSetBackPlaysOnFromTheLastDay() {
        let earlier = CalendarDate(dayNumber: last.dayNumber - 3)
        guard case .playOn(let why) = CareerClock.verdict(career: career(), today: earlier, acceptAbsence: false, planned: false) else {
            Issue.record("not played on")
            return
        }
        #expect(why.contains("plays on as \(last)") && why.contains("nothing is counted twice"))
    }

    @Test func aLongAbsenceNeedsThePlayersWordUnlessAPlanMovedTheCareer() {
        let season = CalendarDate(dayNumber: last.dayNumber + CareerClock.longAbsenceDays)
        let beyond = CalendarDate(dayNumber: last.dayNumber + CareerClock.longAbsenceDays + 1)
        #expect(CareerClock.verdict(career: career(), today: season, acceptAbsence: false, planned: false) == .play)
        guard case .refuse(let why) = CareerClock.verdict(career: career(), today: beyond, acceptAbsence: false, planned: false) else {
            Issue.record("a long absence was applied without asking")
            return
        }
        #expect(why.contains("--accept-absence") && why.contains("Nothing was changed"))
        #expect(CareerClock.verdict(career: career(), today: beyond, acceptAbsence: true, planned: false) == .play)
        #expect(CareerClock.verdict(career: career(), today: beyond, acceptAbsence: false, planned: true) == .play)
    }
}
