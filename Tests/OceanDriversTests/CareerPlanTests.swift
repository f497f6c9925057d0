import Testing
import OceanKernel
import OceanDrivers
import TestSupport

/// Careers played by the drivers' plans: what the kernel's rules add up to over days.
@Suite struct CareerPlanTests {
    @Test func aCareerUnlocksAllTenEachOnce() throws {
        let gentle = try Rules(loadBalance("assets/tunings/gentle.toml"))
        var options = CareerPlan.Options()
        options.gamesPerDay = 2
        // Eco Scholar takes the longest: every card right on two days, each due.
        options.days = 60
        let plan = CareerPlanOf(options: options, bots: [GreedyBot()], seed: 7)
        var sim = Simulation(rules: gentle, seed: 7)
        var p = plan
        var unlocks: [Achievement] = []
        while let input = p.input(for: sim) {
            sim.step(input)
            for case .achievementUnlocked(let a) in sim.events { unlocks.append(a) }
        }
        #expect(Set(unlocks) == Set(Achievement.allCases))
        #expect(unlocks.count == 10)
    }
}
