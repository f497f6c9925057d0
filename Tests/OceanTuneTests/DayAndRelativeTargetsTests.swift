import OceanBalance
import OceanKernel
import OceanTune
import Testing
import TestSupport

/// Targets and constraints on one day of the careers (`dayN.level`), and targets
/// relative to the base balance (`{ vs_shipped = N }`).
@Suite struct DayAndRelativeTargetsTests {
    static let careers = """
        bots = ["greedy"]
        games = 4
        [vary]
        "bin.width_px" = [46, 90]
        [career]
        careers = 2
        days = 6
        skip_percent = 0
        """

    @Test func aDayOfTheCareersIsAMetricOfTargetsAndConstraints() throws {
        let s = try spec(Self.careers + """

            [targets.greedy]
            day3.level = 2
            [constraints]
            "greedy.day6.health" = { min = 1000 }
            """)
        #expect(s.targets.map(\.metricName) == ["day3.level"] && s.targets.first?.day == 3)
        #expect(s.constraints.map(\.name) == ["greedy.day6.health"])
        #expect(s.dayMetrics.map(\.name) == ["day3.level", "day6.health"])
        let out = try Sweep.run(spec: s, base: shippedBalance, file: "spec.toml", options: Sweep.Options())
        for line in out.lines {
            let r = try #require(line.results.first)
            let level = try #require(r.dayMeans?["day3.level"])
            #expect(level.n == 2 && level.mean >= 1, "\(level)")
            #expect(r.value(of: .level, round: nil, day: 3, careerDays: 6) == level.mean)
            #expect(line.distance != nil && line.feasible != nil && line.margins?["greedy.day6.health"] != nil, "\(line)")
        }
        // A day's figures are what a career's series holds that day: the same careers
        // played with --series, their day-3 level the same mean.
        var o = Sweep.Options()
        o.series = true
        let curves = try Sweep.run(spec: s, base: shippedBalance, file: "spec.toml", options: o).series
        let day3 = try #require(curves.first { $0.point == 0 && $0.unit == "day" && $0.index == 3 })
        #expect(abs(day3.metrics["level"]!.mean - out.lines[0].results[0].dayMeans!["day3.level"]!.mean) < 1e-9)
    }

    @Test func aBadDayMetricIsNamed() {
        let noCareers = """
            bots = ["greedy"]
            [vary]
            "bin.width_px" = [46]
            [constraints]
            "greedy.day3.level" = { min = 1 }
            """
        #expect(issues(noCareers).contains { $0.message.contains("needs careers") }, "\(issues(noCareers))")
        for (text, says) in [("[targets.greedy]\nday9.level = 2", "day 9 is past the careers' 6 days"),
                             ("[targets.greedy]\nday3.score = 2", "unknown metric"),
                             ("[targets.greedy]\nlevel = 2", "unknown metric"),
                             ("[targets.greedy]\nday0.level = 2", "unknown metric"),
                             ("[targets.greedy]\ncatch_rate = { vs_shipped = \"a\" }", "expected a number, or { vs_shipped = N }"),
                             ("[targets.greedy]\ncatch_rate = { vs = 0.1 }", "expected a number, or { vs_shipped = N }"),
                             // Issue 49: a target no metric takes ranks every point alike.
                             ("[targets.greedy]\ncatch_rate = nan", "is not a value any metric takes"),
                             ("[targets.greedy]\ncatch_rate = inf", "is not a value any metric takes"),
                             ("[targets.greedy]\ncatch_rate = 1e308", "is not a value any metric takes"),
                             ("[targets.greedy]\ncatch_rate = { vs_shipped = -inf }", "expected a number, or { vs_shipped = N }"),
                             ("[constraints]\n\"greedy.catch_rate\" = { min = 1e300 }", "expected a finite number from -1e9 to 1e9")] {
            let found = issues(Self.careers + "\n" + text)
            #expect(found.contains { $0.message.contains(says) }, "\(text): \(found)")
        }
    }

    /// A target relative to the base: the base's own value plus the offset. A point at
    /// the base's values then misses it by exactly the offset; the header keeps the
    /// base's value.
    @Test func aRelativeTargetIsTheBasesValuePlusItsOffset() throws {
        let base = try shippedBalance
        let s = try spec("""
            bots = ["greedy"]
            games = 6
            [vary]
            "bin.width_px" = [\(base.bin.widthPx), 90]
            [targets.greedy]
            catch_rate = { vs_shipped = -0.1 }
            """)
        #expect(s.hasRelativeTargets && s.targets[0].vsShipped == -0.1)
        let out = try Sweep.run(spec: s, base: base, file: "spec.toml", options: Sweep.Options())
        let shipped = try #require(out.header.shipped?["greedy.catch_rate"])
        let atBase = try #require(out.lines.first { $0.params["bin.width_px"] == base.bin.widthPx })
        #expect(abs(atBase.results[0].catchRate.rate - shipped) < 1e-6, "the base's point plays the base's games")
        // Its error: 0.1 of a target of shipped - 0.1.
        let expected = 0.1 / abs(shipped - 0.1)
        #expect(abs((atBase.distance ?? -1) - expected) < 1e-4, "\(atBase.distance ?? -1) vs \(expected)")
        // The evaluator (tune eval, Optuna) makes the same target.
        let line = Evaluator(spec: s, base: base, file: "spec.toml").evaluate([("bin.width_px", base.bin.widthPx)], index: 0)
        #expect(line.distance == atBase.distance)
    }
}
