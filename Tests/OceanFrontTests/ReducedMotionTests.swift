import OceanAssets
@testable import OceanFront
import OceanKernel
import Testing
import TestSupport

/// Reduced motion (issue 32, "Access for every player"; WCAG 2.3.3): the motion
/// tokens at zero. A catch then bursts no particles and its words do not float up
/// (the bin's squash is at 0 %); the same catch with full motion does both.
@Suite struct ReducedMotionTests {
    /// After a catch: the particles alive, and how far the catch's words rose between
    /// two moments.
    private func afterACatch(reduced: Bool) throws -> (particles: Int, rise: Int) {
        var assets = try defaultAssets
        if reduced { assets.theme = assets.theme.reducingMotion() }
        let rules = try shippedRules
        var sim = Simulation(rules: rules, seed: 1)
        sim.step(TickInput(command: .start(.classic)))
        let view = try GameView(assets: assets, rules: rules, seed: 7)
        let log = TextBoxLog()
        view.textLog = log
        view.observe(sim.state, events: [])
        var state = sim.state
        state.tick += 1
        view.observe(state, events: [.caught(kind: .plasticBottle, grams: 9, combo: 1, points: 10, multiplier: 1, x: rules.width / 2)])
        let particles = view.particles.particles.filter(\.alive).count
        func wordsY(_ ticks: Int) -> Int? {
            var s = state
            s.tick += ticks
            log.clear()
            var fb = Framebuffer(width: GameView.width, height: GameView.height)
            view.render(s, fraction: 1, into: &fb)
            return log.boxes.first { $0.text == "9" }?.y
        }
        let early = try #require(wordsY(1)), late = try #require(wordsY(12))
        return (particles, early - late)
    }

    @Test func aCatchMovesNothingExtraWithReducedMotion() throws {
        let full = try afterACatch(reduced: false), still = try afterACatch(reduced: true)
        #expect(full.particles > 0 && full.rise > 0, "\(full)")
        #expect(still.particles == 0 && still.rise == 0, "\(still)")
        #expect(try defaultAssets.theme.reducingMotion().squashPercent == 0 && !(try defaultAssets.theme.reducedMotion))
    }
}
