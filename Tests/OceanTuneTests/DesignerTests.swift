import Foundation
import OceanKernel
import OceanSystem
import OceanTune
import Testing
import TestSupport

/// Resume, the Pareto front, importance and the CSV's columns: what a designer's
/// sweep adds to the plain one. Small sweeps (greedy and idle, a few games) so the
/// suite stays quick in a debug build.
@Suite struct ResumeTests {
    static let text = """
    bots = ["greedy", "human@50"]
    games = 6
    [vary]
    "bin.width_px" = [64, 84, 104]
    "items.gravity_px_per_s2" = [200, 280]
    [targets.greedy]
    catch_rate = 0.97
    perfect_rate = 0.3
    """

    /// A resumed journal cut after the header, after two points and mid-line after
    /// four gives the bytes of the run that was never stopped, and plays only the rest.
    @Test func aJournalCutAnywhereResumesToTheSameBytes() throws {
        let s = try spec(Self.text)
        let dir = freshFolder("journal")
        var o = Sweep.Options()
        o.jobs = 2
        o.journal = dir + "/whole.part"
        let whole = try Sweep.run(spec: s, base: shippedBalance, file: "spec.toml", options: o)
        let journal = try String(contentsOfFile: dir + "/whole.part", encoding: .utf8)
        let rows = journal.split(separator: "\n").map { String($0) + "\n" }
        #expect(rows.count == 7, "a header and six points")
        whole.journal?.remove()
        #expect(!FileManager.default.fileExists(atPath: dir + "/whole.part"))
        let cuts = [rows[0], rows[0...2].joined(), rows[0...4].joined() + String(rows[5].prefix(40))]
        for (i, cut) in cuts.enumerated() {
            let path = dir + "/cut\(i).part"
            try cut.write(toFile: path, atomically: true, encoding: .utf8)
            var r = Sweep.Options()
            r.jobs = 1 + i % 2
            r.journal = path
            r.resume = true
            let resumed = try Sweep.run(spec: s, base: shippedBalance, file: "spec.toml", options: r)
            #expect(resumed.jsonl == whole.jsonl, "cut \(i)")
            #expect(resumed.resumed == [0, 2, 4][i], "cut \(i)")
            #expect(resumed.gamesPlayed == (6 - [0, 2, 4][i]) * 2 * 6, "cut \(i)")
        }
    }

    @Test func aJournalOfAnotherSweepIsRefused() throws {
        let dir = freshFolder("journal-other")
        var o = Sweep.Options()
        o.journal = dir + "/a.part"
        _ = try Sweep.run(spec: try spec(Self.text), base: shippedBalance, file: "spec.toml", options: o)
        o.resume = true
        o.games = 3
        #expect(throws: SweepJournal.Failure.self) {
            _ = try Sweep.run(spec: try spec(Self.text), base: shippedBalance, file: "spec.toml", options: o)
        }
    }

    @Test func halvingResumesRungByRung() throws {
        let s = try spec("strategy = \"halving\"\n" + Self.text + "\n[halving]\nrungs = 2\nkeep_percent = 50\ngrowth = 2\n")
        let dir = freshFolder("journal-halving")
        var o = Sweep.Options()
        o.journal = dir + "/h.part"
        let whole = try Sweep.run(spec: s, base: shippedBalance, file: "spec.toml", options: o)
        let rows = try String(contentsOfFile: dir + "/h.part", encoding: .utf8).split(separator: "\n")
        // Six points in rung 0, three in rung 1.
        #expect(rows.count == 1 + 6 + 3)
        try (rows.prefix(8).joined(separator: "\n") + "\n").write(toFile: dir + "/h.part", atomically: true, encoding: .utf8)
        o.resume = true
        let resumed = try Sweep.run(spec: s, base: shippedBalance, file: "spec.toml", options: o)
        #expect(resumed.jsonl == whole.jsonl)
        #expect(resumed.resumed == 7)
    }
}

@Suite struct ParetoTests {
    /// The front of random objective vectors, against the definition checked pair by pair.
    @Test func theFrontIsExactlyThePointsNoOtherDominates() {
        var random = GameRandom(seed: 11)
        for round in 0..<30 {
            let k = 2 + round % 3
            let lines = (0..<40).map { i in
                // Few distinct values, so ties and equal vectors occur.
                line(i, (0..<k).map { _ in Double(random.inRange(0...6)) / 6 })
            }
            let brute = lines.filter { a in !lines.contains { b in Pareto.dominates(b.objectives!, a.objectives!) } }.map(\.point)
            #expect(Pareto.front(lines) == brute, "round \(round)")
        }
    }

    @Test func dominanceNeedsNoWorseEverywhereAndBetterSomewhere() {
        #expect(Pareto.dominates([0.1, 0.2], [0.1, 0.3]))
        #expect(!Pareto.dominates([0.1, 0.2], [0.1, 0.2]))
        #expect(!Pareto.dominates([0.0, 0.5], [0.1, 0.2]))
    }

    /// A two-target sweep: the header's front is the brute-force front of its points'
    /// errors, the folded distance is still there, and the errors are the targets'.
    @Test func aTwoObjectiveSweepCarriesItsFront() throws {
        var o = Sweep.Options()
        o.objectives = true
        o.jobs = 2
        let out = try Sweep.run(spec: try spec(ResumeTests.text), base: shippedBalance, file: "spec.toml", options: o)
        #expect(out.header.objectives == ["greedy catch_rate = 0.97", "greedy perfect_rate = 0.3"])
        let brute = out.lines.filter { a in !out.lines.contains { b in Pareto.dominates(b.objectives!, a.objectives!) } }.map(\.point)
        #expect(out.header.front == brute)
        #expect(!(out.header.front ?? []).isEmpty)
        let r = out.lines[0].results[0]
        #expect(abs(out.lines[0].objectives![0] - abs(r.catchRate.rate - 0.97) / 0.97) < 1e-6)
        #expect(out.lines.allSatisfy { $0.distance != nil })
        // Shards have no front; their merge has the whole run's.
        var shards: [(name: String, text: String)] = []
        for i in 1...2 {
            o.shard = Shard(index: i, count: 2)
            let part = try Sweep.run(spec: try spec(ResumeTests.text), base: shippedBalance, file: "spec.toml", options: o)
            #expect(part.header.front == nil)
            shards.append(("s\(i)", part.jsonl))
        }
        #expect(try ShardMerge.merge(shards).get() == out.jsonl)
        let csv = SweepReport.csv(header: out.header, lines: out.lines)
        #expect(csv.split(separator: "\n")[0].hasSuffix(",distance,error_1,error_2,pareto_front"))
        #expect(ParetoChart.svg(header: out.header, lines: out.lines).contains("<circle"))
    }

    func line(_ point: Int, _ objectives: [Double]) -> PointLine {
        PointLine(point: point, params: [:], valid: true, invalid: nil, seedBase: 1, distance: nil, objectives: objectives,
                  rung: nil, results: [])
    }
}

@Suite struct ImportanceTests {
    /// A metric that follows one key alone gives that key all of its variance.
    @Test func aMetricThatFollowsOneKeyIsAllThatKeys() {
        let header = makeHeader(sampling: "grid")
        var lines: [PointLine] = []
        for (i, (a, b)) in [(1, 10), (1, 20), (2, 10), (2, 20), (3, 10), (3, 20)].enumerated() {
            lines.append(fake(i, ["a": a, "b": b], score: a * 100))
        }
        let e = Importance.compute(header: header, lines: lines).first { $0.metric == .score }!
        #expect(e.shares == [1, 0])
        #expect(e.method == "main-effects")
    }

    /// A metric that only the two keys together move (high when both are low or both
    /// high) is all interaction: no main effect, the pair's share 1.
    @Test func aPureInteractionIsThePairsShare() {
        let header = makeHeader(sampling: "grid")
        var lines: [PointLine] = []
        for (i, (a, b)) in [(1, 10), (1, 20), (2, 10), (2, 20), (1, 10), (2, 20)].enumerated() {
            lines.append(fake(i, ["a": a, "b": b], score: (a == 1) == (b == 10) ? 100 : 0))
        }
        let e = Importance.compute(header: header, lines: lines).first { $0.metric == .score }!
        #expect(e.shares == [0, 0])
        #expect(e.interactions == [Importance.Interaction(keys: (0, 1), share: 1)])
        #expect(e.rest == 0)
        #expect(Importance.table([e], keys: ["a", "b"]).contains("interactions: a×b 100.0 %; the rest 0.0 %"))
        // A flat metric shares nothing out.
        #expect(Importance.compute(header: header, lines: lines).first { $0.metric == .perfectRate }?.rest == nil)
    }

    /// On a full grid the main effects are orthogonal: their sum stays within 1, and the
    /// rest is the interaction.
    @Test func sharesSumToAtMostOnePerMetric() throws {
        let out = try Sweep.run(spec: try spec(ResumeTests.text), base: shippedBalance, file: "spec.toml", options: Sweep.Options())
        let grid = Importance.compute(header: out.header, lines: out.lines)
        // Classic bots: arcade's own figures have no value for them, and are skipped.
        #expect(grid.count == 2 * Importance.metrics.filter { !$0.isArcade }.count)
        for e in grid { #expect(e.shares.reduce(0, +) <= 1 + 1e-6, "\(e)") }
        let latin = try Sweep.run(spec: try spec("""
            bots = ["greedy"]
            games = 4
            sampling = "latin"
            samples = 6
            [vary]
            "bin.width_px" = { from = 60, to = 110 }
            "items.gravity_px_per_s2" = { from = 180, to = 300 }
            """), base: try shippedBalance, file: "spec.toml", options: Sweep.Options())
        for e in Importance.compute(header: latin.header, lines: latin.lines) {
            #expect(e.method == "spearman²")
            #expect(e.shares.reduce(0, +) <= 1 + 1e-6, "\(e)")
            #expect(e.shares.allSatisfy { $0 >= 0 })
        }
        #expect(Importance.svg(grid, keys: out.header.keys, bot: "greedy").contains("<rect"))
    }

    @Test func spearmanOfAMonotoneRelationIsOne() {
        #expect(abs(Importance.spearmanSquared([1, 2, 3, 4], [10, 40, 90, 160]) - 1) < 1e-12)
        #expect(Importance.spearmanSquared([1, 2, 3, 4], [5, 5, 5, 5]) == 0)
    }

    func makeHeader(sampling: String) -> SweepHeader {
        SweepHeader(spec: "0", engine: "0", balance: "0", games: 1, careers: 0, points: 6, shard: "all", bots: ["idle"],
                    keys: ["a", "b"], seedBase: 1, seeds: "", sampling: sampling, strategy: "sweep")
    }

    func fake(_ point: Int, _ params: [String: Int], score: Int) -> PointLine {
        var g = GameOutcome()
        g.score = score
        let r = PlayerResult(bot: "idle", games: [g, g], careers: [], careerDays: 0)
        return PointLine(point: point, params: params, valid: true, invalid: nil, seedBase: 1, distance: nil, objectives: nil,
                         rung: nil, results: [r])
    }
}

@Suite struct CSVAndCPUTests {
    @Test func theCSVCarriesTheCareersMilestones() throws {
        let out = try Sweep.run(spec: try spec("""
            bots = ["greedy"]
            games = 2
            [vary]
            "bin.width_px" = [84]
            [career]
            careers = 1
            days = 3
            """), base: try shippedBalance, file: "spec.toml", options: Sweep.Options())
        let rows = SweepReport.csv(header: out.header, lines: out.lines).split(separator: "\n")
        let cols = rows[0].split(separator: ",", omittingEmptySubsequences: false)
        for m in CareerOutcome.milestones { #expect(cols.contains("days_to_\(m)_reached"), "\(m)") }
        #expect(rows.count == 2)
        #expect(rows[1].split(separator: ",", omittingEmptySubsequences: false).count == cols.count)
    }

    @Test func cpuLimitsAreRead() {
        #expect(UsableCPUs.parseCPUMax("200000 100000\n") == 2)
        #expect(UsableCPUs.parseCPUMax("150000 100000") == 2)
        #expect(UsableCPUs.parseCPUMax("max 100000") == nil)
        #expect(UsableCPUs.parseCPUList("0-3,8,10-11\n") == 7)
        #expect(UsableCPUs.parseCPUList("x") == nil)
        #expect(UsableCPUs.count(environment: ["SLURM_CPUS_PER_TASK": "1"]) == 1)
        #expect(UsableCPUs.count(environment: [:]) >= 1)
    }
}

@Suite struct SeriesTests {
    static let text = """
    bots = ["greedy"]
    games = 4
    [vary]
    "bin.width_px" = [64, 84]
    [career]
    careers = 2
    days = 6
    """

    /// A row per day of the plan (and per round of the games) for every point and bot;
    /// the sweep's own output does not change with --series; a resumed run has the same curves.
    @Test func theSeriesCSVHasARowPerDayAndResumesWhole() throws {
        let s = try spec(Self.text)
        let plain = try Sweep.run(spec: s, base: shippedBalance, file: "spec.toml", options: Sweep.Options())
        var o = Sweep.Options()
        o.series = true
        let dir = freshFolder("series")
        o.journal = dir + "/s.part"
        let out = try Sweep.run(spec: s, base: shippedBalance, file: "spec.toml", options: o)
        #expect(out.jsonl == plain.jsonl)
        let rows = Series.csv(out.series).split(separator: "\n").dropFirst()
        for point in 0..<2 {
            let days = rows.filter { $0.hasPrefix("\(point),greedy,day,") }
            #expect(days.map { $0.split(separator: ",")[3] } == ["1", "2", "3", "4", "5", "6"])
            #expect(days.allSatisfy { $0.split(separator: ",")[4] == "2" }, "n is the careers")
            let rounds = rows.filter { $0.hasPrefix("\(point),greedy,round,") }
            #expect(!rounds.isEmpty)
            #expect(rounds.first?.split(separator: ",")[4] == "4", "every game plays round 1")
        }
        // Round 1's pooled catch rate is the first round's catches of its items.
        let first = out.series.first { $0.unit == "round" && $0.index == 1 }!
        #expect(first.metrics["catch_rate"]!.ciLow <= first.metrics["catch_rate"]!.mean)
        // Cut the journal after the first point: the resumed curves are the same.
        let journal = try String(contentsOfFile: dir + "/s.part", encoding: .utf8).split(separator: "\n")
        try (journal.prefix(2).joined(separator: "\n") + "\n").write(toFile: dir + "/s.part", atomically: true, encoding: .utf8)
        o.resume = true
        let resumed = try Sweep.run(spec: s, base: shippedBalance, file: "spec.toml", options: o)
        #expect(resumed.series == out.series)
        #expect(resumed.resumed == 1)
        #expect(Series.svg(out.series, metric: "health", bot: "greedy", points: []).contains("per day"))
        // Labelled points and the shipped line: each curve's end says p0, p1; the legend
        // gives its values; the base's own curve is the dashed "shipped".
        let shipped = out.series.filter { $0.point == 0 }.map { line -> SeriesLine in var l = line; l.point = -1; return l }
        let chart = Series.svg(out.series, metric: "catch_rate", bot: "greedy", points: [0, 1],
                               labels: [0: "bin.width_px 60", 1: "bin.width_px 90"], shipped: shipped)
        #expect(chart.contains(">p0</text>") && chart.contains(">p1</text>") && chart.contains("p1: bin.width_px 90"), "\(chart)")
        #expect(chart.contains("stroke-dasharray=\"6 4\"") && chart.contains(">shipped</text>"), "\(chart)")
    }
}

@Suite struct EvaluatorTests {
    /// A point asked of the evaluator is the sweep's line at that point (its index
    /// aside); bad lines name their line, the key and what is allowed.
    @Test func anEvaluatedPointIsTheSweepsAndBadLinesAreNamed() throws {
        let s = try spec(ResumeTests.text)
        let sweep = try Sweep.run(spec: s, base: shippedBalance, file: "spec.toml", options: Sweep.Options())
        var e = Evaluator(spec: s, base: try shippedBalance, file: "spec.toml")
        e.jobs = 2
        let pairs = try e.parse(#"{"params": {"bin.width_px": 84, "items.gravity_px_per_s2": 280.0}}"#, line: 1)
        let line = e.evaluate(pairs, index: 0)
        let same = sweep.lines.first { $0.params == ["bin.width_px": 84, "items.gravity_px_per_s2": 280] }!
        #expect(line.results == same.results && line.distance == same.distance)
        #expect(line.objectives?.count == 2)
        for (text, message) in [(#"{"bin.width": 3}"#, "standard input:4: bin.width: not a key the spec varies; allowed: bin.width_px, items.gravity_px_per_s2"),
                                (#"{"bin.width_px": 80.5}"#, "standard input:4: bin.width_px: expected a whole number, found 80.5"),
                                ("[1, 2]", "standard input:4: not a JSON object of numbers")] {
            #expect(throws: Evaluator.Failure.self) { _ = try e.parse(Substring(text), line: 4) }
            do { _ = try e.parse(Substring(text), line: 4) } catch { #expect(error.description.hasPrefix(message), "\(error)") }
        }
        // A balance that fails validation is a line that says why, not a crash.
        let bad = e.evaluate([("bin.width_px", 480)], index: 1)
        #expect(!bad.valid && bad.invalid?.contains("bin.width_px") == true)
    }
}
