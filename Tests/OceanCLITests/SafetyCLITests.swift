import Foundation
import Testing
import TestSupport

/// A started `ocean` whose output goes to files (no pipe to fill up).
private final class Started {
    let process = Process()
    let out: String, err: String
    var pid: Int32 { process.processIdentifier }

    init(_ args: [String], build: String = "release") throws {
        let dir = freshFolder("output")
        (out, err) = (dir + "/stdout", dir + "/stderr")
        FileManager.default.createFile(atPath: out, contents: nil)
        FileManager.default.createFile(atPath: err, contents: nil)
        process.executableURL = URL(fileURLWithPath: "\(repoRoot)/.build/\(build)/ocean")
        process.arguments = args
        process.currentDirectoryURL = URL(fileURLWithPath: repoRoot)
        process.environment = ["SWIFT_BACKTRACE": "enable=no", "PATH": "/usr/bin:/bin"]
        process.standardOutput = FileHandle(forWritingAtPath: out)
        process.standardError = FileHandle(forWritingAtPath: err)
        try process.run()
    }

    /// Waits at most `seconds`, then kills it: nil if it had to be killed.
    func wait(seconds: Double = 60) -> (status: Int32, signaled: Bool, stdout: String, stderr: String)? {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { usleep(5_000) }
        if process.isRunning {
            kill(pid, SIGKILL)
            process.waitUntilExit()
            return nil
        }
        let o = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
        let e = (try? String(contentsOfFile: err, encoding: .utf8)) ?? ""
        return (process.terminationStatus, process.terminationReason == .uncaughtSignal, o, e)
    }
}

/// Polls `condition` until it holds (true) or `seconds` pass (false): a wait on what
/// the program did, not on the clock.
private func waitUntil(seconds: Double = 60, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while !condition() {
        if Date() > deadline { return false }
        usleep(5_000)
    }
    return true
}

/// Whether a file in `dir` named with `prefix` has reached its first checkpoint line.
private func hasCheckpoint(_ dir: String, prefix: String) -> Bool {
    guard let name = list(dir).first(where: { $0.hasPrefix(prefix) }),
          let data = FileManager.default.contents(atPath: dir + "/" + name) else { return false }
    return data.range(of: Data("\nc ".utf8)) != nil
}

private func list(_ dir: String) -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted() }

private func object(_ text: String) throws -> [String: Any] {
    try JSONSerialization.jsonObject(with: Data(text.utf8)) as! [String: Any]
}

private func mode(_ path: String) -> mode_t {
    var st = stat()
    return stat(path, &st) == 0 ? st.st_mode & 0o7777 : 0
}

@Suite(.serialized) struct SafetyCLITests {
    @Test func aSecondCareerOnAProfileInUseIsRefusedAndClaimsNothing() throws {
        let dir = freshFolder("concurrent")
        let path = dir + "/profile"
        let first = try Started(["sim", "--days", "100000", "--games-per-day", "1", "--seed", "1", "--profile", path])
        // Wait until the first run holds the lock.
        var holder = ""
        for _ in 0..<2_000 where holder != "\(first.pid)\n" {
            holder = (try? String(contentsOfFile: path + ".lock", encoding: .utf8)) ?? ""
            usleep(5_000)
        }
        #expect(holder == "\(first.pid)\n")
        let second = oceanInProcess(["sim", "--days", "50", "--seed", "2", "--profile", path, "--json"])
        #expect(second.status == 2)
        #expect(second.stderr.contains("in use by another run (pid \(first.pid))"), "\(second.stderr)")
        #expect(second.stdout.isEmpty, "the refused run played nothing")
        // The first stops cleanly on SIGTERM and its days are all in the profile.
        usleep(200_000)
        kill(first.pid, SIGTERM)
        let r = try #require(first.wait())
        #expect(r.status == 128 + SIGTERM && !r.signaled, "\(r.stderr)")
        let through = try #require(r.stderr.firstMatch(of: /holds the career through (\d{4}-\d\d-\d\d)/)?.1)
        let show = oceanInProcess(["profile", "show", "--profile", path, "--json"])
        #expect(show.status == 0)
        #expect(try object(show.stdout)["date"] as? String ?? "" <= String(through))
        #expect((try object(show.stdout)["games"] as? Int ?? 0) > 0)
        #expect(list(dir) == ["profile", "profile.lock"])
    }

    @Test func signalsMidRunLeaveNoTemporaryAndAWholeProfile() throws {
        let dir = freshFolder("signals")
        let path = dir + "/profile"
        for attempt in 0..<10 {
            let run = try Started(["sim", "--days", "100000", "--games-per-day", "0", "--seed", "\(attempt)", "--profile", path])
            usleep(useconds_t(40_000 + attempt * 15_000))
            kill(run.pid, attempt % 3 == 2 ? SIGINT : SIGTERM)
            let r = try #require(run.wait())
            #expect([128 + SIGTERM, 128 + SIGINT].contains(r.status) || r.signaled, "\(r.status) \(r.stderr)")
            #expect(list(dir).allSatisfy { ["profile", "profile.lock"].contains($0) }, "\(list(dir))")
            if FileManager.default.fileExists(atPath: path) {
                #expect(oceanInProcess(["profile", "show", "--profile", path]).status == 0)
            }
        }
    }

    @Test func recordingOverAFileKeepsItUntilTheNewOneIsFinished() throws {
        let dir = freshFolder("record")
        let out = dir + "/run.replay"
        let first = oceanInProcess(["replay", "record", "--bot", "greedy", "--seed", "1", "--out", out, "--date", "2026-01-01", "--time", "12:00"])
        #expect(first.status == 0, "\(first.stderr)")
        let good = try Data(contentsOf: URL(fileURLWithPath: out))
        let refused = oceanInProcess(["replay", "record", "--bot", "greedy", "--seed", "2", "--out", out])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("exists; add --force to replace it"), "\(refused.stderr)")
        for attempt in 0..<2 {
            let run = try Started(["replay", "record", "--bot", "greedy", "--seed", "\(attempt + 5)", "--games", "5000",
                                   "--out", out, "--force"])
            // Killed once it is recording (its temporary holds a checkpoint), however busy
            // the machine: a temporary that exists may still be empty.
            #expect(waitUntil { hasCheckpoint(dir, prefix: ".run.replay.tmp-\(run.pid)-") }, "the recording began")
            if attempt == 1 { usleep(200_000) }  // and once some way into it
            kill(run.pid, SIGKILL)
            _ = run.wait()
            #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == good, "the old replay is untouched")
            #expect(oceanInProcess(["replay", "verify", out]).status == 0)
            // The killed recording is a readable, truncated replay beside it.
            let temporaries = list(dir).filter { $0.hasPrefix(".run.replay.tmp-\(run.pid)-") }
            #expect(temporaries.count == 1)
            if let t = temporaries.first {
                let v = oceanInProcess(["replay", "verify", dir + "/" + t])
                #expect(v.status == 2 && v.stdout.contains("truncated at tick"), "\(v.stdout)")
            }
        }
        // SIGTERM: its own temporary goes (and the dead recorders' went when it began).
        let term = try Started(["replay", "record", "--bot", "greedy", "--seed", "9", "--games", "5000", "--out", out, "--force"])
        #expect(waitUntil { list(dir).contains { $0.hasPrefix(".run.replay.tmp-\(term.pid)-") } }, "the recording began")
        kill(term.pid, SIGTERM)
        let t = try #require(term.wait())
        // Ended by the signal itself (raised again with its default action once the
        // temporary is removed), as Unix tools end: a shell says 128 + 15.
        #expect(t.signaled && t.status == SIGTERM, "\(t.status) \(t.stderr)")
        #expect(list(dir) == ["run.replay"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == good)
        // A finished recording replaces it, keeping its mode.
        #expect(chmod(out, 0o600) == 0)
        let replaced = oceanInProcess(["replay", "record", "--bot", "greedy", "--seed", "3", "--out", out, "--force"])
        #expect(replaced.status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: out)) != good)
        #expect(oceanInProcess(["replay", "verify", out]).status == 0)
        #expect(mode(out) == 0o600)
        #expect(list(dir) == ["run.replay"])
    }

    @Test func updateRefusesAReadOnlyReplayAndKeepsLinks() throws {
        let text = try String(contentsOfFile: repoRoot + "/replays/long-combo.replay", encoding: .utf8)
        let stale = fixedChecksum(text.replacingOccurrences(of: "balance scoring.multiplier_cap 5", with: "balance scoring.multiplier_cap 3"))
        let dir = freshFolder("update")
        let path = dir + "/stale.replay"
        try stale.write(toFile: path, atomically: false, encoding: .utf8)
        #expect(chmod(path, 0o444) == 0)
        let refused = oceanInProcess(["replay", "update", path])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("read-only (mode 0444)"), "\(refused.stderr)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == stale)
        // Through a link, writable: the target is updated, the link stays, the mode too.
        #expect(chmod(path, 0o640) == 0)
        #expect(symlink(path, dir + "/link.replay") == 0)
        let u = oceanInProcess(["replay", "update", dir + "/link.replay"])
        #expect(u.status == 0, "\(u.stderr)")
        var st = stat()
        #expect(lstat(dir + "/link.replay", &st) == 0 && st.st_mode & 0o170000 == 0o120000)
        #expect(mode(path) == 0o640)
        #expect(oceanInProcess(["replay", "verify", path]).status == 0)
        #expect(list(dir) == ["link.replay", "stale.replay"])
    }

    @Test func aLinkedProfileStaysALinkAndKeepsItsMode() throws {
        let dir = freshFolder("linked"), real = freshFolder("real")
        #expect(symlink(real + "/saved", dir + "/profile") == 0)
        // No day skipped: the second run goes on to the fourth day (2026-01-04).
        #expect(oceanInProcess(["sim", "--days", "2", "--skip-percent", "0", "--profile", dir + "/profile"]).status == 0)
        #expect(chmod(real + "/saved", 0o600) == 0)
        #expect(oceanInProcess(["sim", "--days", "2", "--skip-percent", "0", "--profile", dir + "/profile"]).status == 0)
        var st = stat()
        #expect(lstat(dir + "/profile", &st) == 0 && st.st_mode & 0o170000 == 0o120000)
        #expect(mode(real + "/saved") == 0o600)
        let show = oceanInProcess(["profile", "show", "--profile", real + "/saved", "--json"])
        #expect(try object(show.stdout)["date"] as? String == "2026-01-04")
    }

    @Test func forgedProfilesExitTwoNamingTheField() throws {
        let dir = freshFolder("forged")
        let good = dir + "/good"
        #expect(oceanInProcess(["sim", "--days", "2", "--profile", good]).status == 0)
        let lines = try String(contentsOfFile: good, encoding: .utf8).components(separatedBy: "\n")
        let state = [UInt8](try #require(Data(base64Encoded: String(lines[2].dropFirst(6)))))
        var words = stride(from: 0, to: state.count, by: 8).map { i in
            var w: UInt64 = 0
            for j in 0..<8 { w |= UInt64(state[i + j]) << UInt64(8 * j) }
            return w
        }
        // The header (2 words), the flow (13 in encoding 9: the play mode, misses left and
        // the round's first miss count after the break timer, then the tempo step and the
        // powers' three), the random stream (4), the bin (2); each item 7 words (its bounce).
        let items = Int(words[21])
        // After the items, the fair spawner's plan (its count, then two words a point).
        let afterItems = 22 + 7 * items + 1 + 2 * Int(words[22 + 7 * items])
        // The game's 7 words (sea life caught last), the totals' 8; the ocean's words:
        // health, phase, the day's starting health and net, the sea played and the
        // seas' count (six words each), the day's mastery share and rewards over the cap (encoding 12); then the career.
        let health = afterItems + 15, today = health + 6 + 6 * Int(words[health + 5]) + 2
        let cases: [(String, [(Int, Int)])] = [
            ("career.today", [(today, Int.max)]), ("career.today", [(today, Int.min)]),
            ("tick", [(2, -1)]), ("tick", [(2, Int.max)]), ("round", [(3, 1)]),
            ("random", [(15, 0), (16, 0), (17, 0), (18, 0)]), ("missesLeft", [(9, 3)]), ("health", [(health, Int.max)]),
            ("healthDayStart", [(health + 2, -1)]), ("healthDayNet", [(health + 3, Int.max)]),
            ("totals.grams", [(afterItems + 7 + 6, Int.max)]), ("tempoStep", [(11, 2)]),
            ("seaIndex", [(health + 4, 7)]), ("masteryToday", [(today - 2, 101)]),
        ]
        for (field, changes) in cases {
            var w = words
            for (i, v) in changes { w[i] = UInt64(bitPattern: Int64(v)) }
            let bytes = w.flatMap { x in (0..<8).map { UInt8(truncatingIfNeeded: x >> UInt64(8 * $0)) } }
            var forged = lines
            forged[2] = "state " + Data(bytes).base64EncodedString()
            let path = dir + "/forged-\(field)"
            try fixedChecksum(forged.joined(separator: "\n")).write(toFile: path, atomically: false, encoding: .utf8)
            for args in [["profile", "show", "--profile", path], ["sim", "--days", "1", "--profile", path]] {
                let r = try #require(try Started(args, build: "debug").wait(seconds: 30), "\(field): \(args[0]) hung")
                #expect(r.status == 2 && !r.signaled, "\(field): \(args[0]) \(r.status) \(r.stderr)")
                #expect(r.stderr.contains("\(path): state field \(field): "), "\(r.stderr)")
            }
        }
        words = []
    }

    @Test func theCalendarEndsAt9999_12_31() throws {
        let past = oceanInProcess(["sim", "--days", "10", "--date", "9999-12-25"])
        #expect(past.status == 2 && past.stdout.isEmpty)
        #expect(past.stderr.contains("would pass 9999-12-31"), "\(past.stderr)")
        let path = freshFolder("calendar") + "/profile"
        let last = oceanInProcess(["sim", "--days", "7", "--date", "9999-12-25", "--profile", path, "--json"])
        #expect(last.status == 0)
        #expect(try object(last.stdout)["date"] as? String == "9999-12-31")
        let more = oceanInProcess(["sim", "--days", "1", "--profile", path])
        #expect(more.status == 2)
        #expect(more.stderr.contains("9999-12-31, the calendar's last day") && !more.stderr.contains("10000"), "\(more.stderr)")
        let record = oceanInProcess(["replay", "record", "--bot", "greedy", "--seed", "1", "--days", "10", "--date", "9999-12-25",
                                     "--out", freshFolder("calendar-replay") + "/r.replay"])
        #expect(record.status == 2 && record.stderr.contains("9999-12-31"))
    }

    @Test func aChainedCareerRemembersSkippedDays() throws {
        let path = freshFolder("chained") + "/profile"
        let first = oceanInProcess(["sim", "--days", "5", "--skip-percent", "100", "--seed", "4", "--profile", path, "--json"])
        #expect(first.status == 0)
        #expect(try object(first.stdout)["streak"] as? Int == 1)
        let second = oceanInProcess(["sim", "--days", "1", "--seed", "4", "--profile", path, "--json"])
        let o = try object(second.stdout)
        #expect(o["date"] as? String == "2026-01-06", "the day after the last planned day, not the last played one")
        #expect(o["streak"] as? Int == 1, "four skipped days broke the streak")
    }
}
