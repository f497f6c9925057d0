import OceanBalance
import OceanDrivers
import OceanKernel
import TestSupport
import Testing

/// GAME_RULES §1, fair on every valid balance: over random balances the validator
/// accepts (fast rounds, long games, slow bins, small margins, extreme friction and
/// acceleration, kinds caught by their body, bouncing, sea life, power-ups), the
/// oracle, which plays the fair spawner's plan with the kernel's own pilot, catches
/// every trash item and power-up and lets every sea-life item pass.
@Suite struct FairnessPropertyTests {
    /// A random balance around the shipped one, every field inside its schema range.
    static func randomBalance(_ r: inout GameRandom, from shipped: Balance) -> Balance {
        var b = shipped
        func pick(_ values: [Int]) -> Int { values[r.below(values.count)] }
        b.playfield.widthPx = pick([200, 320, 480, 800])
        b.bin.widthPx = pick([20, 30, 46, 80, 140])
        b.bin.maxSpeedPxPerS = pick([60, 120, 300, 540, 1_500, 5_000])
        b.bin.accelPxPerS2 = pick([200, 1_000, 6_000, 30_000, 100_000])
        b.bin.frictionPxPerS2 = pick([0, 300, 3_000, 20_000, 100_000])
        b.rounds.reachMarginPx = pick([0, 1, 2, 3, 8, 16])
        b.rounds.reachSlackMs = pick([0, 50, 100, 300])
        b.rounds.perGame = pick([1, 2, 3, 5])
        b.rounds.firstRoundItems = pick([3, 6, 10])
        b.rounds.itemsAddedPerRound = pick([0, 4, 10])
        b.rounds.firstRoundGapMs = pick([300, 800, 1_300])
        b.rounds.minGapMs = min(b.rounds.firstRoundGapMs, pick([17, 100, 200]))
        b.rounds.gapShrinkPerRoundMs = pick([0, 250, 600])
        b.rounds.speedPercentAddedPerRound = pick([0, 30, 150])
        b.rounds.maxSpeedPercent = pick([100, 300, 1_000])
        b.rounds.firstRoundSpeedPercent = pick([40, 100, 300])
        b.rounds.fairSpawn = 2
        b.arcade.roundCap = pick([2, 4])
        b.arcade.minGapMs = min(b.rounds.firstRoundGapMs, pick([17, 200, 400]))
        b.arcade.maxRoundItems = max(b.rounds.firstRoundItems, 20)
        b.tempo.maxSteps = pick([0, 3])
        b.tempo.speedPercentPerStep = pick([0, 20])
        b.tempo.gapMsPerStep = pick([0, 100])
        b.power.netWidthPercent = pick([100, 170, 300])
        b.power.tideSpeedPercent = pick([10, 50, 100])
        for i in b.kinds.indices where b.kinds[i].seaLife == 0 {
            b.kinds[i].catchBodyPercent = pick([-100, -50, 0, 50, 100])
            b.kinds[i].bouncePercent = pick([0, 0, 45, 90])
            b.kinds[i].spawnWeight = pick([0, 5, 20])
        }
        for i in b.kinds.indices where b.kinds[i].seaLife == 1 || b.kinds[i].powerUp != 0 {
            b.kinds[i].spawnWeight = pick([0, 5, 30])
        }
        // Keep at least one trash kind spawning.
        b.kinds[0].spawnWeight = max(1, b.kinds[0].spawnWeight)
        return b
    }

    struct Tally { var balances = 0, refused = 0, games = 0, trash = 0, seaLife = 0 }

    @Test func theOracleIsPerfectOnEveryValidBalance() throws {
        let shipped = try shippedBalance
        var r = GameRandom(seed: 31)
        var t = Tally()
        for n in 0..<300 {
            let b = Self.randomBalance(&r, from: shipped)
            t.balances += 1
            guard BalanceSchema.check(b).isEmpty else { t.refused += 1; continue }
            // The same balance with bouncing sea life is refused, naming the key.
            if let fish = b.kinds.firstIndex(where: { $0.seaLife == 1 }) {
                var bouncing = b
                bouncing.kinds[fish].bouncePercent = 45
                #expect(BalanceSchema.check(bouncing).contains { $0.key == "kind.\(b.kinds[fish].key).bounce_percent" })
            }
            let rules = Rules(b)
            let arcade = n % 3 == 0
            var sim = Simulation(rules: rules, seed: UInt64(n))
            var bot = OracleBot()
            sim.step(TickInput(command: arcade ? .start(.arcade) : .start(.classic)))
            var ticks = 0
            while sim.state.mode != .idle && ticks < 400_000 {
                sim.step(TickInput(move: bot.move(sim.state, rules: rules)))
                for e in sim.events {
                    switch e {
                    case .caught: t.trash += 1
                    case .passed(let kind, _) where rules.isSeaLife[kind.rawValue]: t.seaLife += 1
                    default: break
                    }
                }
                ticks += 1
            }
            t.games += 1
            let g = sim.state.game
            #expect(sim.state.mode == .idle, "balance \(n): the game did not end in \(ticks) ticks")
            #expect(g.misses == 0 && g.seaLifeHits == 0,
                    "balance \(n) (\(arcade ? "arcade" : "classic")): \(g.misses) missed, \(g.seaLifeHits) sea life caught; \(b.playfield) \(b.bin) \(b.rounds) \(b.tempo) \(b.power) \(b.kinds.map { ($0.key, $0.catchBodyPercent, $0.bouncePercent, $0.spawnWeight) })")
        }
        // The sample must test something: most balances accepted, items caught and passed.
        #expect(t.games >= 60 && t.trash >= 2_000 && t.seaLife >= 50, "\(t)")
        print("fairness property: \(t.balances) balances, \(t.refused) refused, \(t.games) games, \(t.trash) items caught, \(t.seaLife) sea-life passes")
    }

    /// Issue 48's balance: sea life that bounces off the rim (the oracle touched it 13
    /// times in 20 arcade games) is refused, each kind by its key.
    @Test func bouncingSeaLifeIsRefusedByName() throws {
        var b = try shippedBalance
        b.rounds.reachMarginPx = 4
        for i in b.kinds.indices where b.kinds[i].seaLife == 1 { b.kinds[i].bouncePercent = 50 }
        let issues = BalanceSchema.check(b)
        for k in b.kinds where k.seaLife == 1 {
            #expect(issues.contains { $0.key == "kind.\(k.key).bounce_percent" && $0.message.contains("must be 0 for sea life") }, "\(issues)")
        }
    }

    /// The pilot-breaking balances of issue 31: each is refused with a message naming
    /// the key, or leaves the oracle perfect.
    @Test func balancesThePilotCannotHonourAreRefusedByName() throws {
        var b = try shippedBalance
        b.bin.frictionPxPerS2 = 0
        #expect(BalanceSchema.check(b).contains { $0.key == "bin.friction_px_per_s2" })
        b = try shippedBalance
        b.bin.accelPxPerS2 = 100_000
        b.bin.maxSpeedPxPerS = 5_000
        #expect(BalanceSchema.check(b).contains { $0.key == "bin.accel_px_per_s2" })
        b = try shippedBalance
        b.kinds[0].catchBodyPercent = -100
        b.bin.widthPx = 28
        #expect(BalanceSchema.check(b).contains { $0.key == "kind.plastic_bottle.catch_body_percent" })
    }

    @Test(arguments: [("margin 0", 0, 540), ("margin 1", 1, 540), ("a 60 px/s bin", 16, 60)])
    func theOracleStaysPerfect(_ name: String, margin: Int, speed: Int) throws {
        var b = try shippedBalance
        b.rounds.reachMarginPx = margin
        b.bin.maxSpeedPxPerS = speed
        #expect(BalanceSchema.check(b).isEmpty, "\(name): \(BalanceSchema.check(b))")
        let rules = Rules(b)
        for seed in UInt64(1)...4 {
            var sim = Simulation(rules: rules, seed: seed)
            var bot = OracleBot()
            sim.step(TickInput(command: .start(.classic)))
            while sim.state.mode != .idle { sim.step(TickInput(move: bot.move(sim.state, rules: rules))) }
            #expect(sim.state.game.misses == 0 && sim.state.game.seaLifeHits == 0, "\(name), seed \(seed)")
        }
    }
}
