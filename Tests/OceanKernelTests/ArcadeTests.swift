import KernelTestSupport
import OceanKernel
import Testing

/// Arcade mode: rounds keep coming, faster and denser up to the caps; a budget of
/// misses ends the game; a perfect round gives misses back; the cap clears it.
@Suite struct ArcadeTests {
    /// Plays one arcade game with `player` to its end; the summary and the events.
    func arcade(_ rules: Rules, _ player: Player, seed: UInt64 = 3) -> (GameSummary, [Event], GameState) {
        var sim = Simulation(rules: rules, seed: seed)
        var all: [Event] = []
        sim.step(TickInput(command: .start(.arcade)))
        all += sim.events
        while sim.state.mode != .idle {
            sim.step(TickInput(move: player.move(sim.state, rules: sim.rules)))
            all += sim.events
        }
        let summary = all.compactMap { if case .gameOver(let s) = $0 { s } else { nil } }.last!
        return (summary, all, sim.state)
    }

    @Test func theMissBudgetEndsTheGameAndWhatStillFallsIsClearedNotMissed() {
        let r = shippedRules
        let (summary, events, state) = arcade(r, .idle)
        #expect(summary.mode == .arcade)
        #expect(summary.misses == r.arcadeMissBudget, "the budget's last miss ends it")
        #expect(!summary.cleared && !summary.perfect && !summary.abandoned)
        #expect(events.filter { if case .missed = $0 { true } else { false } }.count == r.arcadeMissBudget)
        #expect(state.items.isEmpty && state.missesLeft == 0 && state.playMode == .arcade)
        #expect(state.validate(rules: r).isEmpty, "\(state.validate(rules: r))")
    }

    @Test func aPerfectRoundGivesAMissBack() {
        let r = shippedRules
        var sim = Simulation(rules: r, seed: 1)
        sim.step(TickInput(command: .start(.arcade)))
        // Round 2, everything spawned and caught, one miss spent earlier in the game.
        sim.state.round = 2
        sim.state.roundSpawned = r.roundItems[r.row(round: 2, arcade: true)]
        sim.state.items = []
        sim.state.game.misses = 1
        sim.state.roundStartMisses = 1
        sim.state.missesLeft = r.arcadeMissBudget - 1
        sim.step(.idle)
        #expect(sim.events.contains(.missRefunded(missesLeft: r.arcadeMissBudget)))
        #expect(sim.state.missesLeft == r.arcadeMissBudget)
        #expect(sim.events.contains(.roundEnded(round: 2)))
        // A round with a miss gives nothing back.
        sim.state.mode = .playing
        sim.state.round = 3
        sim.state.roundSpawned = r.roundItems[r.row(round: 3, arcade: true)]
        sim.state.game.misses = 2
        sim.state.missesLeft = r.arcadeMissBudget - 1
        sim.state.roundStartMisses = 1
        sim.step(.idle)
        #expect(!sim.events.contains { if case .missRefunded = $0 { true } else { false } })
        #expect(sim.state.missesLeft == r.arcadeMissBudget - 1)
    }

    @Test func finishingTheCapRoundClearsTheGame() {
        let r = rules { $0.arcade.roundCap = 2; $0.arcade.missBudget = 100; $0.arcade.perfectRoundRefund = 1 }
        let (summary, events, _) = arcade(r, .catcher)
        #expect(summary.rounds == 2)
        #expect(summary.cleared, "\(summary)")
        #expect(events.contains(.roundEnded(round: 2)))
        #expect(summary.perfect == (summary.misses == 0))
    }

    @Test func roundsGetFasterAndDenserUpToTheArcadeCaps() {
        let r = shippedRules
        let a = shippedBalance.arcade
        let b = shippedBalance.rounds
        var lastItems = 0, lastGap = Int.max, lastSpeed = 0
        // The round that reaches the items' cap; past it, each spawns late_items_per_round more.
        let capped = (a.maxRoundItems - b.firstRoundItems + b.itemsAddedPerRound - 1) / b.itemsAddedPerRound
        for round in 1...r.arcadeRoundCap {
            let row = r.row(round: round, arcade: true)
            let speed = Int(r.fall[row * r.kindCount].terminalSpeed)
            let most = round - 1 <= capped ? a.maxRoundItems : a.maxRoundItems + a.lateItemsPerRound * (round - 1 - capped)
            #expect(r.roundItems[row] >= lastItems && r.roundItems[row] <= most, "round \(round): \(r.roundItems[row]) items")
            if round > 1 && round - 1 > capped { #expect(r.roundItems[row] == lastItems + a.lateItemsPerRound) }
            #expect(r.roundGapTicks[row] <= lastGap && r.roundGapTicks[row] >= Fixed.ticks(ms: a.minGapMs))
            #expect(speed >= lastSpeed)
            (lastItems, lastGap, lastSpeed) = (r.roundItems[row], r.roundGapTicks[row], speed)
        }
        // The caps are reached, and a classic game's rounds keep their own tempo.
        let last = r.row(round: r.arcadeRoundCap, arcade: true)
        #expect(a.lateItemsPerRound > 0 && r.roundItems[last] == a.maxRoundItems + a.lateItemsPerRound * (r.arcadeRoundCap - 1 - capped))
        #expect(r.roundGapTicks[last] == Fixed.ticks(ms: a.minGapMs))
        #expect(r.row(round: 3, arcade: false) == 2)
        #expect(Rules(shippedBalance).roundItems[0..<r.roundsPerGame] == r.roundItems[0..<r.roundsPerGame])
    }

    @Test func anArcadeStateRoundTripsThroughTheEncodingAndOlderVersionsLeaveItOut() throws {
        var sim = Simulation(rules: shippedRules, seed: 9)
        sim.step(TickInput(command: .start(.arcade)))
        for _ in 0..<400 { sim.step(.idle) }
        let s = sim.state
        #expect(s.playMode == .arcade && s.missesLeft > 0)
        let back = try StateEncoding.decode(StateEncoding.encode(s))
        #expect(back.playMode == .arcade && back.missesLeft == s.missesLeft && back.roundStartMisses == s.roundStartMisses)
        #expect(StateHashes(back).full == StateHashes(s).full)
        #expect(StateEncoding.encode(s, version: 7).count + 3 * 8 == StateEncoding.encode(s, version: 8).count)
        // Encoding 9 adds the tempo step and the powers (4 words), each item's bounce and sea life caught.
        #expect(StateEncoding.encode(s, version: 8).count + (5 + s.items.count) * 8 == StateEncoding.encode(s, version: 9).count)
        // Encoding 10 adds the seas: which one is played, and how many are open (none here).
        #expect(StateEncoding.encode(s, version: 9).count + (2 + 6 * s.seas.count) * 8 == StateEncoding.encode(s, version: 10).count)
        // Encoding 11 adds the career's count of studies; 12 the day's mastery share and
        // rewards; 13 the day whose Daily Ocean run the career counted.
        #expect(StateEncoding.encode(s, version: 10).count + 8 == StateEncoding.encode(s, version: 11).count)
        #expect(StateEncoding.encode(s, version: 11).count + 2 * 8 == StateEncoding.encode(s, version: 12).count)
        #expect(StateEncoding.encode(s, version: 12).count + 8 == StateEncoding.encode(s).count)
    }

    @Test func validationKnowsTheArcadesRounds() {
        var sim = Simulation(rules: shippedRules, seed: 2)
        sim.step(TickInput(command: .start(.arcade)))
        var s = sim.state
        s.round = shippedRules.arcadeRoundCap
        s.roundSpawned = 0
        s.spawnTimer = 1
        #expect(s.validate(rules: shippedRules).isEmpty, "an arcade game may be past a classic game's last round")
        s.playMode = .classic
        #expect(!s.validate(rules: shippedRules).isEmpty, "a classic game is not")
        var idle = GameState(rules: shippedRules, seed: 1)
        idle.missesLeft = 2
        #expect(!idle.validate(rules: shippedRules).isEmpty, "no misses are left between games")
    }
}
