import Testing
import OceanKernel
import OceanDrivers
import TestSupport

/// A schedule of one kind of bot is played with the bot as its own type, a mixed one
/// through `AnyBot`: the same bot either way, so the same game. Each kind's first game
/// alone (`k`) and first in a mixed schedule (`k,idle`) end in the same state, in
/// both modes, the human's randomness included.
@Suite struct BotDispatchTests {
    @Test(arguments: BotKind.allCases, [PlayMode.classic, .arcade])
    func aBotPlaysTheSameGameAsItsOwnTypeAndThroughAnyBot(kind: BotKind, mode: PlayMode) throws {
        let rules = try shippedRules
        let alone = runGames(rules: rules, seed: 9, schedule: BotSchedule(kind.rawValue)!, games: 1, skill: 60, mode: mode)
        let mixed = runGames(rules: rules, seed: 9, schedule: BotSchedule("\(kind.rawValue),idle")!, games: 1, skill: 60, mode: mode)
        #expect(alone.hashes == mixed.hashes, "\(kind), \(mode)")
        #expect(alone.ticks == mixed.ticks && alone.ticks > 300)
    }
}
