import Testing
import OceanKernel
import OceanReplay
import OceanDrivers

@Suite struct FormattingTests {
    @Test func decimalsRoundToTwoPlaces() {
        #expect(decimal(hundredths: 1505) == "15.05")
        #expect(decimal(hundredths: 7) == "0.07")
        #expect(decimal(hundredths: -7) == "-0.07")
        #expect(decimal(3.2696907877604167) == "3.27")
        #expect(decimal(2.0) == "2.00")
        #expect(percent(10_000) == "100.00")
        #expect(rounded2(3.2696907877604167) == 3.27)
    }

    @Test func durationsGainHours() {
        #expect(duration(ticks: 0) == "0:00")
        #expect(duration(ticks: 65 * 60) == "1:05")
        #expect(duration(ticks: 3_725 * 60) == "1:02:05")
        #expect(duration(ticks: 100_000_000) == "462:57:46")
    }

    @Test func pluralsAndPadding() {
        #expect(counted(1, "day") == "1 day")
        #expect(counted(3, "day") == "3 days")
        #expect(counted(0, "change") == "0 changes")
        #expect(pad("ab", 5) == "ab   ")
        #expect(pad("abcdef", 3) == "abcdef ")
    }

    @Test func oneHexOneDate() {
        #expect(hex(0xabc, digits: 3) == "abc")
        #expect(hex(1) == "0000000000000001")
        #expect(hex16(0xff) == hex(0xff))
        #expect(ReplayFormat.date("2026-02-28") == CalendarDate(year: 2026, month: 2, day: 28))
        #expect(ReplayFormat.date("2026-02-30") == nil)
        #expect(ReplayFormat.dateShape("2026-02-30") == CalendarDate(year: 2026, month: 2, day: 30))
        #expect(ReplayFormat.dateShape("26-2-3") == nil)
        #expect(CareerReport.monthText(CalendarDate(year: 2026, month: 1, day: 9).monthNumber) == "2026-01")
        #expect(CareerReport.monthText(CalendarDate(year: 2025, month: 12, day: 1).monthNumber) == "2025-12")
    }

    @Test func jsonHasSortedKeysAndRealEscapes() {
        struct Probe: Encodable { var z = 1; var a = "tab\there \"quoted\"" }
        #expect(JSONOutput.text(Probe()) == #"{"a":"tab\there \"quoted\"","z":1}"#)
    }

    @Test func verifyReportSaysStatusAndExit() {
        let bad = FileResult(file: "x", error: "x:1: nope")
        #expect(bad.status == "invalid")
        #expect(VerifyReport(files: [bad], seconds: 1).exitStatus == 2)
        #expect(bad.text == "BAD  x:1: nope")
    }
}

/// The one decimal formatter at any number of places (the tuning tables, the audio figures).
@Suite struct DecimalPlacesTests {
    @Test func anyPlacesRoundHalfAwayFromZero() {
        #expect(decimal(2.0, places: 1) == "2.0")
        #expect(decimal(0.05, places: 1) == "0.1")
        #expect(decimal(-0.04, places: 1) == "0.0", "no minus sign on a zero")
        #expect(decimal(-1.25, places: 1) == "-1.3")
        #expect(decimal(1234.5, places: 0) == "1235")
        #expect(decimal(0.8912, places: 3) == "0.891")
        #expect(decimal(units: -5, places: 3) == "-0.005")
        #expect(decimal(Double.infinity, places: 1) == "inf")
    }
}
