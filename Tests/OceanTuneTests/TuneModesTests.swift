import OceanBalance
import OceanDaily
import OceanDrivers
import OceanKernel
import OceanTune
import Testing
import TestSupport

/// Issue 50 items 1 and 2: tune measures every mode (classic, arcade, the Daily
/// Ocean), arcade's own figures and quantiles with their intervals, and bounds a point
/// against the base balance on paired games ("must not move").
@Suite struct TuneModesTests {
    @Test func aSpecsModeAndABotsPrefixNameTheGameEachBotPlays() throws {
        let s = try spec("""
            mode = "arcade"
            daily_start = "2027-03-01"
            bots = ["human@50", "classic:human@50", "daily:greedy"]
            [vary]
            "arcade.miss_budget" = [5]
            [constraints]
            "human@50.rounds_reached.median" = { min = 3 }
            "classic:human@50.catch_rate" = { vs_shipped_within = 0.01 }
            "daily:greedy.score.p10" = { min = 0 }
            """)
        #expect(s.players.map(\.description) == ["arcade:human@50", "human@50", "daily:greedy"])
        #expect(s.players.map(\.mode) == [.arcade, .classic, .daily])
        #expect(s.dailyStart == CalendarDate(year: 2027, month: 3, day: 1))
        // A goal's bot without a prefix plays the spec's mode; names keep the mode.
        #expect(s.constraints.map(\.name).sorted()
            == ["arcade:human@50.rounds_reached.median", "daily:greedy.score.p10", "human@50.catch_rate"])
        #expect(s.quantiles.map(\.name).sorted() == ["rounds_reached.median", "score.p10"])
        #expect(s.pairedPlayers.map(\.description) == ["human@50"])
    }

    @Test func goalsNoGameOfTheModeCanMeasureAreRefusedWithTheReason() {
        let head = "bots = [\"human@50\"]\n[vary]\n\"bin.width_px\" = [46]\n"
        let cases: [(String, String)] = [
            ("[constraints]\n\"human@50.ended_by_misses\" = { max = 0.5 }", "plays classic games, which end with their last round"),
            ("[constraints]\n\"human@50.score.p10\" = { vs_shipped_within = 5 }", "a quantile has no game-by-game difference"),
            ("[constraints]\n\"human@50.round2.catch_rate\" = { vs_shipped_min = 0 }", "a round's catch rate is of items"),
            ("[constraints]\n\"human@50.catch_rate\" = { vs_shipped_within = -1 }", "is empty"),
            ("[constraints]\n\"human@50.catch_rate\" = { vs_shipped_within = 1, vs_shipped_min = 0 }", "give one or the others"),
            ("[constraints]\n\"human@50.score.p100\" = { min = 1 }", "unknown metric"),
            ("[constraints]\n\"human@50.catch_rate.p10\" = { min = 1 }", "unknown metric"),
            ("[targets.\"arcade:human@50\"]\ncatch_rate = 1", "not one of the spec's bots"),
        ]
        for (goal, says) in cases {
            let found = issues(head + goal)
            #expect(found.contains { $0.message.contains(says) }, "\(goal): \(found)")
        }
        #expect(issues("mode = \"endless\"\n" + head).contains { $0.key == "mode" && $0.message.contains("classic") })
        #expect(issues("daily_start = \"2027-02-30\"\n" + head).contains { $0.key == "daily_start" })
        #expect(issues("bots = [\"marathon:human@50\"]\n[vary]\n\"bin.width_px\" = [46]").contains { $0.message.contains("arcade:human@50") })
    }

    @Test func anArcadeGameEndsWhenItsMissesRunOutAndAClassicOneWithItsLastRound() throws {
        let rules = Rules(try shippedBalance)
        let arcade = try #require(TuneSpec.Player("arcade:human@20"))
        let classic = try #require(TuneSpec.Player("human@20"))
        for i in 0..<3 {
            let a = SweepRunner.playGame(Cell(rules: rules, player: arcade, games: 1, careers: 0), index: i, seedBase: 7)
            #expect(a.endedByMisses && a.roundReached >= 1 && a.misses >= rules.arcadeMissBudget && a.ticks > 0, "\(a)")
            let c = SweepRunner.playGame(Cell(rules: rules, player: classic, games: 1, careers: 0), index: i, seedBase: 7)
            #expect(!c.endedByMisses && c.roundReached == rules.roundsPerGame && c.ticks > 0, "\(c)")
        }
    }

    /// Daily mode's game i is the Daily Ocean of `daily_start` plus i days, as a player
    /// opens it: the day's seed (date and balance), a session that day, one arcade game.
    @Test func aDailyBotPlaysTheDailyOceanOfEachDay() throws {
        let balance = try shippedBalance
        let rules = Rules(balance)
        let player = try #require(TuneSpec.Player("daily:human@50"))
        let start = CalendarDate(year: 2027, month: 5, day: 30)
        for i in [0, 2] {
            let outcome = SweepRunner.playGame(Cell(rules: rules, player: player, games: 1, careers: 0), index: i, seedBase: 1, dailyStart: start)
            let date = CalendarDate(dayNumber: start.dayNumber + i)
            var sim = Simulation(rules: rules, seed: DailyGame.seed(date: date, balance: balance))
            var plan = GamePlanOf(bot: HumanBot(seed: DailyGame.seed(date: date, balance: balance), skill: 50), games: 1,
                                  session: .beginSession(date, minuteOfDay: DailyGame.minuteOfDay), mode: DailyGame.mode)
            while let input = plan.input(for: &sim) { sim.step(input) }
            let t = sim.state.totals
            #expect((outcome.catches, outcome.misses, outcome.score, outcome.grams) == (t.catches, t.misses, t.score, t.grams), "day \(i)")
        }
    }

    @Test func aQuantileComesWithAnIntervalFromTheOrderStatistics() {
        let q = QuantileStat((1...200).map(Double.init), percent: 10)
        // The 20th of 200; ranks 20 ∓ 1.96·√18 (11.7 → 11, 28.3 → 29 + 1).
        #expect(q.value == 20 && q.ciLow == 11 && q.ciHigh == 30, "\(q)")
        let tied = QuantileStat([Double](repeating: 3, count: 50), percent: 50)
        #expect(tied.value == 3 && tied.ciLow == 3 && tied.ciHigh == 3)
        let one = QuantileStat([7], percent: 90)
        #expect(one.value == 7 && one.ciLow == 7 && one.ciHigh == 7)
    }

    /// The base balance keeps its own "must not move" bound exactly (every paired
    /// difference is 0), on the sweep's seeds and on confirmation's; a point that moves
    /// classic's catch rate by more than the band breaks it.
    @Test func theShippedBalanceKeepsItsOwnWithinBoundsUnderConfirmation() throws {
        let s = try spec("""
            bots = ["human@50"]
            games = 60
            [vary]
            "bin.width_px" = [46, 60]
            [constraints]
            "human@50.catch_rate" = { vs_shipped_within = 0.01 }
            "human@50.score" = { vs_shipped_min = -1, vs_shipped_max = 1 }
            """)
        var o = Sweep.Options()
        o.jobs = 2
        o.confirm = 80
        let out = try Sweep.run(spec: s, base: shippedBalance, file: "spec.toml", options: o)
        let shipped = try #require(out.lines.first { $0.params["bin.width_px"] == 46 })
        let wide = try #require(out.lines.first { $0.params["bin.width_px"] == 60 })
        #expect(shipped.feasible == true && shipped.margins?["human@50.catch_rate"] == 0.01, "\(shipped.margins ?? [:])")
        #expect(shipped.confirmed?.feasible == true && shipped.confirmed?.margins?["human@50.score"] == 1)
        let paired = try #require(shipped.results[0].paired?["catch_rate"])
        #expect(paired.n == 60 && paired.mean == 0 && paired.ciLow == 0 && paired.ciHigh == 0)
        // A wider bin catches more: the difference is above the band, and so the point breaks it.
        let moved = try #require(wide.results.first?.paired?["catch_rate"])
        let rates = (wide.results[0].catchRate.rate, shipped.results[0].catchRate.rate)
        #expect(abs(moved.mean - (rates.0 - rates.1)) < 1e-5 && moved.mean > 0.01 && moved.ciLow > 0, "\(moved)")
        #expect(wide.feasible == false && (wide.margins?["human@50.catch_rate"] ?? 0) < 0)
        if case .point(let best) = Sweep.best(out.lines) { #expect(best.point == shipped.point) } else { Issue.record("no best") }
    }

    /// A target may say "must not move" too: met (error 0) while the paired interval
    /// stays inside the band, its error how far the interval leaves it; and a target on
    /// a quantile is ranked by that quantile.
    @Test func aWithinTargetIsMetInsideItsBandAndAQuantileTargetByItsQuantile() throws {
        let s = try spec("""
            bots = ["human@50"]
            games = 40
            [vary]
            "bin.width_px" = [46, 60]
            [targets."human@50"]
            catch_rate = { vs_shipped_within = 0.005 }
            score.p10 = 900
            """)
        #expect(s.targets.map(\.metricName) == ["catch_rate", "score.p10"] && s.targets[0].within == 0.005)
        let out = try Sweep.run(spec: s, base: shippedBalance, file: "spec.toml", options: Sweep.Options())
        // The target's value is the base's, once played (as the sweep resolved it).
        let resolved = Sweep.resolvingRelativeTargets(s, base: try shippedBalance, games: 40, jobs: 1).0
        for line in out.lines {
            let r = line.results[0]
            let d = try #require(r.paired?["catch_rate"]), p10 = try #require(r.quantiles?["score.p10"])
            let band = max(0, max(-d.ciLow, d.ciHigh) - 0.005) / abs(out.header.shipped?["human@50.catch_rate"] ?? 1)
            let errors = Sweep.errors(line.results, spec: resolved)
            #expect(abs(errors[0] - band) < 1e-5 && abs(errors[1] - abs(p10.value - 900) / 900) < 1e-5, "\(errors) band \(band) \(d) \(p10) \(out.header.shipped ?? [:])")
        }
        #expect(Sweep.errors(out.lines[0].results, spec: resolved)[0] == 0 && out.lines[0].distance! < out.lines[1].distance!)
        #expect(Sweep.errors(out.lines[1].results, spec: resolved)[0] > 0)
        #expect(issues("bots = [\"human@50\"]\n[vary]\n\"bin.width_px\" = [46]\n[targets.\"human@50\"]\nscore.p10 = { vs_shipped_within = 5 }")
            .contains { $0.message.contains("no game-by-game difference") })
    }

    /// The designer's goal (assets/tune/arcade-goal.toml) on two of its points: the
    /// shipped arcade is too short for human@50 and human@80; eight misses with two
    /// given back per clean round keeps every bound, on the sweep's games and on fresh ones.
    @Test func theDesignersArcadeGoalFindsABalanceThatConfirmationKeeps() throws {
        var text = try String(contentsOfFile: repoRoot + "/assets/tune/arcade-goal.toml", encoding: .utf8)
        text = text.replacingOccurrences(of: "\"arcade.miss_budget\" = [6, 7, 8, 9, 10]", with: "\"arcade.miss_budget\" = [5, 8]")
            .replacingOccurrences(of: "\"arcade.perfect_round_refund\" = [1, 2, 3]", with: "\"arcade.perfect_round_refund\" = [2]")
        let s = try spec(text)
        #expect(s.axes.map(\.values) == [[5, 8], [2]])
        var o = Sweep.Options()
        o.jobs = 2
        o.confirm = 400
        let out = try Sweep.run(spec: s, base: shippedBalance, file: "arcade-goal.toml", options: o)
        let five = try #require(out.lines.first { $0.params["arcade.miss_budget"] == 5 })
        #expect(five.feasible == false && (five.margins?["arcade:human@50.rounds_reached.median"] ?? 0) < 0, "\(five.margins ?? [:])")
        guard case .point(let best) = Sweep.best(out.lines) else { Issue.record("no feasible point"); return }
        #expect(best.params["arcade.miss_budget"] == 8 && best.confirmed?.feasible == true, "\(best.confirmed?.margins ?? [:])")
        // Classic is untouched by arcade's keys: every paired difference 0, the band's margin whole.
        #expect(best.confirmed?.margins?["human@50.catch_rate"] == 0.01)
        let arcade50 = try #require(best.confirmed?.results.first { $0.bot == "arcade:human@50" })
        #expect(arcade50.endedByMisses?.rate == 1 && (arcade50.gameMinutes?.mean ?? 0) > 0.5, "\(arcade50)")
    }
}
