import Foundation
import Testing
import OceanReplay
import TestSupport

/// Every golden replay: the current format's and formats 2 to 9's, kept as recorded.
private func corpus() throws -> [String] {
    try ["replays", "replays/v2", "replays/v3", "replays/v4", "replays/v5", "replays/v6", "replays/v7", "replays/v8", "replays/v9", "replays/v10", "replays/v11"].flatMap { folder in
        try FileManager.default.contentsOfDirectory(atPath: repoRoot + "/" + folder)
            .filter { $0.hasSuffix(".replay") }.sorted().map { folder + "/" + $0 }
    }
}

/// The lines of `ocean replay verify` output that do not depend on the machine.
private func verdicts(_ r: Run) -> [String] {
    r.stdout.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("throughput") }
}

@Suite struct ReplayCLITests {
    /// The whole corpus in release; the current format's files in debug too, with the
    /// same verdicts (every older format is verified in debug, in process, by
    /// StreamedVerifyTests: a second debug run of it here cost half a minute of CI).
    @Test func theCorpusHasAtLeastTwelveReplaysAndVerifiesInDebugAndRelease() throws {
        let files = try corpus()
        #expect(files.count >= 12)
        let current = files.filter { !$0.dropFirst("replays/".count).contains("/") }
        #expect(current.count >= 12)
        let release = try ocean(["replay", "verify"] + files, build: "release")
        let debug = try ocean(["replay", "verify"] + current + ["--jobs", "2"], build: "debug")
        let releaseCurrent = try ocean(["replay", "verify"] + current, build: "release")
        #expect(debug.status == 0, "\(debug.stdout)\(debug.stderr)")
        #expect(release.status == 0)
        #expect(verdicts(debug) == verdicts(releaseCurrent))
        #expect(verdicts(release).last == "\(files.count) passed, 0 failed")
        #expect(release.stdout.contains("throughput: "))
    }

    @Test func twoProcessesVerifyTheCorpusAlike() throws {
        let files = try corpus()
        // Release: the same check of two processes, a sixth of debug's CPU.
        let a = try ocean(["replay", "verify", "--json"] + files, build: "release")
        let b = try ocean(["replay", "verify", "--json"] + files, build: "release")
        func strip(_ s: String) throws -> [[String: Any]] {
            let o = try JSONSerialization.jsonObject(with: Data(s.utf8)) as! [String: Any]
            return o["files"] as! [[String: Any]]
        }
        #expect(a.status == 0 && b.status == 0)
        #expect(try strip(a.stdout).map { "\($0["file"]!) \($0["status"]!) \($0["ticks"]!)" }
                == strip(b.stdout).map { "\($0["file"]!) \($0["status"]!) \($0["ticks"]!)" })
    }

    @Test func recordThenVerifyThenInfo() throws {
        let out = try temporaryFile("rt.replay", "")
        let rec = oceanInProcess(["replay", "record", "--bot", "human", "--seed", "12", "--games", "1", "--out", out, "--force",
                                  "--date", "2026-05-06", "--time", "07:45", "--comment", "round trip"])
        #expect(rec.status == 0, "\(rec.stderr)")
        let v = oceanInProcess(["replay", "verify", out])
        #expect(v.status == 0)
        #expect(v.stdout.contains("1 passed, 0 failed"))
        let info = oceanInProcess(["replay", "info", out])
        #expect(info.status == 0)
        for needle in ["comment       round trip", "seed          12", "session       2026-05-06 07:45",
                       "recorded by   human (skill 70)", "all as shipped", "summary       1 game,"] {
            #expect(info.stdout.contains(needle), "\(needle)\n\(info.stdout)")
        }
        #expect(info.stdout.range(of: #"length        \d+ ticks \(1:\d\d\)"#, options: .regularExpression) != nil)
    }

    /// Issue 31: the human bot on a pointer records `@X` moves that verify; `--input`
    /// goes only with a human bot and single games.
    @Test func aPointerHumanRecordsAndVerifies() throws {
        let out = try temporaryFile("pointer.replay", "")
        let rec = oceanInProcess(["replay", "record", "--bot", "human", "--input", "pointer", "--skill", "40", "--seed", "3",
                                  "--out", out, "--force", "--date", "2026-05-06", "--time", "07:45"])
        #expect(rec.status == 0, "\(rec.stderr)")
        let text = try String(contentsOfFile: out, encoding: .utf8)
        #expect(text.contains(" @") && text.contains("human (skill 40, pointer)"))
        let v = oceanInProcess(["replay", "verify", out])
        #expect(v.status == 0 && v.stdout.contains("1 passed, 0 failed"), "\(v.stdout)")
        let greedy = oceanInProcess(["sim", "--bot", "greedy", "--input", "pointer"])
        #expect(greedy.status != 0 && greedy.stderr.contains("--input only changes the human bot"), "\(greedy.stderr)")
        let days = oceanInProcess(["sim", "--bot", "human", "--input", "pointer", "--days", "2"])
        #expect(days.status != 0 && days.stderr.contains("--input goes with --games"), "\(days.stderr)")
        let mouse = oceanInProcess(["sim", "--bot", "human", "--input", "mouse"])
        #expect(mouse.status != 0)
    }

    @Test func aDesyncExitsOneAndNamesTheTickSubsystemsAndFields() throws {
        let text = try String(contentsOfFile: repoRoot + "/replays/greedy-bot.replay", encoding: .utf8)
        let edited = fixedChecksum(text.replacingOccurrences(of: "balance scoring.points_per_catch 10",
                                                             with: "balance scoring.points_per_catch 20"))
        let path = try temporaryFile("desync.replay", edited)
        let r = try ocean(["replay", "verify", path])
        #expect(r.status == 1)
        #expect(r.stdout.contains("FAIL \(path): diverged at tick "))
        #expect(r.stdout.contains("subsystems: scoring"))
        #expect(r.stdout.range(of: #"score   expected \d+ +got \d+   ≠"#, options: .regularExpression) != nil)
        #expect(r.stdout.contains("0 passed, 1 failed"))
        let all = oceanInProcess(["replay", "verify", "--keep-going", path])
        #expect(all.stdout.components(separatedBy: "also checkpoint").count > 3)
    }

    @Test func corruptionWrongVersionAndTruncationExitTwo() throws {
        let text = try String(contentsOfFile: repoRoot + "/replays/idle-bot.replay", encoding: .utf8)
        let corrupt = try temporaryFile("corrupt.replay", text.replacingOccurrences(of: "seed 11", with: "seed 12"))
        let r1 = oceanInProcess(["replay", "verify", corrupt])
        #expect(r1.status == 2)
        #expect(r1.stdout.contains("checksum mismatch"))
        let next = ReplayFormat.version + 1
        let newer = try temporaryFile("v\(next).replay", text.replacingOccurrences(of: "OCEAN-REPLAY \(ReplayFormat.version)",
                                                                                   with: "OCEAN-REPLAY \(next)"))
        let r2 = oceanInProcess(["replay", "info", newer])
        #expect(r2.status == 2)
        #expect(r2.stderr.contains("v\(next).replay:1: replay format version \(next) is not supported"), "\(r2.stderr)")
        let cut = try temporaryFile("cut.replay", String(text.prefix(text.count * 2 / 3)))
        let r3 = oceanInProcess(["replay", "verify", cut])
        #expect(r3.status == 2)
        #expect(r3.stdout.range(of: #"TRUNCATED .*cut.replay: truncated at tick \d+ \(the checkpoints up to there match\)"#,
                                options: .regularExpression) != nil, "\(r3.stdout)")
        // The good file next to the bad ones still passes.
        let mixed = oceanInProcess(["replay", "verify", repoRoot + "/replays/idle-bot.replay", corrupt])
        #expect(mixed.status == 2)
        #expect(mixed.stdout.contains("1 passed, 1 failed"))
    }

    @Test func aKilledRecorderLeavesAReadableReplay() throws {
        // The recording goes to a temporary beside --out (put in place only when
        // finished): a killed recorder leaves --out as it was and the temporary readable.
        let out = try temporaryFile("killed.replay", "")
        let folder = (out as NSString).deletingLastPathComponent
        let binary = "\(repoRoot)/.build/release/ocean"
        for attempt in 0..<3 {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: binary)
            p.arguments = ["replay", "record", "--bot", "greedy", "--seed", "\(attempt)", "--games", "5000", "--out", out, "--force"]
            p.environment = ["SWIFT_BACKTRACE": "enable=no"]
            try p.run()
            // Long enough to write some seconds of play, far too short to finish.
            usleep(useconds_t(300_000 + attempt * 150_000))
            kill(p.processIdentifier, SIGKILL)
            p.waitUntilExit()
            #expect(try String(contentsOfFile: out, encoding: .utf8) == "", "--out is untouched")
            let name = try FileManager.default.contentsOfDirectory(atPath: folder)
                .first { $0.hasPrefix(".killed.replay.tmp-\(p.processIdentifier)-") }
            let temporary = folder + "/" + (try #require(name))
            let r = oceanInProcess(["replay", "verify", temporary])
            #expect(r.status == 2)
            #expect(r.stdout.contains("truncated at tick"), "\(r.stdout)\(r.stderr)")
            #expect(r.stdout.contains("the checkpoints up to there match"))
            let info = oceanInProcess(["replay", "info", temporary])
            #expect(info.stdout.contains("summary       none: truncated at tick"))
        }
    }

    @Test func runPlaysTheInputsAndWhatIfComparesConstants() throws {
        let file = repoRoot + "/replays/greedy-bot.replay"
        let plain = oceanInProcess(["replay", "run", file, "--json"])
        #expect(plain.status == 0)
        let o = try JSONSerialization.jsonObject(with: Data(plain.stdout.utf8)) as! [String: Any]
        #expect((o["outcome"] as! [String: Any])["games"] as? Int == 3)
        let richer = try temporaryFile("rich.toml", shippedBalanceText.replacingOccurrences(of: "points_per_catch = 10", with: "points_per_catch = 50"))
        let whatIf = oceanInProcess(["replay", "run", file, "--balance", richer])
        #expect(whatIf.status == 0)
        #expect(whatIf.stdout.contains("recorded"))
        #expect(whatIf.stdout.contains("what-if"))
        let w = oceanInProcess(["replay", "run", file, "--balance", richer, "--json"])
        let wo = try JSONSerialization.jsonObject(with: Data(w.stdout.utf8)) as! [String: Any]
        let recordedScore = (wo["recorded"] as! [String: Any])["score"] as! Int
        let whatIfScore = (wo["outcome"] as! [String: Any])["score"] as! Int
        #expect(whatIfScore > recordedScore)
    }

    @Test func updateIsTheOnlyWayExpectationsChange() throws {
        let text = try String(contentsOfFile: repoRoot + "/replays/long-combo.replay", encoding: .utf8)
        let path = try temporaryFile("update.replay", fixedChecksum(text.replacingOccurrences(
            of: "balance scoring.multiplier_cap 5", with: "balance scoring.multiplier_cap 3")))
        #expect(oceanInProcess(["replay", "verify", path]).status == 1)
        let u = oceanInProcess(["replay", "update", path])
        #expect(u.status == 0)
        #expect(u.stdout.contains("checkpoints changed, the first at tick "))
        #expect(u.stdout.contains("score: "))
        #expect(oceanInProcess(["replay", "verify", path]).status == 0)
        let again = oceanInProcess(["replay", "update", path])
        #expect(again.stdout.contains("unchanged"))
    }

    /// A format-16 golden comes out in format 17 at a new interval, with every field a
    /// person reads the same, smaller, and verifying; an interval outside 1 to 3600 is
    /// refused before anything is written.
    @Test func anUpgradeCanTakeANewCheckpointInterval() throws {
        let old = try String(contentsOfFile: repoRoot + "/replays/v16/greedy-bot.replay", encoding: .utf8)
        let path = try temporaryFile("upgrade.replay", old)
        let bad = oceanInProcess(["replay", "update", "--upgrade", "--checkpoint-every", "0", path])
        #expect(bad.status == 2 && bad.stderr.contains("--checkpoint-every"), "\(bad.stderr)")
        let u = oceanInProcess(["replay", "update", "--upgrade", "--checkpoint-every", "600", path])
        #expect(u.status == 0, "\(u.stderr)")
        #expect(u.stdout.contains("upgraded from format 16 to \(ReplayFormat.version); a checkpoint every 600 ticks (was 60); 0 of "), "\(u.stdout)")
        let new = try String(contentsOfFile: path, encoding: .utf8)
        #expect(new.hasPrefix("OCEAN-REPLAY \(ReplayFormat.version)\n") && new.contains("\ncheckpoint-every 600\n"))
        #expect(new.utf8.count * 3 < old.utf8.count * 2, "\(new.utf8.count) bytes against \(old.utf8.count)")
        #expect(oceanInProcess(["replay", "verify", path]).status == 0)
    }

    @Test func badUsageExitsTwo() throws {
        for args in [["replay", "verify"], ["replay", "record", "--bot", "greedy", "--seed", "1"],
                     ["replay", "record", "--bot", "x", "--seed", "1", "--out", "/tmp/x"],
                     ["replay", "verify", "/nonexistent.replay"], ["replay", "info", "/nonexistent.replay"],
                     ["replay", "record", "--bot", "idle", "--seed", "1", "--out", "/nonexistent/dir/x.replay"],
                     ["replay", "record", "--bot", "idle", "--seed", "1", "--out", "/tmp/x", "--date", "2026-13-01"]] {
            #expect(oceanInProcess(args).status == 2, "\(args)")
        }
    }
}

/// Recomputes a replay's checksum line (FNV-1a 64 over everything before it).
func fixedChecksum(_ text: String) -> String {
    var lines = text.components(separatedBy: "\n")
    guard let i = lines.firstIndex(where: { $0.hasPrefix("checksum ") }) else { return text }
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    for line in lines[..<i] {
        for b in Array(line.utf8) + [10] { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
    }
    lines[i] = "checksum " + String(format: "%016llx", h)
    return lines.joined(separator: "\n")
}
