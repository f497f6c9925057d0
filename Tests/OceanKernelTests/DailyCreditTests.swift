import Testing
import KernelTestSupport
@testable import OceanKernel

/// GAME_RULES §7, the daily inside the career: the day's official Daily Ocean run,
/// played in a session of its own, counts in the career like any game, once.
@Suite struct DailyCreditTests {
    static let day = CalendarDate(year: 2026, month: 3, day: 14)

    /// A career on `day`, its session begun, between games.
    private func career(_ r: Rules = shippedRules, on date: CalendarDate = day) -> Simulation {
        var sim = Simulation(rules: r, seed: 5)
        sim.step(TickInput(command: .beginSession(date, minuteOfDay: 600)))
        return sim
    }

    private func run(catches: Int = 40, grams: Int? = nil, misses: Int = 2, seaLife: Int = 0,
                     finished: Bool = true, date: CalendarDate = day) -> DailyCredit {
        DailyCredit(date: date, catches: catches, grams: grams ?? catches * 10, misses: misses, seaLifeHits: seaLife,
                    finished: finished)
    }

    @Test func aRunCountsForTheGoalTheStreakTheLevelAndTheOcean() {
        let r = shippedRules
        var sim = career(r)
        let before = sim.state
        #expect(before.career.streak == 0 && before.career.gramsToday == 0)
        let credit = run(catches: 60, grams: r.career.dailyGoalGrams, misses: 1)
        sim.step(TickInput(command: .creditDaily(credit)))
        let s = sim.state
        #expect(s.career.dailyCreditDay == Self.day.dayNumber)
        #expect(s.totals.games == before.totals.games + 1)
        #expect(s.totals.catches == 60 && s.totals.misses == 1)
        #expect(s.career.gramsToday == r.career.dailyGoalGrams)
        #expect(s.career.goalDay == Self.day.dayNumber, "the day's goal reached by the run's plastic")
        #expect(s.career.streak == 1 && s.career.lastActiveDay == Self.day.dayNumber, "a day played")
        #expect(s.career.level > before.career.level, "the plastic counts for the level")
        #expect(s.health > before.health, "catches heal the ocean within the day's caps")
        #expect(s.masteryToday == 75, "a finished run with one miss opens 75 % of the mastery part")
        #expect(sim.events.contains(.dailyCredited(credit)))
        #expect(sim.events.contains(.streakExtended(days: 1)))
        #expect(sim.events.contains(.goalReached(grams: r.career.dailyGoalGrams)))
    }

    @Test func onceADayAndOnlyOnItsOwnDay() {
        var sim = career()
        sim.step(TickInput(command: .creditDaily(run())))
        let once = sim.state
        sim.step(TickInput(command: .creditDaily(run(catches: 90))))
        #expect(sim.events == [.inputIgnored(.dailyNotCredited)])
        #expect(sim.state.totals == once.totals && sim.state.health == once.health, "the day's second run counts nothing")

        for far in [12, 16] {
            var other = career()
            other.step(TickInput(command: .creditDaily(run(date: CalendarDate(year: 2026, month: 3, day: far)))))
            #expect(other.events == [.inputIgnored(.dailyNotCredited)], "a Daily Ocean two days away does not count today")
            #expect(other.state.totals.games == 0)
        }
        // The Daily Ocean's date is UTC's: a day either side of the local date counts,
        // each Daily Ocean once and never an older one after a newer.
        var utc = career()
        utc.step(TickInput(command: .creditDaily(run(date: CalendarDate(year: 2026, month: 3, day: 15)))))
        #expect(utc.state.totals.games == 1 && utc.state.career.dailyCreditDay == Self.day.dayNumber + 1)
        utc.step(TickInput(command: .creditDaily(run(date: CalendarDate(year: 2026, month: 3, day: 13)))))
        #expect(utc.events == [.inputIgnored(.dailyNotCredited)], "an older Daily Ocean after a newer one")
        #expect(utc.state.validate(rules: shippedRules).isEmpty, "tomorrow's UTC date is a valid state")

        // The next day's run counts on the next day.
        sim.step(TickInput(command: .beginSession(CalendarDate(year: 2026, month: 3, day: 15), minuteOfDay: 600)))
        sim.step(TickInput(command: .creditDaily(run(date: CalendarDate(year: 2026, month: 3, day: 15)))))
        #expect(sim.state.career.streak == 2)
    }

    @Test func notDuringAGameNorBeforeASessionNorWithImpossibleFigures() {
        var playing = career()
        playing.step(TickInput(command: .start(.classic)))
        #expect(playing.state.mode != .idle)
        playing.step(TickInput(command: .creditDaily(run())))
        #expect(playing.events.contains(.inputIgnored(.dailyNotCredited)))

        var fresh = Simulation(rules: shippedRules, seed: 5)
        fresh.step(TickInput(command: .creditDaily(run())))
        #expect(fresh.events == [.inputIgnored(.dailyNotCredited)], "no career session: no day to count it on")

        let heaviest = shippedRules.grams.max()!
        for bad in [run(catches: 3, grams: 3 * heaviest + 1), run(catches: -1, grams: 0), run(misses: -2),
                    run(catches: 2_000_000, grams: 0)] {
            var sim = career()
            sim.step(TickInput(command: .creditDaily(bad)))
            #expect(sim.events == [.inputIgnored(.dailyNotCredited)], "\(bad)")
            #expect(sim.state.career.dailyCreditDay == CareerState.never)
        }
    }

    /// Its catches and the game itself count toward the day's challenge, even on a day
    /// already played (no other news that tick would wake the challenges).
    @Test func itCountsTowardTheDaysChallenge() {
        for metric in [ChallengeMetric.catches, .games] {
            let r = rules(challenges: [template(.daily, metric, target: 100)])
            var sim = career(r)
            sim.step(TickInput(command: .start(.classic)))
            while sim.state.mode != .idle { sim.step(TickInput(command: .abandon)) }
            #expect(sim.state.career.lastActiveDay == Self.day.dayNumber, "the day is played already")
            var s = sim.state
            #expect(s.career.daily.metric == metric && s.career.daily.isOpen)
            s.career.daily.progress = 1
            s.career.daily.status = .inProgress
            sim = Simulation(rules: r, state: s)
            sim.step(TickInput(command: .creditDaily(run(catches: 40))))
            #expect(sim.events.contains(.dailyCredited(run(catches: 40))), "\(sim.events)")
            #expect(sim.state.career.daily.progress == 1 + (metric == .catches ? 40 : 1), "\(metric)")
        }
    }

    @Test func aLeftRunOpensNoMasteryAndMissesHurt() {
        let r = shippedRules
        var left = career(r)
        left.step(TickInput(command: .creditDaily(run(catches: 30, misses: 0, finished: false))))
        #expect(left.state.masteryToday == 0, "a run left from the pause menu is never a clean game")

        var missed = career(r)
        let start = missed.state.health
        missed.step(TickInput(command: .creditDaily(run(catches: 0, grams: 0, misses: 5, seaLife: 1))))
        #expect(missed.state.health < start, "misses and sea life caught cost the ocean as in any game")
        #expect(missed.state.health >= start - r.dailyFallCap, "within the day's fall cap")
    }
}
