import Foundation
import Testing
import TestSupport

// One test per point of "Targets for the front" (career figures, one JSON writer) and
// "Nothing lost, nothing crashes" (points 7, 8, 11, 12, 13, 14).

/// Runs `ocean` with `environment` replacing the inherited one when given, killed
/// after `timeout` seconds (status -1) so that a test of a hang cannot hang.
private func oceanRun(_ args: [String], build: String = "debug", environment: [String: String]? = nil,
                      timeout: Double = 30, interruptAfter: Double? = nil) throws -> Run {
    let binary = "\(repoRoot)/.build/\(build)/ocean"
    let p = Process()
    p.executableURL = URL(fileURLWithPath: binary)
    p.arguments = args
    p.currentDirectoryURL = URL(fileURLWithPath: repoRoot)
    var env = environment ?? ProcessInfo.processInfo.environment
    env["SWIFT_BACKTRACE"] = "enable=no"
    p.environment = env
    let outFile = try freshPath("stdout"), errFile = try freshPath("stderr")
    FileManager.default.createFile(atPath: outFile, contents: nil)
    FileManager.default.createFile(atPath: errFile, contents: nil)
    p.standardOutput = FileHandle(forWritingAtPath: outFile)
    p.standardError = FileHandle(forWritingAtPath: errFile)
    try p.run()
    let start = Date()
    var interrupted = false
    var timedOut = false
    while p.isRunning {
        let elapsed = Date().timeIntervalSince(start)
        if let after = interruptAfter, !interrupted, elapsed > after {
            kill(p.processIdentifier, SIGINT)
            interrupted = true
        }
        if elapsed > timeout {
            kill(p.processIdentifier, SIGKILL)
            timedOut = true
            break
        }
        usleep(20_000)
    }
    p.waitUntilExit()
    let out = (try? String(contentsOfFile: outFile, encoding: .utf8)) ?? ""
    let err = (try? String(contentsOfFile: errFile, encoding: .utf8)) ?? ""
    return Run(status: timedOut ? -1 : p.terminationStatus, stdout: out, stderr: err)
}

/// Runs the debug `ocean` with a terminal for its output (`script` gives it a
/// pseudo-terminal) and returns what the terminal showed.
private func onTerminal(_ args: [String]) throws -> String {
    let command = (["\(repoRoot)/.build/debug/ocean"] + args).map { "'\($0)'" }.joined(separator: " ")
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/usr/bin/script")
    p.arguments = ["-qec", command, "/dev/null"]
    p.currentDirectoryURL = URL(fileURLWithPath: repoRoot)
    // A terminal that moves its cursor (TERM=dumb gets no escapes: TuneResumeCLITests).
    p.environment = ["PATH": "/usr/bin:/bin", "SWIFT_BACKTRACE": "enable=no", "TERM": "xterm"]
    let out = Pipe()
    p.standardInput = FileHandle.nullDevice
    p.standardOutput = out
    try p.run()
    let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    p.waitUntilExit()
    return text
}

private func object(_ text: String) throws -> [String: Any] {
    try JSONSerialization.jsonObject(with: Data(text.utf8)) as! [String: Any]
}

private let idleReplay = (try? String(contentsOfFile: repoRoot + "/replays/idle-bot.replay", encoding: .utf8)) ?? ""

@Suite struct FrontTargetsCLITests {
    // Part A: the career figures the kernel keeps, in text and JSON.
    @Test func careerReportsKindsAndMonths() throws {
        let r = oceanInProcess(["sim", "--days", "40", "--seed", "1", "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let o = try object(r.stdout)
        let kinds = try #require(o["kinds"] as? [[String: Any]])
        // Every kind of the balance, sea life and power-ups too (never diverted: zero).
        #expect(kinds.map { $0["kind"] as? String } == ["plastic_bottle", "aluminium_can", "cardboard", "glass_bottle",
                                                         "plastic_bag", "food_tray", "flying_fish", "sea_turtle", "net", "slack_tide"])
        // Every kind's true mass; plastic (the report's grams) counts the plastic kinds only.
        #expect(kinds.filter { $0["plastic"] as? Bool == true }.reduce(0) { $0 + ($1["grams"] as? Int ?? 0) } == o["grams"] as? Int)
        #expect(kinds.filter { $0["plastic"] as? Bool == false }.map { $0["kind"] as? String }
                == ["aluminium_can", "cardboard", "glass_bottle", "flying_fish", "sea_turtle", "net", "slack_tide"])
        let months = try #require(o["months"] as? [[String: Any]])
        #expect(months.map { $0["month"] as? String } == ["2026-01", "2026-02"])
        #expect(months.reduce(0) { $0 + ($1["grams"] as! Int) } == o["grams"] as? Int)
        // Each month: every kind's items and grams; all of them make its diverted mass,
        // the plastic ones its plastic; over the months, each kind's lifetime.
        for m in months {
            let mk = try #require(m["kinds"] as? [[String: Any]])
            #expect(mk.count == 10)
            #expect(mk.reduce(0) { $0 + ($1["grams"] as! Int) } == m["divertedGrams"] as? Int)
            #expect(mk.filter { $0["plastic"] as? Bool == true }.reduce(0) { $0 + ($1["grams"] as! Int) } == m["grams"] as? Int)
            #expect((m["divertedGrams"] as? Int ?? 0) > (m["grams"] as? Int ?? 0), "glass, cans and boxes weigh too")
        }
        for (i, k) in kinds.enumerated() {
            let perMonth = months.reduce(0) { $0 + ((($1["kinds"] as? [[String: Any]]) ?? [])[i]["grams"] as? Int ?? 0) }
            #expect(perMonth == k["grams"] as? Int, "\(k)")
        }
        let text = oceanInProcess(["sim", "--days", "40", "--seed", "1"])
        #expect(text.stdout.range(of: #"plastic_bottle [\d,]+ \([\d.,]+ (g|kg|t)\)"#, options: .regularExpression) != nil, "\(text.stdout)")
        #expect(text.stdout.range(of: #"2026-01 [\d.,]+ (g|kg|t) plastic, [\d.,]+ (g|kg|t) in all"#, options: .regularExpression) != nil, "\(text.stdout)")
        // profile show prints the same figures.
        let path = try freshPath("profile")
        #expect(oceanInProcess(["sim", "--days", "3", "--profile", path]).status == 0)
        let show = oceanInProcess(["profile", "show", "--profile", path, "--json"])
        #expect((try object(show.stdout)["kinds"] as? [Any])?.count == 10)
        #expect(oceanInProcess(["profile", "show", "--profile", path]).stdout.contains("months        2026-01 "))
    }

    // Part A: one JSON writer (sorted keys, real escaping).
    @Test func jsonComesFromOneEncoderWithSortedKeys() throws {
        let sim = oceanInProcess(["sim", "--json"])
        #expect(sim.stdout.hasPrefix(#"{"bestCombo":"#), "\(sim.stdout)")
        // A file name with a tab and a quote comes back whole, not as '?'.
        let odd = try freshPath("a\t\"b.replay")
        try "not a replay\n".write(toFile: odd, atomically: true, encoding: .utf8)
        let v = oceanInProcess(["replay", "verify", "--json", odd])
        #expect(v.status == 2)
        let files = try object(v.stdout)["files"] as! [[String: Any]]
        #expect(files[0]["file"] as? String == odd)
        #expect(files[0]["status"] as? String == "invalid")
    }

    // 7: the end record's final hash is checked.
    @Test func aWrongFinalHashFails() throws {
        let end = try #require(idleReplay.split(separator: "\n").first { $0.hasPrefix("end ") })
        let hash = String(end.split(separator: " ")[2])
        let wrong = String(hash.dropLast()) + (hash.last == "0" ? "1" : "0")
        let tick = end.split(separator: " ")[1]
        let edited = fixedChecksum(idleReplay.replacingOccurrences(of: "end \(tick) \(hash)", with: "end \(tick) \(wrong)"))
        #expect(edited != idleReplay)
        let path = try temporaryFile("final-hash.replay", edited)
        let r = oceanInProcess(["replay", "verify", path])
        #expect(r.status == 1, "\(r.stdout)")
        #expect(r.stdout.contains("the end record's final hash differs: expected \(wrong), got \(hash)"))
        let j = try object(oceanInProcess(["replay", "verify", "--json", path]).stdout)
        #expect((j["files"] as! [[String: Any]])[0]["expectedHash"] as? String == wrong)
    }

    // 8: record refuses, at argument time, what its reader would refuse.
    @Test func recordRefusesWhatItsReaderWouldRefuse() throws {
        func bots(_ n: Int) -> String { Array(repeating: "idle", count: n).joined(separator: ",") }
        let out = try freshPath("refused.replay")
        let long = oceanInProcess(["replay", "record", "--bot", "idle", "--seed", "1", "--out", out,
                                   "--comment", String(repeating: "x", count: 5_000)])
        #expect(long.status == 2)
        #expect(long.stderr.contains("--comment: 5000 bytes"))
        let late = oceanInProcess(["replay", "record", "--bot", "idle", "--seed", "1", "--out", out, "--days", "3",
                                   "--date", "9999-12-30"])
        #expect(late.status == 2)
        #expect(late.stderr.contains("after 9999-12-31"))
        let many = try oceanRun(["replay", "record", "--bot", "idle", "--seed", "1", "--out", out, "--games", "100000"],
                                timeout: 20)
        #expect(many.status == 2)
        #expect(many.stderr.contains("more than a replay holds"), "\(many.stderr)")
        // The --bot list goes into one header line: 817 × "idle," is 4084 bytes, one too many.
        let crowd = oceanInProcess(["replay", "record", "--bot", bots(817), "--seed", "1", "--out", out])
        #expect(crowd.status == 2)
        #expect(crowd.stderr.contains("--bot: 4084 bytes as the header's recorded-by; a replay line holds at most 4083"),
                "\(crowd.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out), "nothing written")
        // One fewer fits, and the reader takes what the recorder wrote.
        let fits = oceanInProcess(["replay", "record", "--bot", bots(816), "--seed", "1", "--out", out])
        #expect(fits.status == 0, "\(fits.stderr)")
        #expect(oceanInProcess(["replay", "verify", out]).status == 0)
    }

    // 11: flags that would be ignored are refused by name, or honoured.
    @Test func conflictingFlagsAreNamedOrHonoured() throws {
        for (args, named) in [
            (["sim", "--days", "2", "--games", "3"], "--games and --days"),
            (["sim", "--games-per-day", "2"], "--games-per-day goes with --days"),
            (["sim", "--skip-percent", "2"], "--skip-percent goes with --days"),
            (["sim", "--bot", "greedy", "--skill", "20"], "--skill only changes the human bot"),
            (["replay", "record", "--bot", "idle", "--seed", "1", "--out", "/tmp/x", "--skill", "5"], "--skill"),
        ] {
            let r = oceanInProcess(args)
            #expect(r.status == 2, "\(args)")
            #expect(r.stderr.contains(named), "\(args): \(r.stderr)")
        }
        // --time with --days: the first session opens then.
        let out = try freshPath("ten.replay")
        let rec = oceanInProcess(["replay", "record", "--bot", "greedy", "--seed", "2", "--days", "1", "--date", "2026-03-04",
                                  "--time", "10:00", "--out", out])
        #expect(rec.status == 0, "\(rec.stderr)")
        #expect(try String(contentsOfFile: out, encoding: .utf8).contains(" session 2026-03-04 10:00\n"))
        // A --date before the profile's last day is refused, naming both.
        let path = try freshPath("profile")
        #expect(oceanInProcess(["sim", "--days", "3", "--date", "2026-05-10", "--profile", path]).status == 0)
        let back = oceanInProcess(["sim", "--days", "3", "--date", "2026-05-01", "--profile", path])
        #expect(back.status == 2)
        #expect(back.stderr.contains("--date 2026-05-01 is before the next day of the career in --profile"), "\(back.stderr)")
    }

    // 12: no progress in pipes; Ctrl-C stops cleanly; a replay cannot ask for hours.
    @Test func longRunsStopCleanlyAndReplaysHaveABudget() throws {
        let quiet = try oceanRun(["sim", "--games", "3"])
        #expect(quiet.stderr.isEmpty, "no progress line in a pipe")
        let stopped = try oceanRun(["sim", "--games", "1000000", "--json"], build: "release", timeout: 30, interruptAfter: 0.5)
        #expect(stopped.status == 130)
        #expect(stopped.stderr.contains("stopped by SIGINT: "), "\(stopped.stderr)")
        #expect(((try? object(stopped.stdout))?["games"] as? Int ?? 0) > 0, "the games played are reported")
        // A small made-up file: the header, one input, then one at tick 90,000,000.
        let header = idleReplay.components(separatedBy: "\n").prefix { !$0.hasPrefix("i ") }.joined(separator: "\n")
        let made = try temporaryFile("made-up.replay", header + "\ni 0 . start\ni 90000000 L\n")
        for args in [["replay", "run", made], ["replay", "verify", "--keep-going", made]] {
            let r = try oceanRun(args, timeout: 20)
            #expect(r.status == 2, "\(args)")
            #expect((r.stderr + r.stdout).contains("no further than one checkpoint interval past its last checkpoint"),
                    "\(r.stdout)\(r.stderr)")
        }
        #expect(oceanInProcess(["replay", "run", "--help"]).stdout.contains("one checkpoint interval"))
    }

    // 12: verify and record show progress on a terminal too (after half a second, so
    // these runs are long enough to outlast it on a quiet machine: 400 games, not 40,
    // which a release build recorded in under half a second), never with --json or in a pipe.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func verifyAndRecordShowProgressOnATerminal() throws {
        let corpus = try FileManager.default.contentsOfDirectory(atPath: repoRoot + "/replays")
            .filter { $0.hasSuffix(".replay") }.sorted().map { "replays/" + $0 }
        let verify = try onTerminal(["replay", "verify"] + corpus)
        #expect(verify.contains("\r\u{1b}[Kreplay verify: ") && verify.contains(" bytes ("), "\(verify)")
        #expect(verify.contains("\(corpus.count) passed, 0 failed"))
        #expect(!(try onTerminal(["replay", "verify", "--json"] + corpus)).contains("replay verify:"))
        #expect(try oceanRun(["replay", "verify"] + corpus).stderr.isEmpty, "nothing in a pipe")
        let out = try freshPath("progress.replay")
        let record = try onTerminal(["replay", "record", "--bot", "greedy", "--seed", "1", "--games", "400", "--out", out])
        #expect(record.contains("\r\u{1b}[Kreplay record: ") && record.contains(" of 400 games ("), "\(record)")
        let career = try onTerminal(["replay", "record", "--bot", "greedy", "--seed", "1", "--days", "150", "--force",
                                     "--out", out])
        #expect(career.contains(" of 150 days ("), "\(career)")  // long enough to outlast the line's first half second
    }

    // 13: messages that say what is wrong.
    @Test func messagesSayWhatIsWrong() throws {
        #expect(oceanInProcess(["sim", "--games", "-1"]).stderr.contains("--games: -1 is out of range"))
        #expect(oceanInProcess(["sim", "--date", "2026-02-30"]).stderr.contains("'2026-02-30' is not a calendar date"))
        #expect(oceanInProcess(["sim", "--date", "26-2-3"]).stderr.contains("is not a date written YYYY-MM-DD"))
        #expect(oceanInProcess(["sim", "--bot", "greedy,wizard"]).stderr.contains("'wizard' is not a bot"))
        let empty = oceanInProcess(["profile", "show", "--profile", ""])
        #expect(empty.status == 2 && empty.stderr.contains("--profile: an empty path"))
        let v0 = try temporaryFile("v0.profile", "OCEAN-PROFILE 0\nengine x\nstate AA==\nchecksum 0000000000000000\n")
        let r0 = oceanInProcess(["profile", "show", "--profile", v0])
        #expect(r0.status == 2)
        #expect(r0.stderr.contains("unknown profile version 0"), "\(r0.stderr)")
        // No HOME, no XDG_DATA_HOME: no guessed profile in /tmp.
        let homeless = try oceanRun(["profile", "show"], environment: ["PATH": "/usr/bin:/bin"])
        #expect(homeless.status == 2)
        #expect(homeless.stderr.contains("--profile PATH"), "\(homeless.stderr)")
        // The sound settings follow the same rule (they used to fall back to /tmp).
        let homelessSound = try oceanRun(["audio", "settings", "--mute"], environment: ["PATH": "/usr/bin:/bin"])
        #expect(homelessSound.status == 2)
        #expect(homelessSound.stderr.contains("no default sound settings file; name one with --settings PATH"),
                "\(homelessSound.stderr)")
        // Every balance problem in a replay, not "and 1 more".
        let two = fixedChecksum(idleReplay.replacingOccurrences(of: "balance items.max_live 512", with: "balance items.max_live 0")
            .replacingOccurrences(of: "balance items.spawn_burst 1", with: "balance items.spawn_burst 0"))
        let bad = oceanInProcess(["replay", "info", try temporaryFile("two-bad.replay", two)])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("items.max_live") && bad.stderr.contains("items.spawn_burst"), "\(bad.stderr)")
        #expect(!bad.stderr.contains("more balance problems"))
        // A truncated replay: run says so, exit 2.
        let cut = try temporaryFile("cut-run.replay", String(idleReplay.prefix(idleReplay.count * 2 / 3)))
        let run = oceanInProcess(["replay", "run", cut])
        #expect(run.status == 2)
        #expect(run.stderr.contains("truncated at tick"))
        // update a bad c: a and c are updated, b reported, exit 2 at the end.
        let a = try temporaryFile("upd-a.replay", idleReplay), c = try temporaryFile("upd-c.replay", idleReplay)
        let u = oceanInProcess(["replay", "update", a, "/nonexistent/b.replay", c])
        #expect(u.status == 2)
        #expect(u.stdout.contains("upd-a.replay: unchanged") && u.stdout.contains("upd-c.replay: unchanged"), "\(u.stdout)")
        #expect(u.stderr.contains("1 of 3 not updated: /nonexistent/b.replay"))
        // An inline table where a number belongs.
        let table = shippedBalanceText.replacingOccurrences(of: "max_live = 512", with: "max_live = {a = 1}")
        let t = oceanInProcess(["sim", "--balance", try temporaryFile("table.toml", table)])
        #expect(t.status == 2)
        #expect(t.stderr.contains("items.max_live: expected a whole number, found a table"), "\(t.stderr)")
        #expect(!t.stderr.contains("unknown key"))
    }

    // 14: what a person reads.
    @Test func outputReadsWell() throws {
        let version = oceanInProcess(["--version"]).stdout
        #expect(version.hasPrefix("ocean 0.1.0\ncommit: "), "\(version)")
        for line in ["replay format: ", "state encoding: ", "tune output format: "] { #expect(version.contains(line), "\(version)") }
        let sim = oceanInProcess(["sim"])
        #expect(sim.stdout.range(of: #"\(\d+:\d\d of play\)"#, options: .regularExpression) != nil, "\(sim.stdout)")
        for s in ["flow", "physics", "scoring", "ocean", "career"] {
            #expect(sim.stdout.range(of: "\(s) [0-9a-f]{16}", options: .regularExpression) != nil, "\(s)")
        }
        let day = oceanInProcess(["sim", "--days", "1"])
        #expect(day.stdout.contains("streak        1 day (best 1)"), "\(day.stdout)")
        #expect(day.stderr.contains("nothing was saved"))
        let info = oceanInProcess(["replay", "info", "replays/idle-bot.replay"])
        #expect(info.stdout.contains("summary       1 game, "))
        #expect(info.stdout.contains("health 20.50 % (Polluted)"), "\(info.stdout)")
        let bench = try oceanBench(["--seconds", "0.1", "--items", "500"])
        #expect(bench.status == 0)
        #expect(bench.stdout.range(of: #"\d\.\d{3}"#, options: .regularExpression) == nil, "\(bench.stdout)")
        // The renderer's line and the first frame's (a figure, or why there is none).
        #expect(bench.stdout.contains("\nrender ") && bench.stdout.contains("\nfirst frame "), "\(bench.stdout)")
    }
}
