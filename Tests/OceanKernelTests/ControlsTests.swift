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
        sim.step(TickInput(command: .start(.classic)))
        var firstItem: Int?
        for t in 1...600 where firstItem == nil {
            sim.step(.idle)
            if !sim.state.items.isEmpty { firstItem = t }
        }
        #expect((firstItem ?? 0) >= shippedRules.countdownTicks, "first item after \(firstItem ?? -1) ticks")
        #expect(shippedRules.countdownTicks == 3 * Fixed.ticksPerSecond)
    }

    /// The pointer places the bin: straight to it at top speed, at rest on it, and
    /// held against a wall when it points beyond one.
    @Test func aHeldPointerPlacesTheBinWithoutGlide() {
        var sim = Simulation(rules: shippedRules, seed: 3)
        let from = sim.state.bin.x
        let target = from + Fixed.px(150)
        var ticks = 0
        while sim.state.bin.x != target && ticks < 600 {
            sim.step(TickInput(pointer: target))
            ticks += 1
            #expect(sim.state.bin.vx <= shippedRules.binMaxSpeed)
        }
        #expect(sim.state.bin.x == target)
        #expect(sim.state.bin.vx == 0, "at rest on the pointer")
        let least = (Fixed.px(150) + shippedRules.binMaxSpeed - 1) / shippedRules.binMaxSpeed
        #expect(ticks == least, "\(ticks) ticks, the top speed allows \(least)")
        sim.step(TickInput())
        #expect(sim.state.bin.x == target, "let go on the spot: no glide")
        for _ in 0..<600 { sim.step(TickInput(pointer: -Fixed.px(5_000))) }
        #expect(sim.state.bin.x == shippedRules.binHalfWidth)
    }

    /// Leaving mid-game ends it as abandoned: catches kept, never perfect, the
    /// falling items cleared rather than missed.
    @Test func abandoningEndsTheGameOnThatTick() {
        var sim = Simulation(rules: shippedRules, seed: 4)
        sim.step(TickInput(command: .abandon))
        #expect(sim.events.isEmpty, "nothing to abandon before a game")
        sim.step(TickInput(command: .start(.classic)))
        var t = 0
        while sim.state.items.isEmpty && t < 1_000 { sim.step(.idle); t += 1 }
        #expect(!sim.state.items.isEmpty)
        sim.step(TickInput(command: .abandon))
        let over = sim.events.compactMap { event -> GameSummary? in
            if case .gameOver(let summary) = event { return summary } else { return nil }
        }
        #expect(over.count == 1)
        #expect(over.first?.abandoned == true)
        #expect(over.first?.perfect == false, "no misses yet, still not perfect")
        #expect(sim.state.mode == .idle)
        #expect(sim.state.items.isEmpty)
        #expect(sim.state.totals.perfectGames == 0)
        #expect(!sim.events.contains { if case .missed = $0 { true } else { false } })
    }
}
