import Foundation
import Testing

import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Issue 34, "nothing lost, nothing injected, round three", the tune and shrink
/// findings: writes only where asked (a part file is made new, never written through a
/// link; outputs checked before any game), bounded work (a line of standard input, a
/// test's output and leftovers, the shrink's temporary folder), clear messages (what a
/// spec or a point line cannot ask for, implausible impact factors, ill-formed kinds).
@Suite struct HostileRoundThreeTuneTests {
    /// A sweep of two points, a few idle games each: quick.
    func smallSpec(_ dir: String, extra: String = "") throws -> String {
        let path = dir + "/spec.toml"
        try """
            bots = ["idle"]
            games = 4
            \(extra)
            [vary]
            "bin.width_px" = [64, 84]

            """.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func read(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

    /// Runs the debug `ocean` with standard input from a file and extra environment.
    func oceanWith(_ args: [String], input: String? = nil, environment: [String: String] = [:]) throws -> (run: Run, seconds: Double) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: repoRoot + "/.build/debug/ocean")
        p.arguments = args
        p.currentDirectoryURL = URL(fileURLWithPath: repoRoot)
        p.environment = ProcessInfo.processInfo.environment.merging(["SWIFT_BACKTRACE": "enable=no"].merging(environment) { $1 }) { $1 }
        if let input { p.standardInput = FileHandle(forReadingAtPath: input) }
        let out = Pipe(), err = Pipe()
        (p.standardOutput, p.standardError) = (out, err)
        let started = Date()
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile(), e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (Run(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self)),
                Date().timeIntervalSince(started))
    }

    // MARK: writes only where asked

    /// A symbolic link planted at OUT.part: --force replaces the link with a journal of
    /// its own, the file it pointed to stays as it was; without --force (or with
    /// --resume) the link is refused by name.
    @Test func aPartFileIsMadeNewNeverWrittenThroughALink() throws {
        let dir = freshFolder("hostile-part-link")
        let spec = try smallSpec(dir)
        let victim = dir + "/victim.txt"
        try "precious\n".write(toFile: victim, atomically: true, encoding: .utf8)
        let out = dir + "/out.jsonl"
        #expect(symlink(victim, out + ".part") == 0)
        for extra in [[], ["--resume"]] {
            let refused = try ocean(["tune", spec, "--quiet", "--jobs", "1", "--out", out] + extra)
            #expect(refused.status == 2 && refused.stderr.contains("out.jsonl.part is a symbolic link"), "\(refused.stderr)")
        }
        let forced = try ocean(["tune", spec, "--quiet", "--jobs", "1", "--out", out, "--force"])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(read(victim) == "precious\n", "the link's target was written")
        #expect(read(out)?.contains("\"point\":1") == true)
        #expect(!FileManager.default.fileExists(atPath: out + ".part"))
    }

    /// Outputs that cannot be written (a loop of links, a folder, a missing folder) are
    /// refused before any game, and no OUT.part is left behind.
    @Test func everyOutputIsCheckedBeforeAnyGame() throws {
        let dir = freshFolder("hostile-outputs")
        let spec = try smallSpec(dir)
        #expect(symlink("loop", dir + "/loop") == 0)
        try FileManager.default.createDirectory(atPath: dir + "/folder", withIntermediateDirectories: true)
        let cases: [([String], String)] = [
            (["--out", dir + "/loop"], "too many levels of symbolic links"),
            (["--out", dir + "/folder"], "is a directory"),
            (["--out", dir + "/missing/out.jsonl"], "--out"),
            (["--out", dir + "/a.jsonl", "--csv", dir + "/folder"], "--csv"),
            (["--out", dir + "/a.jsonl", "--series", dir + "/loop"], "--series"),
        ]
        for (args, says) in cases {
            let r = try ocean(["tune", spec, "--quiet", "--jobs", "1", "--force"] + args)
            #expect(r.status == 2 && r.stderr.contains(says), "\(args): \(r.stderr)")
            let left = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix(".part") || $0 == "a.jsonl" || $0.contains(".tmp-") }
            #expect(left.isEmpty, "\(args) left \(left)")
        }
        let merge = try ocean(["tune", "merge", dir + "/none.jsonl", "--out", dir + "/loop"])
        #expect(merge.status == 2)
    }

    // MARK: bounded work, clear messages: tune eval

    /// A line of standard input is at most 1 MiB: a longer one is refused by its number
    /// as soon as it passes the limit, not read whole.
    @Test func tuneEvalBoundsEachLine() throws {
        let dir = freshFolder("hostile-eval-line")
        let spec = try smallSpec(dir)
        let input = dir + "/long.txt"
        var bytes = Array("{\"bin.width_px\": 64}\n".utf8)
        bytes += [UInt8](repeating: UInt8(ascii: " "), count: 3 << 20) + Array("{}\n".utf8)
        try Data(bytes).write(to: URL(fileURLWithPath: input))
        let (r, _) = try oceanWith(["tune", "eval", spec, "--jobs", "1"], input: input)
        #expect(r.status == 2 && r.stderr.contains("standard input line 2: longer than 1 MiB"), "\(r.stderr)")
        #expect(r.stdout.split(separator: "\n").count == 1, "the first point is answered")
        let (zero, seconds) = try oceanWith(["tune", "eval", spec], input: "/dev/zero")
        #expect(zero.status == 2 && zero.stderr.contains("standard input line 1: longer than 1 MiB"), "\(zero.stderr)")
        #expect(seconds < 30)
    }

    @Test func tuneEvalRefusesAKeyGivenTwiceAndAHalvingSpec() throws {
        let dir = freshFolder("hostile-eval-keys")
        let spec = try smallSpec(dir)
        for line in ["{\"bin.width_px\": 64, \"bin.width_px\": 84}", "{\"params\": {\"bin.width_px\": 64, \"bin.\\u0077idth_px\": 84}}"] {
            let input = dir + "/twice.txt"
            try (line + "\n").write(toFile: input, atomically: true, encoding: .utf8)
            let (r, _) = try oceanWith(["tune", "eval", spec, "--jobs", "1"], input: input)
            #expect(r.status == 2 && r.stderr.contains("standard input:1: bin.width_px: given twice"), "\(r.stderr)")
            #expect(r.stdout.isEmpty)
        }
        let halving = try smallSpec(freshFolder("hostile-eval-halving"), extra: "strategy = \"halving\"\n[targets.idle]\ncatch_rate = 0.5")
        let (h, _) = try oceanWith(["tune", "eval", halving], input: "/dev/null")
        #expect(h.status == 2 && h.stderr.contains("strategy = \"halving\"") && h.stderr.contains("evaluates the points given"), "\(h.stderr)")
    }

    /// A what-if varying a kind the replay's balance does not have is refused, naming
    /// the kind and the replay (it would print ±0 for every point).
    @Test func tuneReplaysRefusesAKindTheReplayLacks() throws {
        let dir = freshFolder("hostile-whatif-kind")
        let spec = dir + "/spec.toml"
        try "bots = [\"idle\"]\n[vary]\n\"kind.coffee_cup.grams\" = [10, 20]\n".write(toFile: spec, atomically: true, encoding: .utf8)
        let r = try ocean(["tune", "replays", spec, "replays/idle-bot.replay"])
        #expect(r.status == 2, "\(r.stdout)")
        #expect(r.stderr.contains("kind.coffee_cup.grams") && r.stderr.contains("no kind 'coffee_cup'")
                && r.stderr.contains("replays/idle-bot.replay"), "\(r.stderr)")
    }

    // MARK: bounded work: replay shrink

    /// Its temporary folder is gone on every way out, a failure (exit 2) too.
    @Test func shrinkLeavesNoTemporaryFolder() throws {
        let tmp = freshFolder("hostile-shrink-tmp")
        let (r, _) = try oceanWith(["replay", "shrink", "replays/idle-bot.replay", "--test", "false", "--budget", "20",
                                    "--out", tmp + "/never.replay"], environment: ["TMPDIR": tmp])
        #expect(r.status == 2, "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: tmp).isEmpty)
    }

    /// A test that writes 300 MB: only a bounded tail is kept (the process stays small),
    /// and the message shows the end of what it wrote.
    @Test func shrinkKeepsOnlyTheTailOfTheTestsOutput() throws {
        let dir = freshFolder("hostile-shrink-output")
        let test = "head -c 300000000 /dev/zero; echo the-end; false"
        let (kilobytes, run) = try oceanPeakMemory(["replay", "shrink", "replays/idle-bot.replay", "--test", test, "--budget", "60",
                                                    "--out", dir + "/never.replay"], build: "debug")
        let e = run.stderr
        #expect(e.contains("--test does not hold") && e.contains("the-end"), "\(e.suffix(400))")
        #expect(kilobytes < 150_000, "peak RSS \(kilobytes) KiB")
    }

    /// A test that leaves a process running in the background: each candidate ends when
    /// the test itself does, and what it left is killed.
    @Test func shrinkWaitsForTheTestNotForWhatItLeftRunning() throws {
        let dir = freshFolder("hostile-shrink-background")
        let marker = "\(Int.random(in: 100_000...999_999))"
        let (r, seconds) = try oceanWith(["replay", "shrink", "replays/idle-bot.replay", "--test", "sleep 30.\(marker) & true",
                                          "--budget", "8", "--out", dir + "/small.replay"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(seconds < 20, "\(seconds) s")
        let left = Process()
        left.executableURL = URL(fileURLWithPath: "/usr/bin/pgrep")
        left.arguments = ["-f", "sleep 30.\(marker)"]
        left.standardOutput = FileHandle.nullDevice
        try left.run()
        left.waitUntilExit()
        #expect(left.terminationStatus == 1, "a background sleep of the test is still running")
    }

    /// A budget spent while the test runs on the original is said to be the budget's,
    /// not the test's ("exit status 124").
    @Test func aBudgetThatRunsOutIsReportedAsSuch() throws {
        let dir = freshFolder("hostile-shrink-budget")
        let (r, seconds) = try oceanWith(["replay", "shrink", "replays/idle-bot.replay", "--test", "sleep 20; true", "--budget", "1",
                                          "--out", dir + "/never.replay"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("--budget") && r.stderr.contains("ran out") && !r.stderr.contains("124"), "\(r.stderr)")
        #expect(seconds < 10)
    }

    // MARK: clear messages: data files

    /// Impact factors past a plausible bound are refused on load, naming file, line,
    /// key and the range.
    @Test func implausibleImpactFactorsAreRefused() throws {
        let dir = freshFolder("hostile-impact")
        let shipped = try #require(read(repoRoot + "/assets/impact.toml"))
        var lines = shipped.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let n = try #require(lines.firstIndex { $0.hasPrefix("co2e_g_per_kg") })
        lines[n] = "co2e_g_per_kg = 4482000"
        try lines.joined(separator: "\n").write(toFile: dir + "/impact.toml", atomically: true, encoding: .utf8)
        let r = try ocean(["sim", "--bot", "idle", "--days", "1", "--impact", dir + "/impact.toml"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("impact.toml:\(n + 1): kind.plastic_bottle.co2e_g_per_kg: 4482000 is out of range")
                && r.stderr.contains("from 0 to 100000"), "\(r.stderr)")
    }

    /// A kind's name with a newline (or upper case): one problem per kind, on one line,
    /// with its file and line.
    @Test func anIllFormedKindIsOneProblemOnOneLine() throws {
        let dir = freshFolder("hostile-kind-name")
        let path = dir + "/balance.toml"
        let base = shippedBalanceText.split(separator: "\n", omittingEmptySubsequences: false).count
        try (shippedBalanceText + "\n[kind.\"bad\\nkey\"]\ngrams = 5\nplastic = 1\nsize_px = 3\n[kind.Bad]\ngrams = 1\n")
            .write(toFile: path, atomically: true, encoding: .utf8)
        let r = try ocean(["sim", "--bot", "idle", "--balance", path])
        #expect(r.status == 2)
        let problems = r.stderr.split(separator: "\n")
        #expect(problems.count == 2, "\(r.stderr)")
        #expect(problems.first?.contains("balance.toml:\(base + 2): kind.\"bad\\nkey\": not a kind's name") == true, "\(r.stderr)")
        #expect(problems.last?.contains("balance.toml:\(base + 6): kind.\"Bad\": not a kind's name") == true, "\(r.stderr)")
    }
}
