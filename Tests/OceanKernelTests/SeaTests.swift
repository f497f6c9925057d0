import Testing
@testable import OceanKernel
import KernelTestSupport

/// GAME_RULES §2 ("the ocean answers the day's play") and §6 (seas after Thriving).
@Suite struct DayHealingTests {
    @Test func theDaysRiseCapOpensWithTodaysPlasticUpToTheGoal() {
        let r = shippedRules
        let goal = r.career.dailyGoalGrams
        let full = r.fullRiseCap(dayStart: 3_000)
        // Before the share of the goal it opens from, only the open part.
        let from = goal * r.riseOpensFromPercent / 100
        #expect(r.riseCap(dayStart: 3_000, plasticToday: 0) == full * r.riseOpenPercent / 100)
        #expect(r.riseCap(dayStart: 3_000, plasticToday: from) == full * r.riseOpenPercent / 100)
        // Then in step with the plastic, the whole cap at the goal and beyond.
        let half = r.riseCap(dayStart: 3_000, plasticToday: (from + goal) / 2)
        #expect(half > full * r.riseOpenPercent / 100 && half < full)
        #expect(r.riseCap(dayStart: 3_000, plasticToday: goal) == full)
        #expect(r.riseCap(dayStart: 3_000, plasticToday: 10 * goal) == full)
        // A cleaner ocean heals more slowly.
        #expect(r.fullRiseCap(dayStart: 8_000) < r.fullRiseCap(dayStart: 2_000))
        #expect(r.fullRiseCap(dayStart: Rules.fullHealth) == r.dailyRiseCap * (100 - r.riseCapDropPercent) / 100)
    }

    @Test func oldRulesKeepTheWholeCapAllDay() {
        let old = rules { b in (b.health.riseOpenPercent, b.health.riseOpensFromPercent, b.health.riseCapDropPercent) = (100, 0, 0) }
        #expect(old.riseCap(dayStart: 3_000, plasticToday: 0) == old.dailyRiseCap)
        #expect(old.fullRiseCap(dayStart: 9_000) == old.dailyRiseCap)
    }

    /// One day: a session, `games` games by the catcher (or the idle player).
    private func day(_ player: Player, games: Int = 1) -> GameState {
        var sim = Simulation(rules: shippedRules, seed: 3)
        sim.step(TickInput(command: .beginSession(CalendarDate(year: 2026, month: 3, day: 2), minuteOfDay: 600)))
        play(&sim, games: games, player)
        return sim.state
    }

    @Test func aBetterDayHealsMoreAndTheFullCapWaitsForTheGoal() {
        let good = day(.catcher)
        let idle = day(.idle)
        #expect(good.health > idle.health)
        #expect(idle.health <= shippedRules.healthStart, "no plastic: misses only")
        // The good game met the goal: the whole cap is reached, and its mastery part as
        // far as the game was clean.
        #expect(good.career.gramsToday >= shippedRules.career.dailyGoalGrams)
        let mastery = shippedRules.masteryCap(dayStart: good.healthDayStart) * good.masteryToday / 100
        #expect(good.health == good.healthDayStart + shippedRules.fullRiseCap(dayStart: good.healthDayStart) + mastery)
    }

    @Test func todaysHealingIsFullIsSaidAtTheGamesEndNeverDuringIt() {
        var sim = Simulation(rules: shippedRules, seed: 3)
        sim.step(TickInput(command: .beginSession(CalendarDate(year: 2026, month: 3, day: 2), minuteOfDay: 600)))
        var saidDuringGame = false
        var saidAtEnd = false
        var mostHealthEvents = 0
        play(&sim, games: 1) { s in
            // The plastic that opens the cap moves health in the same tick's one event.
            mostHealthEvents = max(mostHealthEvents, s.events.filter {
                if case .healthChanged = $0 { true } else { false }
            }.count)
            for e in s.events {
                guard case .healedAllToday = e else { continue }
                let ended = s.events.contains { if case .gameOver = $0 { return true } else { return false } }
                if ended { saidAtEnd = true } else { saidDuringGame = true }
            }
        }
        #expect(!saidDuringGame)
        #expect(mostHealthEvents == 1)
        #expect(saidAtEnd == HealthSystem.healedAll(sim.state, shippedRules))
        #expect(saidAtEnd, "a catcher's first game meets the goal and fills the day's healing")
    }
}

@Suite struct SeaTests {
    private let day1 = CalendarDate(year: 2026, month: 3, day: 2)

    /// A career's first day whose bay has just reached Thriving (a scan over the
    /// bound): the reef is open, the bay still played.
    private func bayThriving(_ rules: Rules = shippedRules) -> Simulation {
        var sim = Simulation(rules: rules, seed: 5)
        session(&sim, day: 0)
        sim.state.health = 7_990
        sim.state.healthDayStart = 7_990
        sim.step(TickInput(command: .scan(ItemKind(rawValue: 0))))
        return sim
    }

    private func session(_ sim: inout Simulation, day n: Int) {
        sim.step(TickInput(command: .beginSession(CalendarDate(dayNumber: day1.dayNumber + n), minuteOfDay: 600)))
    }

    @Test func theFirstSeaOpensWithTheCareerAndTheNextAtThriving() {
        var fresh = Simulation(rules: shippedRules, seed: 5)
        #expect(fresh.state.seas.isEmpty)
        session(&fresh, day: 0)
        #expect(fresh.state.seas.count == 1 && fresh.state.seas[0].openedDay == day1.dayNumber)
        // Thriving: the next sea opens, polluted, and the player stays where they are.
        var sim = bayThriving()
        var opened: [Int] = []
        for e in sim.events { if case .seaOpened(let i) = e { opened.append(i) } }
        #expect(sim.state.phase == .thriving)
        #expect(opened == [1])
        #expect(sim.state.seas.count == 2 && sim.state.seaIndex == 0)
        #expect(sim.state.sea(1).health == shippedRules.healthStart)
        // Not again while the newest is not the one played.
        sim.step(TickInput(command: .scan(ItemKind(rawValue: 0))))
        #expect(sim.state.seas.count == 2)
    }

    @Test func choosingASeaSwapsTheLiveOceanAndKeepsEachSeasDay() {
        var sim = bayThriving()
        let bay = sim.state.health
        sim.step(TickInput(command: .chooseSea(1)))
        #expect(sim.state.seaIndex == 1 && sim.state.health == shippedRules.healthStart)
        #expect(sim.state.phase == shippedRules.phase(forHealth: shippedRules.healthStart))
        #expect(sim.state.sea(0).health == bay && sim.state.sea(0).phase == .thriving)
        // Back the same day: the bay's own band, not a fresh one.
        let (start, net) = (sim.state.seas[0].dayStart, sim.state.seas[0].dayNet)
        sim.step(TickInput(command: .chooseSea(0)))
        #expect(sim.state.health == bay && sim.state.healthDayStart == start && sim.state.healthDayNet == net)
        // A sea not opened, or a choice during a game, is ignored and said so.
        sim.step(TickInput(command: .chooseSea(4)))
        #expect(sim.events.contains(.inputIgnored(.unknownSea)))
        sim.step(TickInput(command: .start(.classic)))
        sim.step(TickInput(command: .chooseSea(1)))
        #expect(sim.state.seaIndex == 0 && sim.events.contains(.inputIgnored(.unknownSea)))
    }

    /// Each sea's mix of kinds (`sea.KEY.sea_life_percent`): the same game in the reef
    /// (200 %) brings more sea life than in the bay (100 %), and none where a sea's is 0.
    @Test func eachSeaHasItsOwnMixOfKinds() {
        func seaLife(percent: Int) -> (seaLife: Int, items: Int) {
            var b = BalanceAsCode.shipped
            b.seas[1].seaLifePercent = percent
            let rules = Rules(b)
            var sim = bayThriving(rules)
            sim.step(TickInput(command: .chooseSea(1)))
            sim.step(TickInput(command: .start(.classic)))
            var (life, all) = (0, 0)
            for _ in 0..<20_000 where sim.state.mode != .idle {
                sim.step(TickInput())
                for case .itemSpawned(let kind, _) in sim.events {
                    all += 1
                    if rules.isSeaLife[kind.rawValue] { life += 1 }
                }
            }
            return (life, all)
        }
        let bayLike = seaLife(percent: 100), reef = seaLife(percent: 300), none = seaLife(percent: 0)
        #expect(reef.seaLife * bayLike.items > 2 * bayLike.seaLife * reef.items, "about three times the share: \(reef) \(bayLike)")
        #expect(none.seaLife == 0 && none.items > 0, "\(none)")
        // The bay's own games draw as they always have (the plain draw at 100 %).
        #expect(BalanceAsCode.shipped.seas[0].seaLifePercent == 100)
    }

    @Test func aNeglectedSeaLosesHealthEachDayAway() {
        var sim = bayThriving()
        sim.step(TickInput(command: .chooseSea(1)))
        let bay = sim.state.sea(0).health
        session(&sim, day: 3)
        #expect(sim.state.sea(0).health == bay - 3 * shippedRules.seaNeglectPerDay[0])
        #expect(sim.state.seaIndex == 1)
    }

    @Test func seasSurviveTheCanonicalEncoding() throws {
        var sim = bayThriving()
        sim.step(TickInput(command: .chooseSea(1)))
        let bytes = StateEncoding.encode(sim.state)
        let back = try StateEncoding.decode(bytes)
        #expect(back.seas == sim.state.seas && back.seaIndex == 1)
        #expect(StateEncoding.encode(back) == bytes)
    }

    @Test func aBalanceWithoutSeasHasOneOceanAsBefore() {
        var sim = bayThriving(rules { $0.seas = [] })
        #expect(sim.state.phase == .thriving && sim.state.seas.isEmpty)
        sim.step(TickInput(command: .chooseSea(0)))
        #expect(sim.events.contains(.inputIgnored(.unknownSea)))
    }
}
