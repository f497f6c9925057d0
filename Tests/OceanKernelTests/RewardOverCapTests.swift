import Testing
import KernelTestSupport
@testable import OceanKernel

/// A challenge's health reward on a day already healed in full (issue 48): with
/// `health.rewards_over_cap` it comes on top of the cap; before (0, older replays) the
/// cap swallowed it.
@Suite struct RewardOverCapTests {
    /// Day one of a career, today's plastic at the goal and the day's net far past the cap.
    private func healedInFull(_ r: Rules) -> GameState {
        var sim = Simulation(rules: r, seed: 3)
        sim.step(TickInput(move: .none, command: .beginSession(CalendarDate(year: 2026, month: 3, day: 14), minuteOfDay: 600)))
        var s = sim.state
        s.career.gramsToday = r.career.dailyGoalGrams
        s.healthDayNet = 5_000
        s.health = HealthSystem.banded(s, r)
        return s
    }

    private func rewarded(_ r: Rules) -> (before: GameState, after: GameState, events: [Event]) {
        let before = healedInFull(r)
        var s = before, log = TickLog(), events: [Event] = []
        ChallengeSystem.reward(grams: 0, health: 100, &s, log: &log, rules: r, events: &events)
        return (before, s, events)
    }

    @Test func aRewardComesOnTopOfADayHealedInFull() {
        let r = shippedRules
        #expect(r.rewardsOverCap)
        let (before, after, events) = rewarded(r)
        #expect(before.health == before.healthDayStart + r.fullRiseCap(dayStart: before.healthDayStart))
        #expect(after.health == before.health + 100 && after.rewardsToday == 100)
        #expect(events.contains(.healthChanged(from: before.health, to: after.health)))
        // A catch afterwards still cannot lift it past the raised cap.
        var more = after
        HealthSystem.gain(&more, r.healthPerCatch, r)
        #expect(more.health == after.health)
    }

    @Test func olderRulesKeepSwallowingIt() {
        let (before, after, events) = rewarded(rules { $0.health.rewardsOverCap = 0 })
        #expect(after.health == before.health && after.rewardsToday == 0 && events.isEmpty)
    }

    @Test func aNewDayStartsTheRewardsAgain() {
        var s = rewarded(shippedRules).after
        var sim = Simulation(rules: shippedRules, state: s)
        sim.step(TickInput(move: .none, command: .beginSession(CalendarDate(year: 2026, month: 3, day: 15), minuteOfDay: 600)))
        s = sim.state
        #expect(s.rewardsToday == 0)
    }
}
