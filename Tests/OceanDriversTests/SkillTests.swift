import OceanDrivers
import OceanKernel
import TestSupport
import Testing

/// GAME_RULES §1, fair and skilful, measured with the bots as `ocean sim` plays them.
@Suite struct SkillTests {
    struct Outcome {
        var catches = 0, misses = 0, perfect = 0, games = 0
        var rate: Double { Double(catches) / Double(max(1, catches + misses)) }
    }

    func play(_ kind: BotKind, skill: Int = 70, games: Int, rules: Rules? = nil,
              each: (inout Simulation) -> Void = { _ in }) throws -> Outcome {
        let rules = try rules ?? shippedRules
        var o = Outcome()
        // One simulation over all the games, as `ocean sim --games` plays them: the
        // player's level grows with the plastic caught, and the classic tempo with it.
        var bot = kind.make(seed: 7_000, skill: skill)
        var sim = Simulation(rules: rules, seed: 7_000)
        for _ in 0..<games {
            sim.step(TickInput(command: .start(.classic)))
            while sim.state.mode != .idle {
                sim.step(TickInput(move: bot.move(sim.state, rules: rules)))
                each(&sim)
            }
            o.catches += sim.state.game.catches
            o.misses += sim.state.game.misses
            if sim.state.game.misses == 0 && sim.state.game.seaLifeHits == 0 { o.perfect += 1 }
            o.games += 1
        }
        return o
    }

    /// Every dropped item is catchable: the oracle, which plays the spawner's plan,
    /// catches all of them, in every round of every game.
    @Test func theOracleCatchesEveryItem() throws {
        // Sea life is let pass: every item dropped is caught (trash), taken (a power-up) or passed (sea life).
        var passed = 0, hits = 0
        let o = try play(.oracle, games: 30) { sim in
            for e in sim.events {
                if case .passed = e { passed += 1 }
                if case .powerUp = e { passed += 1 }
                if case .seaLifeCaught = e { hits += 1 }
            }
        }
        #expect(try o.misses == 0 && hits == 0 && o.perfect == o.games
                && o.catches + passed == 30 * shippedRules.roundItems[..<shippedRules.roundsPerGame].reduce(0, +))
        #expect(passed > 0, "the shipped balance drops sea life")
    }

    /// Each item's promised catch lies inside the bin's mouth where the item lands,
    /// and each point of the plan is reachable from the one before.
    @Test func everyDroppedItemIsReachableFromThePlan() throws {
        let r = try shippedRules
        var checked = 0
        _ = try play(.idle, games: 5) { sim in
            // The newest item is the last only on a tick that removed none.
            guard !sim.events.contains(where: {
                switch $0 {
                case .caught, .missed, .passed, .seaLifeCaught: true
                default: false
                }
            })
            else { return }
            for event in sim.events {
                guard case .itemSpawned = event else { continue }
                let s = sim.state
                let item = s.items[s.items.count - 1]
                let landing = r.landing(item, row: r.row(s))
                let tick = s.tick + landing.ticks  // it has made its first move already
                guard r.isTrash[item.kind.rawValue] else { continue }
                let give = r.binHalfWidth + r.catchBody[item.kind.rawValue] - max(r.reachMargin, BinPilot.tolerance + Fixed.one)
                guard let i = s.plan.firstIndex(where: { $0.tick == tick && abs($0.x - landing.x) <= give })
                else { Issue.record("no plan point for the item landing at tick \(tick)"); return }
                if i > 0 { #expect(abs(s.plan[i].x - s.plan[i - 1].x) <= r.reach(s.plan[i].tick - s.plan[i - 1].tick)) }
                checked += 1
            }
        }
        #expect(checked > 50)
    }

    /// Skill shows (GAME_RULES §1): standing still catches little, a slow novice about
    /// half, a typical player three in four, a sharp player nearly all with many
    /// perfect games. Forty games per bot; the 200-game table is in docs/tuning.md and
    /// `assets/tune/skill-table.toml` (a sample this small gets a few points of slack).
    @Test func theCatchRateFollowsSkill() throws {
        let idle = try play(.idle, games: 40), h20 = try play(.human, skill: 20, games: 40)
        let h50 = try play(.human, skill: 50, games: 40)
        let h80 = try play(.human, skill: 80, games: 40), h100 = try play(.human, skill: 100, games: 40)
        #expect(idle.rate <= 0.20, "idle \(idle.rate)")
        // Forty games drift a few points from the 200-game table (52.6 and 80.5 %): four points of slack.
        #expect(h20.rate >= 0.41 && h20.rate <= 0.64, "human@20 \(h20.rate)")
        #expect(h50.rate >= 0.66 && h50.rate <= 0.86, "human@50 \(h50.rate)")
        #expect(h80.rate >= 0.90 && h80.perfect >= 1, "human@80 \(h80.rate), \(h80.perfect) perfect")
        // Issue 31: at least 98 % with a quarter of the games perfect (200 games: 98.5 %, 68).
        #expect(h100.rate >= 0.98 && h100.perfect * 4 >= h100.games, "human@100 \(h100.rate), \(h100.perfect) perfect")
        #expect(idle.rate < h20.rate && h20.rate < h50.rate && h50.rate < h80.rate && h80.rate <= h100.rate)
    }

    /// The first round teaches: slower and sparser, a middling player (skill 30)
    /// catches at least 80 % of it.
    @Test func theFirstRoundTeaches() throws {
        var caught = 0, missed = 0
        _ = try play(.human, skill: 30, games: 60) { sim in
            guard sim.state.round == 1 else { return }
            for e in sim.events {
                if case .caught = e { caught += 1 }
                if case .missed = e { missed += 1 }
            }
        }
        #expect(Double(caught) / Double(caught + missed) >= 0.80, "round 1 at skill 30: \(caught) of \(caught + missed)")
    }

    /// GAME_RULES §2: a new player who plays one game and catches half of it ends
    /// the first session in Stabilizing (the human bot at skill 30 catches more
    /// than half of a game).
    @Test func aFirstSessionOfOneHalfCaughtGameEndsInStabilizing() throws {
        let rules = try shippedRules
        for seed in UInt64(1)...5 {
            var sim = Simulation(rules: rules, seed: seed)
            sim.step(TickInput(command: .beginSession(CalendarDate(year: 2026, month: 5, day: 4), minuteOfDay: 600)))
            #expect(sim.state.phase == .polluted)
            var bot = BotKind.human.make(seed: seed, skill: 30)
            sim.step(TickInput(command: .start(.classic)))
            while sim.state.mode != .idle { sim.step(TickInput(move: bot.move(sim.state, rules: rules))) }
            let rate = Double(sim.state.game.catches) / Double(sim.state.game.catches + sim.state.game.misses)
            #expect(rate >= 0.5 && sim.state.phase == .stabilizing, "seed \(seed): \(rate), \(sim.state.phase)")
        }
    }
}
