@testable import OceanAssets
@testable import OceanFront
import OceanKernel
import Testing
import TestSupport

/// "+N g" popups over catches: they never print one over another.
@Suite struct PopupTests {
    @Test func catchesAFewTicksApartStackTheirPopups() throws {
        var state = try scene(.thriving).state
        state.items = []  // every popup then starts over the bin: the worst case
        let view = try GameView(assets: defaultAssets, rules: shippedRules, seed: 7)
        view.observe(state, events: [])
        let catches: [(ticksLater: Int, grams: [Int])] = [(1, [3]), (4, [29]), (3, [5]), (1, [12, 7])]
        for (later, grams) in catches {
            state.tick += later
            view.observe(state, events: grams.map { .caught(kind: .cardboard, grams: $0, combo: 1, points: 10, multiplier: 1, x: shippedMiddleX) })
        }
        let live = view.popups.effects.filter(\.alive)
        #expect(live.count == 5)
        let line = try defaultAssets.font.cellHeight * defaultAssets.theme.fontScale
        var tightest = Int.max
        for t in state.tick..<(state.tick + 40) {
            for fraction in [0.0, 0.5, 0.99] {
                let tops = live.map { view.popupTop($0, tick: t, fraction: fraction) }.sorted()
                for i in 1..<tops.count { tightest = min(tightest, tops[i] - tops[i - 1]) }
            }
        }
        #expect(tightest >= line, "two popups only \(tightest) px apart: one is printed over another")
    }

    @Test func aLonePopupStartsJustAboveTheBinsHop() throws {
        var state = try scene(.thriving).state
        state.items = []
        let view = try GameView(assets: defaultAssets, rules: shippedRules, seed: 7)
        view.observe(state, events: [])
        state.tick += 1
        view.observe(state, events: [.caught(kind: .cardboard, grams: 6, combo: 1, points: 10, multiplier: 1, x: shippedMiddleX)])
        let popup = try #require(view.popups.effects.first { $0.alive })
        // Its foot where the bin's hop reaches, so the two never overlap.
        #expect(popup.y == view.binTop - view.assets.theme.bouncePx)
    }

    @Test func aCatchThatIsNotPlasticPopsUpItsPointsNotZeroGrams() throws {
        var state = try scene(.thriving).state
        state.items = []
        let view = try GameView(assets: defaultAssets, rules: shippedRules, seed: 7)
        view.observe(state, events: [])
        state.tick += 1
        view.observe(state, events: [.caught(kind: .aluminiumCan, grams: 0, combo: 3, points: 20, multiplier: 1, x: shippedMiddleX),
                                     .caught(kind: .plasticBag, grams: 1, combo: 4, points: 20, multiplier: 1, x: shippedMiddleX)])
        let live = view.popups.effects.filter(\.alive).sorted { $0.inGrams && !$1.inGrams }
        #expect(live.map(\.value) == [1, 20] && live.map(\.inGrams) == [true, false])
    }
}
