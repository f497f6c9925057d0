import Testing
import OceanKernel
@testable import OceanDrivers
import TestSupport

/// Bots read landings from the flights they keep (`Commitment`, over `FlightPaths`);
/// every answer must be the forecast itself.
@Suite struct BotLandingTests {
    /// A greedy game and a human one, asked about every item above the rim each tick
    /// (the greedy bot's pace) or each 13th (a person's looks): a bot's answer is
    /// `Rules.landing`'s every time.
    @Test func aBotsLandingIsTheForecast() throws {
        let rules = try shippedRules
        for (bot, every) in [(BotKind.greedy, 1), (BotKind.human, 13)] {
            var sim = Simulation(rules: rules, seed: 21)
            var plan = GamePlan(bot: AnyBot(bot.make(seed: 21)), games: 2)
            var commitment = Commitment()
            var asked = 0
            while let input = plan.input(for: sim) {
                sim.step(input)
                guard sim.state.tick % every == 0 else { continue }
                for item in sim.state.items where item.y + rules.halfSize[item.kind.rawValue] < rules.rim {
                    let remembered = commitment.landing(item, Sky(sim.state, rules: rules), rules: rules)
                    let forecast = rules.landing(item, row: rules.row(sim.state))
                    #expect(remembered == forecast, "\(bot) tick \(sim.state.tick)")
                    asked += 1
                }
            }
            #expect(asked > 500, "\(bot)")
        }
    }

    /// The kernel's motion of a falling item: the landing of the item k ticks later is
    /// the same place, k ticks sooner.
    @Test func anAdvancedItemLandsInTheSamePlaceSooner() throws {
        let rules = try shippedRules
        var sim = Simulation(rules: rules, seed: 8)
        sim.step(TickInput(command: .start(.classic)))
        var checked = 0
        while checked < 200 && sim.state.tick < 20_000 {
            sim.step(.idle)
            for item in sim.state.items where item.y + rules.halfSize[item.kind.rawValue] < rules.rim {
                let l = rules.landing(item, row: rules.row(sim.state))
                for k in [1, 5, l.ticks / 2] where k >= 1 && k < l.ticks {
                    let later = rules.landing(rules.advanced(item, row: rules.row(sim.state), ticks: k), row: rules.row(sim.state))
                    #expect(later.ticks == l.ticks - k && later.x == l.x)
                }
                checked += 1
            }
        }
        #expect(checked >= 200)
    }
}
