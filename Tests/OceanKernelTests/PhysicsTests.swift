import Testing
@testable import OceanKernel

/// An item that is already at its terminal speed, so its next step is exactly `term`.
private func fallingItem(_ r: Rules, kind: ItemKind = .plasticBottle, x: Int, bottom: Int) -> Item {
    let p = r.fall[kind.rawValue]
    return Item(x: x, y: bottom - p.halfSize, vx: 0, vy: p.terminalSpeed, ax: 0, kind: kind)
}

/// Rules whose items fall straight (no sway) so positions are exact, each caught by
/// its centre and none bouncing (`KindBehaviourTests` has the body rule and bounces).
private let straight = rules { b in
    for i in b.kinds.indices {
        b.kinds[i].swaySpeedPxPerS = 0
        b.kinds[i].catchBodyPercent = 0
        b.kinds[i].bouncePercent = 0
    }
}

@Suite struct PhysicsTests {
    /// The item loop's data stays packed: an item and a fall entry are 32 bytes each,
    /// so 10,000 items fit a core's L2 and the loop reads two fall entries per cache
    /// line (a field added or moved out of order grows either, and the stress bench
    /// slows without a test saying why).
    @Test func anItemAndAFallEntryAre32Bytes() {
        #expect(MemoryLayout<Item>.stride == 32)
        #expect(MemoryLayout<FallParams>.stride == 32)
    }

    @Test func catchExactlyAtTheRim() {
        let r = straight
        let term = Int(r.fall[0].terminalSpeed)
        let x = r.width / 2
        var sim = playing(r, items: [fallingItem(r, x: x, bottom: r.rim - term)], binX: x)
        sim.step(.idle)
        #expect(sim.events.contains(.caught(kind: .plasticBottle, grams: r.grams[0], combo: 1, points: r.pointsPerCatch,
                                            multiplier: 1, x: x)), "the catch says where it was judged: \(sim.events)")
        #expect(sim.state.items.isEmpty)
    }

    @Test func oneUnitAboveTheRimIsNotYetACatch() {
        let r = straight
        let term = Int(r.fall[0].terminalSpeed)
        let x = r.width / 2
        var sim = playing(r, items: [fallingItem(r, x: x, bottom: r.rim - term - 1)], binX: x)
        sim.step(.idle)
        #expect(sim.state.items.count == 1)
        sim.step(.idle)
        #expect(sim.state.items.isEmpty)
        #expect(sim.events.contains { if case .caught = $0 { true } else { false } })
    }

    @Test func theMouthEdgeIsInsideAndOneUnitBeyondIsOutside() {
        let r = straight
        let term = Int(r.fall[0].terminalSpeed)
        let binX = r.width / 2
        var edge = playing(r, items: [fallingItem(r, x: binX + r.binHalfWidth, bottom: r.rim - 1)], binX: binX)
        edge.step(.idle)
        #expect(edge.state.game.catches == 1)
        var beyond = playing(r, items: [fallingItem(r, x: binX + r.binHalfWidth + 1, bottom: r.rim - 1)], binX: binX)
        beyond.step(.idle)
        #expect(beyond.state.game.catches == 0)
        #expect(beyond.state.items.count == 1)
        _ = term
    }

    @Test func missExactlyAtTheWaterLine() {
        let r = straight
        let term = Int(r.fall[0].terminalSpeed)
        // Well away from the bin, one tick above the water.
        let x = r.width - r.halfSize[0]
        var sim = playing(r, items: [fallingItem(r, x: x, bottom: r.waterLine - term - 1)], binX: r.binHalfWidth)
        sim.step(.idle)
        #expect(sim.state.items.count == 1, "one unit short of the water is still falling")
        sim.step(.idle)
        #expect(sim.events.contains(.missed(kind: .plasticBottle, x: x)))
        #expect(sim.state.items.isEmpty)

        var exact = playing(r, items: [fallingItem(r, x: x, bottom: r.waterLine - term)], binX: r.binHalfWidth)
        exact.step(.idle)
        #expect(exact.events.contains(.missed(kind: .plasticBottle, x: x)), "reaching the water line exactly is a miss")
    }

    @Test func noTunnellingAtTheTopSpeed() {
        // The fastest item the balance allows, in the fastest round: it moves much
        // farther in one tick than the bin's rim is thick (zero) and than its own size.
        let r = rules { b in
            for i in b.kinds.indices {
                b.kinds[i].swaySpeedPxPerS = 0
                b.kinds[i].terminalSpeedPxPerS = 3_000
                b.kinds[i].fallPercent = 500
            }
            b.rounds.maxSpeedPercent = 1_000
            b.rounds.speedPercentAddedPerRound = 500
            b.rounds.perGame = 3
        }
        let lastRound = r.roundsPerGame - 1
        let p = r.fall[lastRound * r.kindCount]
        #expect(Int(p.terminalSpeed) > 100 * Fixed.one, "top speed is over 100 px per tick")
        for offset in stride(from: 1, to: Int(p.terminalSpeed), by: Int(p.terminalSpeed) / 97) {
            let x = r.width / 2
            var sim = playing(r, items: [Item(x: x, y: r.rim - offset - p.halfSize, vx: 0, vy: p.terminalSpeed,
                                              ax: 0, kind: .plasticBottle)], binX: x)
            sim.state.round = r.roundsPerGame
            sim.state.roundSpawned = r.roundItems[lastRound]
            sim.step(.idle)
            #expect(sim.state.game.catches == 1, "an item \(offset) units above the rim went through the bin")
        }
    }

    @Test func theSweepCatchesAnItemTheBinPassesUnderMidTick() {
        // The bin races right under an item that crosses the rim halfway through the
        // tick. At the end of the tick the bin is past the item, but at the instant
        // of the crossing it was right under it.
        let r = straight
        let term = Int(r.fall[0].terminalSpeed)
        let itemX = r.width / 2
        let binFrom = itemX - r.binMaxSpeed / 2
        var sim = playing(r, items: [fallingItem(r, x: itemX, bottom: r.rim - term / 2)],
                          binX: binFrom, binVX: r.binMaxSpeed)
        let sampledAtEnd = abs(itemX - (binFrom + r.binMaxSpeed))
        #expect(sampledAtEnd > 0)
        sim.step(TickInput(move: .right))
        #expect(sim.state.game.catches == 1)
    }

    @Test func binAcceleratesToItsTopSpeedAndFrictionStopsIt() {
        let r = shippedRules
        var sim = Simulation(rules: r, seed: 1)
        let x0 = sim.state.bin.x
        sim.step(TickInput(move: .right))
        #expect(sim.state.bin.vx == r.binAccel)
        #expect(sim.state.bin.x == x0 + r.binAccel)
        // Fresh start: reach top speed, then let go and coast to rest by friction.
        sim = Simulation(rules: r, seed: 1)
        sim.state.bin.x = r.binHalfWidth + 1
        var speeds: [Int] = []
        for _ in 0..<(r.binMaxSpeed / r.binAccel + 2) {
            sim.step(TickInput(move: .right))
            speeds.append(sim.state.bin.vx)
        }
        #expect(speeds.last == r.binMaxSpeed)
        #expect(speeds == speeds.sorted())
        var previous = sim.state.bin.vx
        while sim.state.bin.vx > 0 {
            sim.step(.idle)
            #expect(sim.state.bin.vx == max(0, previous - r.binFriction))
            previous = sim.state.bin.vx
        }
        #expect(sim.state.bin.vx == 0, "friction stops the bin without pushing it back")
    }

    @Test func binStopsDeadAtBothWalls() {
        let r = shippedRules
        var sim = Simulation(rules: r, seed: 1)
        for _ in 0..<600 { sim.step(TickInput(move: .left)) }
        #expect(sim.state.bin == BinState(x: r.binHalfWidth, vx: 0))
        for _ in 0..<600 { sim.step(TickInput(move: .right)) }
        #expect(sim.state.bin == BinState(x: r.width - r.binHalfWidth, vx: 0))
        // Hitting the wall at full speed: stopped that very tick.
        sim.state.bin = BinState(x: r.width - r.binHalfWidth - 1, vx: r.binMaxSpeed)
        sim.step(TickInput(move: .right))
        #expect(sim.state.bin == BinState(x: r.width - r.binHalfWidth, vx: 0))
    }

    @Test func itemsSwayButStayInsideTheWalls() {
        let r = shippedRules
        var sim = Simulation(rules: r, seed: 9)
        sim.step(TickInput(command: .start(.classic)))
        var swayed = false
        for _ in 0..<3_000 {
            sim.step(.idle)
            for it in sim.state.items {
                let half = r.halfSize[it.kind.rawValue]
                #expect(it.x >= half && it.x <= r.width - half)
                #expect(it.vy <= r.fall[(sim.state.round - 1) * r.kindCount + it.kind.rawValue].terminalSpeed)
                if it.vx != 0 { swayed = true }
            }
        }
        #expect(swayed)
    }
}
