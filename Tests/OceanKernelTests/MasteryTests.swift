import Testing
import KernelTestSupport
@testable import OceanKernel

/// GAME_RULES §2, "mastery shows too": a finished game opens the mastery part of the
/// day's rise cap (`health.mastery_rise`) by how few misses it had.
@Suite struct MasteryTests {
    /// A state on day one of a career, a game just finished with `misses` misses, the
    /// day's net already past the cap from plastic (so the mastery part shows at once).
    private func finished(misses: Int, seaLife: Int = 0, rules r: Rules = shippedRules) -> GameState {
        var sim = Simulation(rules: r, seed: 3)
        sim.step(TickInput(move: .none, command: .beginSession(CalendarDate(year: 2026, month: 3, day: 14), minuteOfDay: 600)))
        var s = sim.state
        s.career.gramsToday = r.career.dailyGoalGrams
        s.game.catches = 80
        s.game.misses = misses
        s.game.seaLifeHits = seaLife
        s.healthDayNet = 2_000
        s.health = HealthSystem.banded(s, r)
        return s
    }

    @Test func eachMissClosesAnEqualShareAndEnoughCloseItAll() {
        let r = shippedRules
        #expect(r.masteryRise > 0 && r.masteryMisses == 4)
        #expect((0...6).map { r.masteryPercent(mistakes: $0) } == [100, 75, 50, 25, 0, 0, 0])
        #expect(rules { $0.health.masteryRise = 0 }.masteryPercent(mistakes: 0) == 0)
    }

    @Test func aCleanGameLiftsTodaysCapAndHealthByTheMasteryPart() {
        let r = shippedRules
        var s = finished(misses: 0)
        let before = s.health
        var events: [Event] = []
        HealthSystem.mastered(&s, catches: s.game.catches, mistakes: s.game.misses + s.game.seaLifeHits, rules: r, events: &events)
        let part = r.masteryCap(dayStart: s.healthDayStart)
        #expect(part > 0 && s.masteryToday == 100)
        #expect(s.health == before + part)
        #expect(events.contains(.masteryHealed(percent: 100, extra: part)))
        #expect(events.contains(.healthChanged(from: before, to: s.health)))
    }

    @Test func theDayKeepsItsCleanestGameAndANewDayStartsAgain() {
        let r = shippedRules
        var s = finished(misses: 1)
        var events: [Event] = []
        HealthSystem.mastered(&s, catches: s.game.catches, mistakes: s.game.misses + s.game.seaLifeHits, rules: r, events: &events)
        #expect(s.masteryToday == 75)
        let after = s.health
        s.game.misses = 3
        events = []
        HealthSystem.mastered(&s, catches: s.game.catches, mistakes: s.game.misses + s.game.seaLifeHits, rules: r, events: &events)
        #expect(s.masteryToday == 75 && s.health == after && events.isEmpty)
        s.game.misses = 0
        s.game.seaLifeHits = 2
        HealthSystem.mastered(&s, catches: s.game.catches, mistakes: s.game.misses + s.game.seaLifeHits, rules: r, events: &events)
        #expect(s.masteryToday == 75, "sea life caught counts as a miss")

        var sim = Simulation(rules: r, state: s)
        sim.step(TickInput(move: .none, command: .beginSession(CalendarDate(year: 2026, month: 3, day: 15), minuteOfDay: 600)))
        #expect(sim.state.masteryToday == 0)
    }

    @Test func anAbandonedGameOpensNothing() {
        let r = shippedRules
        var sim = Simulation(rules: r, seed: 5)
        sim.step(TickInput(move: .none, command: .beginSession(CalendarDate(year: 2026, month: 3, day: 14), minuteOfDay: 600)))
        sim.step(TickInput(move: .none, command: .start(.classic)))
        for _ in 0..<600 { sim.step(TickInput(move: Player.catcher.move(sim.state, rules: r), command: .none)) }
        #expect(sim.state.game.catches > 0 && sim.state.game.misses == 0)
        sim.step(TickInput(move: .none, command: .abandon))
        #expect(sim.state.mode == .idle && sim.state.masteryToday == 0)
    }

    @Test func aWholeGameWithFewMissesOpensItsShareOnceAndOldRulesNone() {
        for (r, opens) in [(shippedRules, true), (rules { $0.health.masteryRise = 0 }, false)] {
            var sim = Simulation(rules: r, seed: 7)
            sim.step(TickInput(move: .none, command: .beginSession(CalendarDate(year: 2026, month: 3, day: 14), minuteOfDay: 600)))
            var healed: [Event] = []
            play(&sim, games: 1) { sim in healed += sim.events.filter { if case .masteryHealed = $0 { true } else { false } } }
            let mistakes = sim.state.game.misses + sim.state.game.seaLifeHits
            let percent = r.masteryPercent(mistakes: mistakes)
            #expect(sim.state.masteryToday == percent)
            #expect(healed.count == (opens && percent > 0 ? 1 : 0), "misses \(mistakes)")
        }
    }
}
