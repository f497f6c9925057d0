import Testing
import OceanKernel
import OceanDrivers
import TestSupport

/// GAME_RULES §2, "mastery shows too", measured with the human bot and the shipped
/// rules (issue 48): above average, more skill still heals more, on day one and over
/// a career.
@Suite struct MasteryPacingTests {
    /// A career of `days` days for the human bot at `skill`, one game a day, a few scans,
    /// `skipPercent` of days skipped; `dayEnded` sees the state after each day.
    private func career(skill: Int, seed: UInt64, days: Int, skipPercent: Int,
                        dayEnded: (GameState, Int) -> Bool = { _, _ in false }) throws -> GameState {
        let rules = try shippedRulesWithChallenges
        var options = CareerPlan.Options()
        options.days = days
        options.skipPercent = skipPercent
        options.rightAnswerPercent = CareerPlan.rightAnswerPercent(skill: skill)
        let plan = CareerPlanOf(options: options, bots: [HumanBot(seed: seed, skill: skill)], seed: seed)
        struct Done: Error {}
        do throws(Done) {
            return try runCareer(rules: rules, state: GameState(rules: rules, seed: seed), plan: plan) {
                (state: GameState, day: Int) throws(Done) in if dayEnded(state, day) { throw Done() }
            }
        } catch {
            return GameState(rules: rules, seed: seed)
        }
    }

    @Test func oneGameOnDayOneHealsMoreAtEachSkillAboveAverage() throws {
        var mean: [Int: Double] = [:]
        for skill in [50, 80, 100] {
            var sum = 0
            for seed in 1...20 { sum += try career(skill: skill, seed: UInt64(seed), days: 1, skipPercent: 0).health }
            mean[skill] = Double(sum) / 20 / 100
        }
        let (h50, h80, h100) = (mean[50]!, mean[80]!, mean[100]!)
        // Each step at least half a point of health (the figure), over 20 seeds.
        #expect(h80 - h50 >= 0.5 && h100 - h80 >= 0.5, "day-1 health: h50 \(h50) %, h80 \(h80) %, h100 \(h100) %")
        #expect(h100 < 33, "one game moves health a few percent, however good (from 22.5 %)")
    }

    @Test func aSharpPlayerReachesThrivingAFifthSoonerThanAnAverageOne() throws {
        func meanDaysToThriving(skill: Int) throws -> Double {
            var total = 0
            for seed in 1...20 {
                var reached = 0
                _ = try career(skill: skill, seed: UInt64(100 + seed), days: 40, skipPercent: 15) { state, day in
                    // The first sea at Thriving (the next one opens then, and the bot may move there).
                    if state.phase == .thriving || state.seas.count > 1 { reached = day + 1 }
                    return reached > 0
                }
                #expect(reached > 0, "skill \(skill), seed \(100 + seed): Thriving within 40 days")
                total += reached
            }
            return Double(total) / 20
        }
        let average = try meanDaysToThriving(skill: 50), sharp = try meanDaysToThriving(skill: 80)
        #expect(sharp <= average * 0.8, "days to Thriving: skill 50 \(average), skill 80 \(sharp)")
        #expect(average >= 16 && average <= 26, "the typical player's Thriving stays about three weeks away: \(average)")
    }
}
