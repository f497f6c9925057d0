import Foundation
import OceanBalance
import OceanDrivers
import OceanKernel
import OceanPlatform
import OceanStore
import OceanTune
import Testing
import TestSupport

/// A spec from text, or the test fails with the reader's message.
func spec(_ text: String) throws -> TuneSpec {
    try TuneSpecReader.parse(text, file: "spec.toml")
}

/// The problems a bad spec is reported with.
func issues(_ text: String) -> [DataIssue] {
    do {
        _ = try TuneSpecReader.parse(text, file: "spec.toml")
        return []
    } catch {
        return error.issues
    }
}

/// A balance in which every item falls straight into a bin that spans the whole
/// playfield: the idle bot catches everything.
func everythingCaught() throws -> [(key: String, value: Int)] {
    var pairs: [(key: String, value: Int)] = [("bin.width_px", 479)]
    for key in BalanceSchema.shippedKindKeys { pairs.append(("kind.\(key).sway_speed_px_per_s", 0)) }
    return pairs
}

@Suite struct SpecReaderTests {
    @Test func unknownKeyHasFileLineKeyAndAGuess() {
        let found = issues("""
        bots = ["idle"]
        gmes = 10
        [vary]
        "bin.width_px" = [64]
        """)
        #expect(found.count == 1)
        #expect(found.first?.description.hasPrefix("spec.toml:2: gmes: unknown key; did you mean 'games'?") == true)
    }

    @Test func badTypesRangesBotsAndBalanceKeysAreAllReported() {
        let found = issues("""
        bots = ["human@500", "robot"]
        games = "many"
        [vary]
        "bin.width_px" = { from = 100, to = 50, step = 10 }
        "bin.widht_px" = [1]
        "items.max_live" = 3.5
        """)
        let text = found.map(\.description).joined(separator: "\n")
        #expect(text.contains("spec.toml:1: bots: 'human@500' is not a bot"), "\(text)")
        #expect(text.contains("spec.toml:1: bots: 'robot' is not a bot"), "\(text)")
        #expect(text.contains("spec.toml:2: games: expected a whole number from 1 to 1000000, found a string"), "\(text)")
        #expect(text.contains("spec.toml:4: vary.bin.width_px: bad range: from (100) is above to (50)"), "\(text)")
        #expect(text.contains("spec.toml:5: vary.bin.widht_px: unknown balance key; did you mean 'bin.width_px'?"), "\(text)")
        #expect(text.contains("spec.toml:6: vary.items.max_live: expected a list of whole numbers or a range"), "\(text)")
    }

    @Test func missingRequiredKeysAndHalvingWithoutTargets() {
        let text = issues("strategy = \"halving\"").map(\.description).joined(separator: "\n")
        #expect(text.contains("bots: missing"))
        #expect(text.contains("vary: missing"))
        #expect(text.contains("strategy: \"halving\" needs targets"))
    }

    @Test func theExampleSpecReads() throws {
        let s = try TuneSpecReader.read(path: repoRoot + "/assets/tune/example.toml")
        #expect(s.players.map(\.description) == ["human@30", "human@50", "human@80", "greedy"])
        #expect(PointSampler.values(for: s).count * s.players.count * s.games == 10_000)
    }
}

@Suite struct SamplingTests {
    @Test func gridIsEveryCombinationInOrder() throws {
        let s = try spec("""
        bots = ["idle"]
        [vary]
        "bin.width_px" = { from = 60, to = 80, step = 10 }
        "items.max_live" = [5, 9]
        """)
        #expect(PointSampler.values(for: s) == [[60, 5], [60, 9], [70, 5], [70, 9], [80, 5], [80, 9]])
    }

    @Test func latinHypercubeCoversEachStratumExactlyOnce() {
        let ranges = [0...99, 1_000...1_999, 17...66]
        let n = 10
        let points = PointSampler.latinHypercube(ranges: ranges, samples: n, seed: 42)
        #expect(points.count == n)
        for (k, range) in ranges.enumerated() {
            var hits = [Int](repeating: 0, count: n)
            for p in points {
                let strata = (0..<n).filter { PointSampler.stratum($0, of: n, in: range).contains(p[k]) }
                #expect(strata.count == 1)
                hits[strata[0]] += 1
            }
            #expect(hits == [Int](repeating: 1, count: n), "key \(k): \(hits)")
        }
    }

    @Test func anInvalidPointIsReportedWithItsReasonNotRun() throws {
        let s = try spec("""
        bots = ["idle"]
        games = 2
        [vary]
        "bin.width_px" = [84, 480]
        """)
        let out = try Sweep.run(spec: s, base: shippedBalance, file: "spec.toml", options: Sweep.Options())
        #expect(out.lines.map(\.valid) == [true, false])
        #expect(out.lines[1].invalid?.contains("bin.width_px: must be less than playfield.width_px (480)") == true)
        #expect(out.lines[1].results.isEmpty)
        #expect(out.gamesPlayed == 2)
    }
}

@Suite struct StatisticsTests {
    @Test func everyItemCaughtGivesRateOneWithItsIntervalAtTheTop() throws {
        let s = try spec("""
        bots = ["idle"]
        games = 5
        [vary]
        "items.max_live" = [512]
        """)
        let base = try PointSampler.apply(try everythingCaught(), to: shippedBalance, file: "test")
        let out = try Sweep.run(spec: s, base: base, file: "spec.toml", options: Sweep.Options())
        let r = out.lines[0].results[0]
        #expect(r.catchRate.rate == 1)
        #expect(r.catchRate.ciHigh == 1)
        #expect(r.catchRate.ciLow < 1 && r.catchRate.ciLow > 0.98)
        #expect(r.catchRate.successes == r.catchRate.n && r.catchRate.n > 0)
        #expect(r.perfectRate.rate == 1 && r.perfectRate.successes == 5 && r.perfectRate.ciHigh == 1)
        #expect(r.games == 5 && r.score.n == 5)
    }

    @Test func wilsonAndNormalIntervalsMatchHandComputedValues() {
        let w = RateStat(successes: 0, n: 10)
        #expect(w.ciLow == 0 && abs(w.ciHigh - 0.277533) < 1e-6)
        let half = RateStat(successes: 50, n: 100)
        #expect(abs(half.ciLow - 0.403832) < 1e-6 && abs(half.ciHigh - 0.596168) < 1e-6)
        let m = MeanStat([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
        #expect(m.mean == 5.5 && m.median == 5 && m.p95 == 10)
        #expect(abs(m.sd - 3.02765) < 1e-5)
        #expect(abs(m.ciLow - (5.5 - 1.959964 * 3.02765 / 10.0.squareRoot())) < 1e-4)
    }
}

@Suite struct ExactnessTests {
    static let text = """
    bots = ["human@50", "greedy"]
    games = 7
    [vary]
    "bin.width_px" = [64, 84, 104]
    "items.gravity_px_per_s2" = [200, 240]
    """

    @Test func theSameBytesForAnyJobsAndForShardsMerged() throws {
        let s = try spec(ExactnessTests.text)
        var one = Sweep.Options()
        one.jobs = 1
        var two = Sweep.Options()
        two.jobs = 2
        let a = try Sweep.run(spec: s, base: shippedBalance, file: "spec.toml", options: one).jsonl
        let b = try Sweep.run(spec: s, base: shippedBalance, file: "spec.toml", options: two).jsonl
        #expect(a == b)
        var shards: [(name: String, text: String)] = []
        for i in [3, 1, 2] {
            var o = Sweep.Options()
            o.jobs = 2
            o.shard = Shard(index: i, count: 3)
            shards.append(("shard\(i)", try Sweep.run(spec: s, base: try shippedBalance, file: "spec.toml", options: o).jsonl))
        }
        #expect(try ShardMerge.merge(shards).get() == a)
        #expect(throws: ShardMerge.Failure.self) { try ShardMerge.merge(Array(shards.prefix(2))).get() }
        let missing = ShardMerge.merge(Array(shards.prefix(2)))
        if case .failure(let f) = missing { #expect(f.description == "missing shard 2/3 of 3") }
    }

    @Test func aPointsResultDoesNotDependOnTheOtherPoints() throws {
        let whole = try Sweep.run(spec: try spec(ExactnessTests.text), base: try shippedBalance, file: "s", options: Sweep.Options())
        let alone = try Sweep.run(spec: try spec("""
        bots = ["human@50", "greedy"]
        games = 7
        [vary]
        "bin.width_px" = [104]
        "items.gravity_px_per_s2" = [240]
        """), base: try shippedBalance, file: "s", options: Sweep.Options())
        #expect(whole.lines[5].results == alone.lines[0].results)
    }

    @Test func mergeRefusesShardsOfDifferentSpecs() throws {
        var o = Sweep.Options()
        o.shard = Shard(index: 1, count: 2)
        let a = try Sweep.run(spec: try spec(ExactnessTests.text), base: try shippedBalance, file: "s", options: o).jsonl
        o.shard = Shard(index: 2, count: 2)
        let b = try Sweep.run(spec: try spec(ExactnessTests.text + "\n# another spec\n"), base: try shippedBalance, file: "s", options: o).jsonl
        guard case .failure(let f) = ShardMerge.merge([("a", a), ("b", b)]) else {
            Issue.record("merged shards of different specs")
            return
        }
        #expect(f.description.contains("a different spec"))
    }

    @Test func shardAutoReadsSlurmAndKubernetes() {
        let slurm = Shard.auto(environment: ["SLURM_ARRAY_TASK_ID": "5", "SLURM_ARRAY_TASK_MIN": "4", "SLURM_ARRAY_TASK_COUNT": "3"], count: nil)
        #expect((try? slurm.get()) == Shard(index: 2, count: 3))
        // `--array=0-10:5`: tasks 0, 5, 10 are shards 1, 2, 3; 4 is none of them.
        let stepped = ["SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_COUNT": "3", "SLURM_ARRAY_TASK_STEP": "5"]
        #expect((try? Shard.auto(environment: stepped.merging(["SLURM_ARRAY_TASK_ID": "10"]) { $1 }, count: nil).get()) == Shard(index: 3, count: 3))
        #expect((try? Shard.auto(environment: stepped.merging(["SLURM_ARRAY_TASK_ID": "5"]) { $1 }, count: nil).get()) == Shard(index: 2, count: 3))
        #expect((try? Shard.auto(environment: stepped.merging(["SLURM_ARRAY_TASK_ID": "4"]) { $1 }, count: nil).get()) == nil)
        let k8s = Shard.auto(environment: ["JOB_COMPLETION_INDEX": "2"], count: 3)
        #expect((try? k8s.get()) == Shard(index: 3, count: 3))
        let k8sEnv = Shard.auto(environment: ["JOB_COMPLETION_INDEX": "0", "OCEAN_SHARD_COUNT": "4"], count: nil)
        #expect((try? k8sEnv.get()) == Shard(index: 1, count: 4))
        #expect((try? Shard.auto(environment: ["JOB_COMPLETION_INDEX": "0"], count: nil).get()) == nil)
        #expect((try? Shard.auto(environment: [:], count: nil).get()) == nil)
    }
}

@Suite struct HalvingTests {
    @Test func halvingKeepsTheKnownBestPoint() throws {
        // The idle bot catches everything only with the widest bin and no sway.
        var text = """
        bots = ["idle"]
        games = 4
        strategy = "halving"
        [vary]
        "bin.width_px" = [60, 120, 479, 200, 300]
        [targets.idle]
        catch_rate = 1.0
        [halving]
        rungs = 3
        keep_percent = 50
        """
        text += "\n"
        let s = try spec(text)
        let base = try PointSampler.apply(Array(try everythingCaught().dropFirst()), to: shippedBalance, file: "t")
        let out = try Sweep.run(spec: s, base: base, file: "spec.toml", options: Sweep.Options())
        let best = Sweep.ranked(out.lines).first!
        #expect(best.params["bin.width_px"] == 479)
        #expect(best.distance == 0)
        let rungs = out.header.halving!
        #expect(rungs.count == 3)
        #expect(rungs[0].played.count == 5 && rungs[0].kept.contains(2))
        #expect(rungs.last!.kept == [2])
        #expect(rungs[1].games == 8)
        #expect(rungs.allSatisfy { !$0.dropped.contains(2) })
    }
}

@Suite struct WhatIfTests {
    @Test func aReplayUnderItsOwnConstantsMovesNothing() throws {
        let file = repoRoot + "/replays/greedy-bot.replay"
        let s = try spec("""
        bots = ["greedy"]
        [vary]
        "bin.width_px" = [46, 120]
        """)
        let report = try WhatIf.run(spec: s, specFile: "spec.toml", replayFiles: [file], jobs: 2).get()
        let own = report.points[0].replays[0]
        #expect(own.dCatches == 0 && own.dMisses == 0 && own.dScore == 0 && own.dHealth == 0 && own.dGrams == 0)
        #expect(own.phase == own.recordedPhase)
        let wider = report.points[1].replays[0]
        #expect(wider.dCatches != 0 || wider.dMisses != 0)
    }
}

@Suite struct AgreementTests {
    /// A sweep's game is the game `ocean sim --games 1` plays with the same seed.
    @Test func aSweepGameIsTheGameSimPlays() throws {
        for kind in BotKind.allCases {
            for index in 0..<3 {
                let seed = Seeds.game(base: 9, index: index)
                let cell = try Cell(rules: shippedRules, player: TuneSpec.Player("\(kind.rawValue)")!, games: 1, careers: 0)
                let o = SweepRunner.playGame(cell, index: index, seedBase: 9)
                let r = try runGames(rules: shippedRules, seed: seed, bot: kind, games: 1, skill: 70).summary
                #expect(o.catches == r.catches && o.misses == r.misses && o.score == r.score && o.grams == r.grams
                        && o.bestCombo == r.bestCombo && o.health == r.health && o.perfect == (r.perfectGames == 1), "\(kind) \(index)")
            }
        }
    }
}

@Suite struct CareerMetricTests {
    @Test func careersReportDaysToEachMilestoneCountingThoseThatNeverReachIt() throws {
        let s = try spec("""
        bots = ["greedy"]
        games = 1
        [vary]
        "pet.elder_from_grams" = [40000]
        [career]
        careers = 2
        days = 3
        """)
        let out = try Sweep.run(spec: s, base: try shippedBalance, file: "spec.toml", options: Sweep.Options())
        let line = try #require(out.lines.first, "the point's balance is valid and was run")
        let d = try #require(line.results[0].daysTo)
        #expect(Set(d.keys) == Set(CareerOutcome.milestones))
        for m in CareerOutcome.milestones { #expect(d[m]!.reached.n == 2) }
        // The shipped balance: a first game caught half right ends the first day in
        // Stabilizing (GAME_RULES §2); no pet is Adult within three days.
        #expect(d["stabilizing"]!.reached.successes == 2 && d["stabilizing"]!.days.mean == 1)
        #expect(d["adult"]!.reached.successes == 0 && d["adult"]!.days.n == 0)
        #expect(line.results[0].value(of: .daysToAdult, careerDays: 3) == 4)
    }
}

@Suite struct ChartTests {
    @Test func chartsAreAnSVGAndACompressedPNGOfTheSweep() throws {
        let s = try spec("""
        bots = ["idle"]
        games = 2
        [vary]
        "bin.width_px" = [64, 84, 104]
        """)
        let out = try Sweep.run(spec: s, base: shippedBalance, file: "spec.toml", options: Sweep.Options())
        let svg = SweepChart.svg(header: out.header, lines: out.lines, metric: .catchRate, bot: "idle")
        #expect(svg.hasPrefix("<svg") && svg.contains("<polygon") && svg.contains("bin.width_px"))
        let font = try FrontAssetsLoader.load(theme: nil).font
        let picture = ChartPicture.draw(header: out.header, lines: out.lines, metric: .catchRate, bot: "idle", font: font)
        #expect(picture.width == 640 && picture.height == 400)
        // Written through the one picture writer (SDL_image, deflate): a chart is mostly
        // flat colour, so it compresses to a few kilobytes (the stored blocks it replaced
        // made 768 KB).
        let path = freshFolder("chart") + "/chart.png"
        try PNGFile.write(picture, to: path)
        let png = try #require(FileManager.default.contents(atPath: path))
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(png.count < 50_000, "\(png.count) bytes")
        let header = [UInt8](png.prefix(24))
        func be32(_ at: Int) -> Int { header[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        #expect(be32(16) == 640 && be32(20) == 400)
        // The title is written in the top rows (dark ink on white), and the key under the axis.
        func darkPixels(rows: Range<Int>) -> Int {
            rows.reduce(0) { sum, y in
                sum + (0..<640).filter { x in picture.pixels[y * 640 + x] >> 16 & 0xFF < 100 }.count
            }
        }
        #expect(darkPixels(rows: 8..<24) > 100, "the title: catch_rate for idle")
        #expect(darkPixels(rows: 386..<394) > 50, "the swept key under the axis")
    }
}
