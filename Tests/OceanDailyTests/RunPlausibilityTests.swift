import Foundation
import Testing
import OceanKernel
import OceanReplay
import OceanDaily
import OceanDrivers
import TestSupport

/// Whether a run's inputs could be a person's (`RunPlausibility`), measured on the
/// day's game: the human bot (GAME_RULES §8's person) at every skill is never ranked
/// apart; the programs that read the state are, on their inputs alone.
@Suite struct RunPlausibilityTests {
    /// The day's game by `bot`, verified as the server does; its plausibility.
    private func check(_ bot: String, skill: Int = 50, botSeed: UInt64) throws -> DailyResult {
        let read = try DailyRunTests.run(skill: skill, botSeed: botSeed, bot: bot)
        return try DailyRun.verify(read, date: DailyRunTests.day, balance: try shippedBalance).get()
    }

    @Test func theHumanBotAtEverySkillPassesAndTheProgramsDoNot() throws {
        var people: [String] = []
        var flaggedPeople = 0
        for skill in stride(from: 0, through: 100, by: 10) {
            for seed: UInt64 in 1...3 {
                let p = try check("human", skill: skill, botSeed: seed).plausibility
                people.append("h\(skill)/\(seed) \(p.quick)/\(p.answered)")
                if !p.isPlausible { flaggedPeople += 1 }
            }
        }
        print("plausibility, people: \(people.joined(separator: ", "))")
        #expect(flaggedPeople == 0, "a person's runs ranked apart: \(people)")
        for bot in ["oracle", "greedy"] {
            let r = try check(bot, botSeed: 1)
            print("plausibility, \(bot): \(r.plausibility.quick)/\(r.plausibility.answered)")
            #expect(!r.plausibility.isPlausible, "\(bot): \(r.plausibility)")
            #expect(r.apart?.contains("faster than a person can see and react") == true, "\(r.apart ?? "")")
        }
    }

    @Test func theRuleCountsOnlyAnswersBeforeTheNextItemAndJudgesNoShortRun() throws {
        func input(_ tick: Int, _ move: Move) -> InputRecord { InputRecord(tick: tick, input: TickInput(move: move)) }
        // Items alone at 100, 200, 300: answered at 103 (quick), 215 (not), none before 300's next.
        let p = RunPlausibility(inputs: [input(103, .left), input(215, .right), input(215, .right)],
                                loneSpawns: [100, 200, 300], start: 0, end: 400)
        #expect(p.answered == 2 && p.quick == 1)
        #expect(p.isPlausible, "too few answers to judge")
        let quick = (0..<12).map { input(100 * $0 + 2, $0 % 2 == 0 ? .left : .right) }
        let bot = RunPlausibility(inputs: quick, loneSpawns: (0..<12).map { 100 * $0 }, start: 0, end: 1_300)
        #expect(bot.answered == 12 && bot.quick == 12 && !bot.isPlausible)
        #expect(bot.reason == "it answers 12 of 12 items that appeared alone within 133 ms, faster than a person can see and react (GAME_RULES §8)")
    }

    @Test func theDaysWindowRunsFromTheFirstTimeZoneToTheLastAndAnHour() {
        let w = DailyWindow(day: CalendarDate(year: 2026, month: 12, day: 1))
        #expect(DailyWindow.utc(w.opens) == "2026-11-30T10:00Z" && DailyWindow.utc(w.closes) == "2026-12-02T13:00Z")
        #expect(!w.takes(at: w.opens - 1) && w.takes(at: w.opens) && w.takes(at: w.closes - 1) && !w.takes(at: w.closes))
        #expect(w.isClosed(at: w.closes) && !w.isClosed(at: w.closes - 1))
        #expect(DailyWindow.parseUTC("2026-12-02T13:00:00Z") == w.closes && DailyWindow.parseUTC("2026-12-02T13:00Z") == w.closes)
        for bad in ["2026-12-02T24:00Z", "2026-12-02 13:00Z", "2026-12-02T13:00", "2026-02-30T00:00Z", "2026-12-02T13:00:60Z"] {
            #expect(DailyWindow.parseUTC(bad) == nil, "\(bad)")
        }
        #expect(w.problem(at: w.opens - 1)?.hasPrefix("the Daily Ocean of 2026-12-01 is not open yet") == true)
        #expect(DailyWindow.utc(-1) == "1969-12-31T23:59Z")
    }

    /// The server's stamp on a stored run: what Foundation's ISO 8601 formatter writes,
    /// to the second (the server no longer builds one per post), and read back.
    @Test func aStampToTheSecondIsWhatISO8601Writes() {
        let iso = ISO8601DateFormatter()
        // The epoch, a second before it, the last second of a day, a leap day, now-ish.
        for s: Int64 in [0, -1, 59, 86_399, 951_825_599, 1_796_083_199, 1_764_456_789] {
            let stamp = DailyWindow.utc(s, showingSeconds: true)
            #expect(stamp == iso.string(from: Date(timeIntervalSince1970: Double(s))), "\(s)")
            if s >= 0 { #expect(DailyWindow.parseUTC(stamp) == s, "\(stamp)") }
        }
    }
}
