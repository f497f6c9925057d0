import KernelTestSupport
import OceanKernel
import Testing

/// GAME_RULES §1, tight controls: the bin answers at once and stops almost where it
/// is released.
@Suite struct ControlsTests {
    /// Holds right from rest at the left wall for `ticks`, then lets go; returns the
    /// speed after the push and how far the bin slid once released.
    func pushThenRelease(ticks: Int) -> (speed: Int, slide: Int, ticksToFull: Int?) {
        var sim = Simulation(rules: shippedRules, seed: 1)
        for _ in 0..<120 { sim.step(TickInput(move: .left)) }
        var full: Int?
        for t in 1...ticks {
            sim.step(TickInput(move: .right))
            if full == nil && sim.state.bin.vx == shippedRules.binMaxSpeed { full = t }
        }
        let speed = sim.state.bin.vx, released = sim.state.bin.x
        for _ in 0..<60 { sim.step(TickInput()) }
        #expect(sim.state.bin.vx == 0)
        return (speed, sim.state.bin.x - released, full)
    }

    @Test func fromRestFullSpeedWithinATenthOfASecond() {
        let run = pushThenRelease(ticks: 30)
        #expect(run.speed == shippedRules.binMaxSpeed)
        #expect((run.ticksToFull ?? 99) <= 6, "full speed after \(run.ticksToFull ?? -1) ticks")
    }

    @Test func releasedAtTopSpeedItStopsWithinEightPixels() {
        let run = pushThenRelease(ticks: 30)
        #expect(run.slide >= 0 && run.slide <= Fixed.px(8), "slid \(Double(run.slide) / Double(Fixed.one)) px")
    }

    /// The countdown: no item falls in the first three seconds of a game.
    @Test func aCountdownComesBeforeTheFirstItem() {
        var sim = Simulation(rules: shippedRules, seed: 2)
        sim.step(TickInput(command: .startGame))
        var firstItem: Int?
        for t in 1...600 where firstItem == nil {
            sim.step(.idle)
            if !sim.state.items.isEmpty { firstItem = t }
        }
        #expect((firstItem ?? 0) >= shippedRules.countdownTicks, "first item after \(firstItem ?? -1) ticks")
        #expect(shippedRules.countdownTicks == 3 * Fixed.ticksPerSecond)
    }
}
