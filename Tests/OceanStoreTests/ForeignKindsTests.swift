import Testing
import OceanKernel
@testable import OceanStore
import TestSupport

/// Issue 49, a career outlives a mod: a career saved with a balance that adds a kind
/// opens with a balance that lacks it; the kind's figures are set aside as they are,
/// written back with every save, and found again, unconverted, by the mod.
@Suite struct ForeignKindsTests {
    /// The shipped balance with a seventh kind, a copy of the first under another key.
    private func modded() throws -> Rules {
        var b = try shippedBalance
        var cup = b.kinds[0]
        cup.key = "coffee_cup"
        b.kinds.append(cup)
        return Rules(b)
    }

    /// A career of one day that caught every kind of `rules`, the mod's too.
    private func career(_ rules: Rules) -> GameState {
        var sim = Simulation(rules: rules, seed: 3)
        sim.step(TickInput(command: .beginSession(CalendarDate(year: 2026, month: 3, day: 4), minuteOfDay: 600)))
        for k in 0..<rules.kindCount { sim.step(TickInput(command: .scan(ItemKind(rawValue: k)))) }
        return sim.state
    }

    @Test func theShippedGameOpensAModdedCareerAndSavesTheModsFiguresBack() throws {
        let mod = try modded(), shipped = try shippedRules
        let cup = mod.kindCount - 1
        let path = freshFolder("foreign-kinds") + "/profile"
        var said: [String] = []
        do {
            let store = try ProfileStore(path: path, rules: mod)
            store.say = { said.append($0) }
            try store.save(career(mod), plannedThrough: nil)
            store.release()
        }
        #expect(said.isEmpty, "a new career adds nothing to a file")
        let moddedState = try #require(try Profile.load(path: path, rules: mod))
        let cups = moddedState.career.kindCounts[cup], cupGrams = moddedState.career.kindGrams[cup]
        #expect(cups > 0 && cupGrams > 0)

        // Opened, played and saved by the shipped game.
        let store = try ProfileStore(path: path, rules: shipped)
        #expect(store.foreignKinds.keys == ["coffee_cup"] && store.foreignKinds.counts == [cups])
        var state = try #require(store.saved?.state)
        #expect(state.career.kindCounts.count <= shipped.kindCount)
        var sim = Simulation(rules: shipped, state: state)
        sim.step(TickInput(command: .scan(ItemKind(rawValue: 0))))
        state = sim.state
        try store.save(state, plannedThrough: nil)
        store.release()

        // The mod finds its cups as they were, and the bottle scanned since.
        let back = try #require(try Profile.load(path: path, rules: mod))
        #expect(back.career.kindCounts[cup] == cups && back.career.kindGrams[cup] == cupGrams)
        #expect(back.career.kindCounts[0] == moddedState.career.kindCounts[0] + 1)
        #expect(back.career.months.last?.kindCounts[cup] == moddedState.career.months.last?.kindCounts[cup])

        // A profile from the shipped game, saved by the mod with cups: said once.
        let plain = freshFolder("foreign-kinds-said") + "/profile"
        try Profile.save(career(shipped), kinds: shipped.kindKeys, cards: shipped.cardKeys, path: plain)
        let modStore = try ProfileStore(path: plain, rules: mod)
        var news: [String] = []
        modStore.say = { news.append($0) }
        try modStore.save(career(mod), plannedThrough: nil)
        try modStore.save(career(mod), plannedThrough: nil)
        modStore.release()
        #expect(news.count == 1 && news[0].contains("the career now counts coffee_cup, a kind this balance adds"), "\(news)")
    }
}
