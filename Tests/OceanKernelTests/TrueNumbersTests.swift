import Testing
@testable import OceanKernel
import KernelTestSupport

/// GAME_RULES §3, true numbers: an item's grams are its real mass, plastic counts
/// plastic kinds only, a scan is one real item, and only the first scans of a day
/// give progress.
@Suite struct TrueNumbersTests {
    let r = shippedRules

    /// One tick's outcomes through scoring and progress, on a career's first day.
    private func after(_ outcomes: [Outcome]) -> (GameState, [Event]) {
        var k = Career()
        k.day(2026, 5, 4)
        var s = k.sim.state
        var events: [Event] = []
        var log = TickLog()
        log.begin(TickLog.Figures(s), input: .idle)
        log.outcomes = outcomes
        ScoringSystem.run(&s, log: log, rules: r, events: &events)
        ProgressSystem.run(&s, log: &log, rules: r, events: &events)
        return (s, events)
    }

    @Test func theShippedMassesAreTheCitedOnes() {
        let grams = Dictionary(uniqueKeysWithValues: zip(r.kindKeys, r.grams))
        #expect(grams == ["plastic_bottle": 9, "aluminium_can": 13, "cardboard": 100, "glass_bottle": 195,
                          "plastic_bag": 8, "food_tray": 20,
                          // Sea life and power-ups are no trash: nothing diverted.
                          "flying_fish": 0, "sea_turtle": 0, "net": 0, "slack_tide": 0])
        #expect(r.kinds.filter { r.isPlastic[$0.rawValue] } == [.plasticBottle, .plasticBag, .foodTray])
    }

    @Test func aCaughtBottleAddsItsMassAsPlastic() {
        let (s, events) = after([.caught(.plasticBottle, x: 0)])
        #expect(s.totals.grams == 9 && s.game.grams == 9 && s.career.gramsToday == 9)
        #expect(s.career.kindGrams[ItemKind.plasticBottle.rawValue] == 9)
        #expect(events.contains { if case .caught(.plasticBottle, 9, _, _, _, _) = $0 { true } else { false } })
    }

    @Test func aCaughtCanAddsNothingToPlasticAndItsMassToItsKind() {
        let (s, events) = after([.caught(.aluminiumCan, x: 0)])
        #expect(s.totals.grams == 0 && s.game.grams == 0 && s.career.gramsToday == 0)
        #expect(s.career.kindGrams[ItemKind.aluminiumCan.rawValue] == 13 && s.career.kindCounts[ItemKind.aluminiumCan.rawValue] == 1)
        #expect(events.contains { if case .caught(.aluminiumCan, 13, _, _, _, _) = $0 { true } else { false } }, "the pop-up's true mass")
    }

    @Test func aScannedGlassBottleIsNeverPlastic() {
        var k = Career()
        k.day(2026, 5, 4)
        k.step(.scan(.glassBottle))
        #expect(k.state.totals.grams == 0 && k.c.gramsToday == 0)
        #expect(k.c.kindGrams[ItemKind.glassBottle.rawValue] == 195)
        #expect(k.take().contains(.scanned(kind: .glassBottle, grams: 195)))
        k.step(.scan(.plasticBag))
        #expect(k.state.totals.grams == 8, "a scanned bag adds its own mass")
    }

    @Test func theEleventhScanOfADayGivesNoProgressAndIsStillLogged() {
        var k = Career()
        k.day(2026, 5, 4)
        k.scans(r.career.scansPerDay)
        let counted = (k.state.totals.grams, k.state.totals.scans, k.state.health, k.c.kindCounts)
        #expect(counted.0 == 10 * 9 && counted.1 == 10)
        _ = k.take()
        k.scans(1)
        #expect(k.take() == [.scanLogged(kind: .plasticBottle, scansToday: 11)])
        #expect(k.state.totals.grams == counted.0 && k.state.totals.scans == counted.1 && k.state.health == counted.2)
        #expect(k.c.kindCounts == counted.3)
        #expect(k.state.scansToday == 11)
        // A new day counts again.
        k.day(2026, 5, 5)
        k.scans(1)
        #expect(k.state.totals.scans == 11 && k.state.scansToday == 1)
    }
}
