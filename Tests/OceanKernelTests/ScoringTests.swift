import Testing
@testable import OceanKernel

@Suite struct ScoringTests {
    private func score(_ outcomes: [Outcome], rules r: Rules = shippedRules) -> (GameState, [Event]) {
        var s = GameState(rules: r, seed: 1)
        var events: [Event] = []
        var log = TickLog()
        log.outcomes = outcomes
        ScoringSystem.run(&s, log: log, rules: r, events: &events)
        return (s, events)
    }

    @Test func multiplierGrowsEveryComboStepUpToTheCap() {
        let r = shippedRules  // step 5, cap 5
        let catches = r.comboStep * (r.multiplierCap + 2)
        let (s, events) = score(Array(repeating: .caught(.aluminiumCan, x: 0), count: catches))
        var points: [Int] = []
        for case .caught(_, _, let combo, let p, _, _) in events {
            points.append(p)
            let expected = min(r.multiplierCap, 1 + (combo - 1) / r.comboStep)
            #expect(p == r.pointsPerCatch * expected)
        }
        #expect(points.count == catches)
        #expect(points.first == r.pointsPerCatch)
        #expect(points[r.comboStep - 1] == r.pointsPerCatch, "the last catch of the first step is still ×1")
        #expect(points[r.comboStep] == 2 * r.pointsPerCatch, "the next one is ×2")
        #expect(points.last == r.multiplierCap * r.pointsPerCatch, "capped")
        #expect(points.max() == r.multiplierCap * r.pointsPerCatch)
        #expect(s.game.combo == catches && s.game.bestCombo == catches)
        #expect(s.game.score == points.reduce(0, +))
        #expect(s.game.grams == 0, "cans are aluminium: no plastic")
    }

    @Test func aMissBreaksTheComboAndTheMultiplierStartsOver() {
        let r = shippedRules
        let run = Array(repeating: Outcome.caught(.plasticBottle, x: 0), count: 7)
        let (s, events) = score(run + [.missed(.glassBottle, x: 0), .caught(.plasticBottle, x: 0)])
        #expect(events.contains(.comboBroken(combo: 7)))
        #expect(events.last == .caught(kind: .plasticBottle, grams: r.grams[0], combo: 1, points: r.pointsPerCatch, multiplier: 1, x: 0))
        #expect(s.game.combo == 1)
        #expect(s.game.bestCombo == 7)
        #expect(s.game.misses == 1 && s.game.catches == 8)
        #expect(s.totals.bestCombo == 7)
    }

    @Test func aMissWithNoComboBreaksNothing() {
        let (_, events) = score([.missed(.cardboard, x: 0)])
        #expect(events == [.missed(kind: .cardboard, x: 0)])
    }

    @Test func perfectGameEarnsItsBonusAndAnEvent() throws {
        // Three slow items dropped one by one: the catcher catches them all.
        let r = rules { b in
            b.rounds.perGame = 1
            b.rounds.firstRoundItems = 3
            b.rounds.firstRoundGapMs = 3_000
        }
        var sim = Simulation(rules: r, seed: 5)
        var all: [Event] = []
        play(&sim, games: 1) { all += $0.events }
        #expect(all.contains(.perfectGame))
        let base = all.reduce(0) { if case .caught(_, _, _, let p, _, _) = $1 { $0 + p } else { $0 } }
        #expect(sim.state.totals.perfectGames == 1)
        #expect(sim.state.totals.score == base + r.perfectGameBonus)
        let summary = all.compactMap { if case .gameOver(let s) = $0 { s } else { nil } }
        #expect(summary == [GameSummary(game: 1, catches: 3, misses: 0, bestCombo: 3,
                                        score: base + r.perfectGameBonus, grams: sim.state.totals.grams, perfect: true,
                                        rounds: r.roundsPerGame)])
        // perfectGame comes right before gameOver, after the last round ended.
        let over = try #require(all.firstIndex { if case .gameOver = $0 { true } else { false } })
        #expect(all[over - 2] == .roundEnded(round: 1) && all[over - 1] == .perfectGame)
    }

    @Test func oneMissMeansNoPerfectGame() {
        let r = rules { b in
            b.rounds.perGame = 1
            b.rounds.firstRoundItems = 3
        }
        var sim = Simulation(rules: r, seed: 5)
        var all: [Event] = []
        play(&sim, games: 1, .idle) { all += $0.events }
        #expect(!all.contains(.perfectGame))
        #expect(sim.state.totals.perfectGames == 0)
        #expect(sim.state.totals.misses > 0)
    }

    @Test func aGameRunsItsRoundsInOrderWithRampingDifficulty() {
        let r = shippedRules
        var sim = Simulation(rules: r, seed: 2)
        var rounds: [Int] = []
        var spawned = 0, other = 0
        play(&sim, games: 1) { sim in
            for e in sim.events {
                if case .roundStarted(let n) = e { rounds.append(n) }
                if case .itemSpawned = e { spawned += 1 }
                // Sea life let pass or caught, power-ups taken or let go: neither catch nor miss.
                if case .passed = e { other += 1 }
                if case .seaLifeCaught = e { other += 1 }
                if case .powerUp = e { other += 1 }
            }
        }
        #expect(rounds == Array(1...r.roundsPerGame))
        #expect(spawned == r.roundItems[..<r.roundsPerGame].reduce(0, +))
        let classic = r.roundItems[..<r.roundsPerGame], gaps = r.roundGapTicks[..<r.roundsPerGame]
        #expect(classic == classic.sorted()[...] && classic.first! < classic.last!)
        #expect(gaps.first! > gaps.last!)
        #expect(r.fall[0].terminalSpeed < r.fall[(r.roundsPerGame - 1) * r.kindCount].terminalSpeed)
        #expect(sim.state.totals.catches + sim.state.totals.misses + other == spawned)
    }

    @Test func startingAGameWhileOneIsOnIsIgnored() {
        var sim = Simulation(rules: shippedRules, seed: 1)
        sim.step(TickInput(command: .start(.classic)))
        let before = sim.state
        sim.step(TickInput(command: .start(.classic)))
        #expect(sim.state.totals.games == before.totals.games)
        #expect(!sim.events.contains(.gameStarted(game: 2)))
    }
}
