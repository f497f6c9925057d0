import Foundation
import Testing

import TestSupport

/// `ocean tune` end to end, with the release binary (sweeps are slow in debug); the spec
/// errors, which play nothing, in the tests' process.
@Suite struct TuneCLITests {
    static let example = repoRoot + "/assets/tune/example.toml"

    func read(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    @Test func theExampleSweepIsTheSameBytesForJobsOneTwoAndThreeShardsMerged() throws {
        let dir = freshFolder("tune-cli")
        let one = try ocean(["tune", Self.example, "--games", "10", "--jobs", "1", "--quiet", "--out", dir + "/one.jsonl"], build: "release")
        #expect(one.status == 0, "\(one.stderr)")
        let two = try ocean(["tune", Self.example, "--games", "10", "--jobs", "2", "--out", dir + "/two.jsonl",
                             "--csv", dir + "/two.csv", "--chart", dir + "/two.svg"], build: "release")
        #expect(two.status == 0, "\(two.stderr)")
        #expect(try read(dir + "/one.jsonl") == read(dir + "/two.jsonl"))
        #expect(two.stdout.contains("catch rate [95% Wilson]"))
        #expect(two.stdout.contains("play it: ocean play --balance \(dir)/two.best.toml"))
        #expect(two.stderr.contains("games/s"))
        #expect(try read(dir + "/two.svg").hasPrefix("<svg"))
        #expect(try read(dir + "/two.csv").hasPrefix("point,valid,bin.width_px,items.gravity_px_per_s2,bot,games,catch_rate,"))
        // The best point's balance loads as a balance.
        let sim = oceanInProcess(["sim", "--balance", dir + "/two.best.toml", "--games", "1"])
        #expect(sim.status == 0, "\(sim.stderr)")
        var shards: [String] = []
        for i in [2, 3, 1] {
            let path = dir + "/shard\(i).jsonl"
            let r = try ocean(["tune", Self.example, "--games", "10", "--jobs", "2", "--quiet", "--shard", "\(i)/3", "--out", path], build: "release")
            #expect(r.status == 0, "\(r.stderr)")
            shards.append(path)
        }
        let merged = try ocean(["tune", "merge"] + shards + ["--out", dir + "/merged.jsonl"], build: "release")
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(try read(dir + "/merged.jsonl") == read(dir + "/one.jsonl"))
        let missing = try ocean(["tune", "merge", shards[0], shards[1], "--out", dir + "/m2.jsonl"], build: "release")
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("missing shard 1/3 of 3"), "\(missing.stderr)")
        let whole = try ocean(["tune", "merge", dir + "/one.jsonl", "--out", dir + "/m3.jsonl"], build: "release")
        #expect(whole.status == 2)
    }

    @Test func gnuParallelRunningTheShardsGivesTheSameBytes() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/parallel") else {
            Issue.record("GNU parallel is not installed (apt-get install -y parallel)")
            return
        }
        let dir = freshFolder("tune-parallel")
        let binary = repoRoot + "/.build/release/ocean"
        let script = """
        set -e
        \(binary) tune \(Self.example) --games 10 --jobs 2 --quiet --out \(dir)/whole.jsonl
        parallel -j 2 \(binary) tune \(Self.example) --games 10 --jobs 1 --quiet --shard {}/3 --out \(dir)/part{}.jsonl ::: 1 2 3
        \(binary) tune merge \(dir)/part1.jsonl \(dir)/part2.jsonl \(dir)/part3.jsonl --out \(dir)/merged.jsonl
        cmp \(dir)/whole.jsonl \(dir)/merged.jsonl
        """
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/bash")
        p.arguments = ["-c", script]
        p.environment = ["PATH": "/usr/bin:/bin", "SWIFT_BACKTRACE": "enable=no", "HOME": "/tmp"]
        let err = Pipe()
        p.standardError = err
        try p.run()
        let e = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 0, "\(e)")
    }

    @Test func eachSpecErrorGivesItsMessageAndExitTwo() throws {
        let cases: [(String, String)] = [
            ("bots = [\"idle\"]\nwat = 1\n[vary]\n\"bin.width_px\" = [64]\n", ":2: wat: unknown key"),
            ("bots = [\"idle\"]\n[vary]\n\"bin.width_px\" = { from = 9, to = 1, step = 1 }\n", ":3: vary.bin.width_px: bad range: from (9) is above to (1)"),
            ("bots = [\"idle\"]\ngames = 1.5\n[vary]\n\"bin.width_px\" = [64]\n", ":2: games: expected a whole number from 1 to 1000000, found a decimal number"),
            ("bots = [\"idle\"]\n[vary]\n\"bin.nope\" = [64]\n", ":3: vary.bin.nope: unknown balance key"),
            ("bots = [\"robot\"]\n[vary]\n\"bin.width_px\" = [64]\n", ":1: bots: 'robot' is not a bot"),
            ("bots = [\"idle\"]\n[vary]\n\"bin.width_px\" = [64]\n[targets.idle]\nfun = 1\n", ":5: targets.idle.fun: unknown metric"),
            ("bots = [\"idle\"\n", ":1: not valid TOML"),
        ]
        for (i, (text, message)) in cases.enumerated() {
            let path = try temporaryFile("bad-spec-\(i).toml", text)
            let r = oceanInProcess(["tune", path, "--out", "/tmp/never.jsonl"])
            #expect(r.status == 2, "case \(i): \(r.stderr)")
            #expect(r.stderr.contains(path + message), "case \(i): \(r.stderr)")
        }
    }

    @Test func shardAutoFromASlurmArrayTask() throws {
        let dir = freshFolder("tune-auto")
        let binary = repoRoot + "/.build/release/ocean"
        let p = Process()
        p.executableURL = URL(fileURLWithPath: binary)
        p.arguments = ["tune", Self.example, "--games", "4", "--quiet", "--shard", "auto", "--out", dir + "/a.jsonl"]
        p.environment = ["SLURM_ARRAY_TASK_ID": "7", "SLURM_ARRAY_TASK_MIN": "6", "SLURM_ARRAY_TASK_COUNT": "3", "SWIFT_BACKTRACE": "enable=no"]
        p.currentDirectoryURL = URL(fileURLWithPath: repoRoot)
        try p.run()
        p.waitUntilExit()
        #expect(p.terminationStatus == 0)
        #expect(try read(dir + "/a.jsonl").contains("\"shard\":\"2/3\""))
        let none = oceanInProcess(["tune", Self.example, "--games", "4", "--shard", "auto", "--out", dir + "/b.jsonl"])
        #expect(none.status == 2)
    }

    @Test func whatIfOverReplays() throws {
        let spec = try temporaryFile("whatif.toml", "bots = [\"greedy\"]\n[vary]\n\"bin.width_px\" = [46, 120]\n")
        let r = try ocean(["tune", "replays", spec, repoRoot + "/replays/greedy-bot.replay"], build: "release")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("(±0)"), "\(r.stdout)")
    }

    /// Issue 35: a what-if re-drives the recording's bot (closed loop) and says so; at
    /// the replay's own constants it plays exactly as recorded. A career's recording
    /// is replayed open-loop, with a warning, as is everything with --open-loop.
    @Test func whatIfReDrivesTheRecordedBot() throws {
        let dir = freshFolder("whatif-closed")
        let rec = try ocean(["replay", "record", "--bot", "human", "--skill", "40", "--games", "2", "--seed", "9",
                             "--date", "2026-05-04", "--time", "10:00", "--out", dir + "/h.replay"], build: "release")
        #expect(rec.status == 0, "\(rec.stderr)")
        let career = try ocean(["replay", "record", "--bot", "greedy", "--days", "3", "--seed", "4",
                                "--date", "2026-05-04", "--out", dir + "/c.replay"], build: "release")
        #expect(career.status == 0, "\(career.stderr)")
        let spec = try temporaryFile("whatif-closed.toml", "bots = [\"greedy\"]\n[vary]\n\"bin.width_px\" = [46, 90]\n")
        let r = try ocean(["tune", "replays", spec, dir + "/h.replay", dir + "/c.replay", "--out", dir + "/w.jsonl"], build: "release")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("h.replay: closed loop: human (skill 40) plays its 2 games again"), "\(r.stderr)")
        #expect(!r.stderr.contains("does not play as recorded"), "the bot re-driven at its own constants is the recording: \(r.stderr)")
        #expect(r.stderr.contains("c.replay: warning: open loop: recorded by 'greedy, 3 days'"), "\(r.stderr)")
        let rows = try String(contentsOfFile: dir + "/w.jsonl", encoding: .utf8).split(separator: "\n")
            .flatMap { (try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any])["replays"] as! [[String: Any]] }
        let human = rows.filter { ($0["replay"] as! String).hasSuffix("h.replay") }
        #expect(human.count == 2 && human.allSatisfy { $0["loop"] as? String == "closed" })
        // At its own width nothing moves; a bin twice as wide, chased by the same bot, catches more.
        #expect(human[0]["dCatches"] as? Int == 0 && human[0]["dMisses"] as? Int == 0)
        #expect((human[1]["dCatches"] as? Int ?? 0) > 0 && (human[1]["dMisses"] as? Int ?? 0) < 0, "\(human[1])")
        #expect(rows.filter { ($0["replay"] as! String).hasSuffix("c.replay") }.allSatisfy { $0["loop"] as? String == "open" })

        let open = try ocean(["tune", "replays", spec, dir + "/h.replay", "--open-loop"], build: "release")
        #expect(open.status == 0 && open.stderr.contains("open loop: its inputs replayed as recorded (--open-loop)"), "\(open.stderr)")
        #expect(open.stdout.contains("  open  "), "\(open.stdout)")
    }
}
