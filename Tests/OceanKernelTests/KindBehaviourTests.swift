import KernelTestSupport
import OceanKernel
import Testing

/// GAME_RULES §1, kinds play differently: their fall, sway, size, bounce and catch
/// rule are data; sea life is let pass; power-ups change the game for a while.
@Suite struct KindBehaviourTests {
    let r = shippedRules

    /// The widest sideways travel of an item of `kind` over its fall in round `round`.
    func sway(_ kind: ItemKind, round: Int) -> Int {
        let row = r.row(round: round, arcade: false)
        var it = Item(x: r.width / 2, y: -r.halfSize[kind.rawValue], vx: 0, vy: 0, ax: Int32(r.swayAccel[kind.rawValue]), kind: kind)
        let x0 = it.x
        var widest = 0
        for _ in 0..<10_000 where it.y < r.rim {
            it = r.advanced(it, row: row, ticks: 1)
            widest = max(widest, abs(it.x - x0))
        }
        return widest
    }

    @Test func aBagSwaysMoreThanAGlassBottleWhichFallsFaster() {
        #expect(sway(.plasticBag, round: 2) > 4 * max(1, sway(.glassBottle, round: 2)))
        #expect(sway(.glassBottle, round: 2) == 0, "glass falls straight")
        let bag = r.landing(Item(x: r.width / 2, y: 0, vx: 0, vy: 0, ax: 0, kind: .plasticBag), row: 1).ticks
        let glass = r.landing(Item(x: r.width / 2, y: 0, vx: 0, vy: 0, ax: 0, kind: .glassBottle), row: 1).ticks
        #expect(glass * 2 < bag, "glass lands in \(glass) ticks, a bag in \(bag)")
    }

    /// An item about to meet the rim `off` to the right of the bin's centre.
    func landing(_ kind: ItemKind, off: Int) -> Simulation {
        let half = r.halfSize[kind.rawValue]
        return playing(r, items: [Item(x: r.width / 2 + off, y: r.rim - half - 1, vx: 0, vy: 300, ax: 0, kind: kind)],
                       binX: r.width / 2)
    }

    @Test func wideCardboardIsCaughtByItsEdgeASmallCanOnlyByItsCentre() {
        // Past the mouth's edge by a third of the cardboard's half-width: its body is over the mouth.
        let off = r.binHalfWidth + r.halfSize[ItemKind.cardboard.rawValue] / 3
        var card = landing(.cardboard, off: off)
        card.step(TickInput())
        #expect(card.state.game.catches == 1)
        var can = landing(.aluminiumCan, off: r.binHalfWidth + r.halfSize[ItemKind.aluminiumCan.rawValue] / 2)
        can.step(TickInput())
        #expect(can.state.game.catches == 0)
        #expect(can.events.contains { if case .bounced(.aluminiumCan, _) = $0 { true } else { false } }, "a can on the rim bounces")
    }

    @Test func aCanBouncesOnceThenFallsPast() {
        var sim = landing(.aluminiumCan, off: r.binHalfWidth + r.halfSize[ItemKind.aluminiumCan.rawValue] / 2)
        var bounces = 0
        // The bin moves away: the can falls on the rim, up, and down past the bin.
        for _ in 0..<600 where sim.state.items.count > 0 {
            sim.step(TickInput(move: .left))
            bounces += sim.events.filter { if case .bounced = $0 { true } else { false } }.count
            if bounces == 1, let it = sim.state.items.first { #expect(it.bounced == 1) }
        }
        #expect(bounces == 1 && sim.state.game.misses == 1)
    }

    @Test func seaLifeCaughtBreaksTheComboAndCostsHealthButIsNoMiss() {
        var sim = landing(.flyingFish, off: 0)
        sim.state.game.combo = 7
        let health = sim.state.health
        sim.step(TickInput())
        #expect(sim.state.game.seaLifeHits == 1 && sim.state.game.catches == 0 && sim.state.game.misses == 0)
        #expect(sim.state.game.combo == 0 && sim.state.health == health - r.healthPerSeaLife)
        #expect(sim.events.contains { if case .seaLifeCaught(.flyingFish, _) = $0 { true } else { false } })
    }

    @Test func seaLifeLeapsOutOfTheWaterAndIsLetPass() {
        var sim = playing(r, items: [], binX: r.binHalfWidth)
        sim.state.roundSpawned = 0
        sim.state.spawnTimer = 0
        // Spawn until a fish appears; it rises from the water line.
        var fish: Item?
        for _ in 0..<20_000 where fish == nil {
            sim.step(TickInput())
            fish = sim.state.items.first { r.isSeaLife[$0.kind.rawValue] }
        }
        guard let fish else { Issue.record("no sea life spawned"); return }
        #expect(fish.vy < 0 && fish.y > r.rim, "it leaps up from below the rim")
        let passed = sim.state.game.misses
        var letPass = false
        for _ in 0..<2_000 where !letPass {
            sim.step(TickInput())
            letPass = sim.events.contains { if case .passed(let k, _) = $0 { r.isSeaLife[k.rawValue] } else { false } }
        }
        #expect(letPass)
        _ = passed
    }

    @Test func aNetWidensTheMouthForItsTime() {
        var sim = landing(.net, off: 0)
        sim.step(TickInput())
        #expect(sim.state.netTicksLeft == r.netTicks)
        #expect(sim.events.contains { if case .powerUp(_, .net, _) = $0 { true } else { false } })
        // A can past the normal mouth, inside the net's.
        let half = r.halfSize[ItemKind.aluminiumCan.rawValue]
        sim.state.items = [Item(x: r.width / 2 + (r.binHalfWidth + r.netHalfWidth) / 2, y: r.rim - half - 1, vx: 0, vy: 300, ax: 0,
                                kind: .aluminiumCan)]
        sim.step(TickInput())
        #expect(sim.state.game.catches == 1, "the can (a power-up scores but is no catch)")
        for _ in 0..<r.netTicks { sim.step(TickInput()) }
        #expect(sim.state.netTicksLeft == 0)
    }

    @Test func aSlackTideHoldsItemsStillOnSomeTicks() {
        var sim = landing(.slackTide, off: 0)
        sim.step(TickInput())
        #expect(sim.state.tideTicksLeft == r.tideTicks)
        let y0 = -100 * Fixed.one
        sim.state.items = [Item(x: r.width / 2, y: y0, vx: 0, vy: 0, ax: 0, kind: .glassBottle)]
        var moved = 0
        for _ in 0..<60 {
            let y = sim.state.items[0].y
            sim.step(TickInput())
            if sim.state.items[0].y != y { moved += 1 }
        }
        #expect(moved == 60 * r.tideSpeedPercent / 100, "moved on \(moved) of 60 ticks")
    }

    @Test func theClassicTempoFollowsTheLevelWhileRoundOneStillTeaches() {
        #expect(r.tempoStep(forLevel: 1) == 0 && r.tempoStep(forLevel: 40) > r.tempoStep(forLevel: 10))
        let step = r.tempoStep(forLevel: 40)
        let day1 = r.row(round: 3, arcade: false), later = r.row(round: 3, arcade: false, step: step)
        #expect(r.fall[later * r.kindCount].terminalSpeed > r.fall[day1 * r.kindCount].terminalSpeed)
        #expect(r.roundGapTicks[later] < r.roundGapTicks[day1])
        let first = r.row(round: 1, arcade: false), firstLater = r.row(round: 1, arcade: false, step: step)
        #expect(r.fall[firstLater * r.kindCount].terminalSpeed == r.fall[first * r.kindCount].terminalSpeed)
        #expect(r.roundGapTicks[firstLater] == r.roundGapTicks[first])
        // A level-40 player's classic game plays at that step; an arcade game never does.
        var sim = Simulation(rules: r, seed: 3)
        sim.state.career.level = 40
        sim.step(TickInput(command: .start(.classic)))
        #expect(sim.state.tempoStep == step)
        sim.step(TickInput(command: .abandon))
        sim.step(TickInput(command: .start(.arcade)))
        #expect(sim.state.tempoStep == 0)
    }
}
