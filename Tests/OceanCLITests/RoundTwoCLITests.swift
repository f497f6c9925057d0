import Foundation
import OceanKernel
import OceanStore
import Testing
import TestSupport

// Issue 22, "Nothing lost, nothing crashes, round two": one test per finding, in the
// tests' process (`oceanInProcess`), or driving the debug `ocean` where a finding needs a
// process: a working folder or an environment of its own, standard output as a file, or
// input that once hung, trapped or aborted the program (a timeout and a status guard it).

/// Runs the debug `ocean` in `folder` with `environment` (default: the inherited one),
/// output to files, killed after `timeout` seconds (status -1) so a hang cannot hang
/// the test.
private func run(_ args: [String], in folder: String = repoRoot, environment: [String: String]? = nil,
                 timeout: Double = 60) throws -> Run {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "\(repoRoot)/.build/debug/ocean")
    p.arguments = args
    p.currentDirectoryURL = URL(fileURLWithPath: folder)
    var env = environment ?? ProcessInfo.processInfo.environment
    env["SWIFT_BACKTRACE"] = "enable=no"
    p.environment = env
    let logs = freshFolder("logs")
    let out = logs + "/stdout", err = logs + "/stderr"
    _ = FileManager.default.createFile(atPath: out, contents: nil)
    _ = FileManager.default.createFile(atPath: err, contents: nil)
    p.standardInput = FileHandle.nullDevice
    p.standardOutput = FileHandle(forWritingAtPath: out)
    p.standardError = FileHandle(forWritingAtPath: err)
    try p.run()
    let start = Date()
    var timedOut = false
    while p.isRunning {
        if Date().timeIntervalSince(start) > timeout {
            kill(p.processIdentifier, SIGKILL)
            timedOut = true
            break
        }
        usleep(10_000)
    }
    p.waitUntilExit()
    return Run(status: timedOut ? -1 : p.terminationStatus,
               stdout: (try? String(contentsOfFile: out, encoding: .utf8)) ?? "",
               stderr: (try? String(contentsOfFile: err, encoding: .utf8)) ?? "")
}

private func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

private func write(_ text: String, _ path: String) throws { try text.write(toFile: path, atomically: false, encoding: .utf8) }

/// A one-bot, one-game sweep over two widths.
private let smallSpec = "bots = [\"greedy\"]\ngames = 1\n[vary]\n\"bin.width_px\" = [64, 84]\n"

@Suite(.serialized) struct RoundTwoCLITests {
    // MARK: one-character and relative paths

    @Test func oneCharacterRelativePathsWorkEverywhere() throws {
        let dir = freshFolder("short")
        let sim = try run(["sim", "--days", "2", "--profile", "p"], in: dir)
        #expect(sim.status == 0, "\(sim.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir + "/p"))
        let show = try run(["profile", "show", "--profile", "p"], in: dir)
        #expect(show.status == 0 && show.stdout.contains("games"), "\(show.stderr)")
        let reset = try run(["profile", "reset", "--profile", "q", "--yes"], in: dir)
        #expect(reset.status == 0, "\(reset.stderr)")
        let settings = try run(["audio", "settings", "--settings", "s", "--mute"], in: dir)
        #expect(settings.status == 0 && settings.stdout.contains("muted"), "\(settings.stderr)")
        // In a folder of a relative path: made, then used.
        let nested = try run(["sim", "--days", "1", "--profile", "d/p"], in: dir)
        #expect(nested.status == 0 && FileManager.default.fileExists(atPath: dir + "/d/p"), "\(nested.stderr)")
        // A trailing slash names a folder: refused by name, not trapped.
        for flag in [["sim", "--days", "1", "--profile", "a/"], ["profile", "show", "--profile", "a/"]] {
            let r = try run(flag, in: dir)
            #expect(r.status == 2 && r.stderr.contains("'a/' ends in '/'"), "\(flag): \(r.stderr)")
        }
    }

    @Test func aPathTooLongForTheSystemSaysSo() throws {
        let long = "/tmp/" + String(repeating: "x", count: 5_000)
        for args in [["replay", "verify", long], ["sim", "--days", "1", "--profile", long], ["sim", "--balance", long],
                     ["replay", "render", repoRoot + "/replays/idle-bot.replay", "--tick", "1", "--out", long]] {
            let r = oceanInProcess(args)
            // (`replay verify` reports each file on standard output.)
            let said = r.stdout + r.stderr
            #expect(r.status == 2 && said.contains("File name too long"), "\(args[0]) \(args[1]): \(said)")
            #expect(said.count < 600, "the message shortens the path")
        }
        let name = "/tmp/" + String(repeating: "n", count: 300)
        let r = oceanInProcess(["sim", "--days", "1", "--profile", name])
        #expect(r.status == 2 && r.stderr.contains("File name too long") && r.stderr.contains("255"), "\(r.stderr)")
    }

    // MARK: outputs never overwrite inputs

    @Test func anOutputOverAnInputIsRefusedBeforeAnyWork() throws {
        let dir = freshFolder("clash")
        let replay = dir + "/r.replay"
        #expect(oceanInProcess(["replay", "record", "--bot", "greedy", "--seed", "1", "--out", replay]).status == 0)
        #expect(symlink(replay, dir + "/link.replay") == 0)
        try write("0 0\n2 1\n", dir + "/health.txt")
        try write(smallSpec, dir + "/spec.toml")
        try write(smallSpec + "[targets.greedy]\ncatch_rate = 0.5\n", dir + "/targets.toml")
        try write(shippedBalanceText, dir + "/balance.toml")
        let cases: [[String]] = [
            ["replay", "render", replay, "--tick", "10", "--out", replay],
            ["replay", "render", replay, "--tick", "10", "--out", dir + "/link.replay"],
            ["replay", "render", replay, "--tick", "10", "--out", dir + "/../" + (dir as NSString).lastPathComponent + "/r.replay"],
            ["audio", "render", "--replay", replay, "--out", replay],
            ["audio", "render", "--health-path", dir + "/health.txt", "--out", dir + "/health.txt"],
            ["tune", dir + "/spec.toml", "--out", dir + "/spec.toml"],
            ["tune", dir + "/spec.toml", "--out", dir + "/o.jsonl", "--csv", dir + "/spec.toml"],
            ["tune", dir + "/targets.toml", "--out", dir + "/o.jsonl", "--best", dir + "/targets.toml"],
            ["tune", dir + "/spec.toml", "--out", dir + "/o.jsonl", "--balance", dir + "/balance.toml", "--png", dir + "/balance.toml"],
            ["tune", "merge", replay, "--out", replay],
            ["tune", "replays", dir + "/spec.toml", replay, "--out", replay],
            ["replay", "record", "--bot", "idle", "--seed", "1", "--balance", dir + "/balance.toml", "--out", dir + "/balance.toml", "--force"],
            ["sim", "--days", "1", "--balance", dir + "/balance.toml", "--profile", dir + "/balance.toml"],
            ["profile", "reset", "--yes", "--balance", dir + "/balance.toml", "--profile", dir + "/balance.toml"],
        ]
        let before = [replay, dir + "/health.txt", dir + "/spec.toml", dir + "/balance.toml"].map(bytes)
        for args in cases {
            let r = oceanInProcess(args)
            #expect(r.status == 2, "\(args.joined(separator: " ")): \(r.status) \(r.stderr)")
            #expect(r.stderr.contains("is the same file as") && r.stderr.contains("name another file"), "\(args): \(r.stderr)")
            #expect(r.stdout.isEmpty, "\(args): nothing was done")
        }
        #expect([replay, dir + "/health.txt", dir + "/spec.toml", dir + "/balance.toml"].map(bytes) == before)
        // Two outputs over each other.
        let two = oceanInProcess(["tune", dir + "/spec.toml", "--out", dir + "/two.jsonl", "--csv", dir + "/./two.jsonl"])
        #expect(two.status == 2 && two.stderr.contains("are the same file"), "\(two.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/two.jsonl"))
    }

    @Test func standardOutputIsAnOutputLikeAnyOther() throws {
        let dir = freshFolder("stdout")
        // Standard output a pipe (the PNG, then the line saying so) and a file the shell opened.
        for (target, redirect) in [("/dev/stdout", "| cat >"), ("-", ">")] {
            let sh = Process()
            sh.executableURL = URL(fileURLWithPath: "/bin/sh")
            sh.arguments = ["-c", "'\(repoRoot)/.build/debug/ocean' replay render '\(repoRoot)/replays/idle-bot.replay' "
                + "--tick 5 --out \(target) \(redirect) '\(dir)/frame.png'"]
            sh.environment = ["SWIFT_BACKTRACE": "enable=no", "PATH": "/usr/bin:/bin"]
            try sh.run()
            sh.waitUntilExit()
            #expect(sh.terminationStatus == 0, "\(target)")
            let png = bytes(dir + "/frame.png") ?? Data()
            #expect(png.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]) && png.count > 1_000, "\(target): a PNG on standard output")
        }
        // A profile or settings file is read back and locked: a stream is no such file.
        for args in [["sim", "--days", "1", "--profile", "-"], ["profile", "show", "--profile", "/dev/stdout"],
                     ["audio", "settings", "--settings", "-"]] {
            let r = oceanInProcess(args)
            #expect(r.status == 2 && r.stderr.contains("is a standard stream; name a file"), "\(args): \(r.stderr)")
        }
        let merged = oceanInProcess(["tune", "merge", repoRoot + "/replays/idle-bot.replay", "--out", "-"])
        #expect(merged.status == 2 && !merged.stderr.contains("/proc/self/fd"), "\(merged.stderr)")
    }

    // MARK: limits checked before work

    @Test func aRecordingTheReaderWouldRefuseIsNotWritten() throws {
        let dir = freshFolder("huge")
        let start = Date()
        let r = oceanInProcess(["replay", "record", "--bot", "greedy", "--seed", "1", "--games", "1120", "--checkpoint-every", "1",
                                "--out", dir + "/big.replay"])
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr.contains("more than a replay may hold (256 MiB"), "\(r.stderr)")
        #expect(Date().timeIntervalSince(start) < 30, "refused before recording")
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).isEmpty)
    }

    @Test func tuneRangesAndGridsOfAnySizeAreRefusedNamingTheLimit() throws {
        let dir = freshFolder("spans")
        let cases: [(String, String)] = [
            ("\"bin.width_px\" = { from = -9223372036854775808, to = 9223372036854775807, step = 1 }", "at most 10000 per key"),
            ("\"bin.width_px\" = { from = -9223372036854775808, to = 9223372036854775807, step = 9223372036854775807 }", ""),
            ("\"bin.width_px\" = { from = 0, to = 9999, step = 1 }\n\"bin.max_speed_px_per_s\" = { from = 0, to = 9999, step = 1 }\n"
                + "\"bin.accel_px_per_s2\" = { from = 0, to = 99, step = 1 }", "a sweep runs at most 1000000"),
        ]
        for (vary, message) in cases {
            try write("bots = [\"greedy\"]\ngames = 1\n[vary]\n\(vary)\n", dir + "/s.toml")
            let r = try run(["tune", dir + "/s.toml", "--out", dir + "/o.jsonl", "--quiet", "--force"], timeout: 30)
            if message.isEmpty {
                // Three values, each an invalid balance: played as invalid points, no trap.
                #expect(r.status == 0 || r.status == 2, "\(r.status) \(r.stderr)")
            } else {
                #expect(r.status == 2 && r.stderr.contains(message), "\(vary): \(r.status) \(r.stderr)")
            }
        }
        for sampling in ["random", "latin"] {
            try write("bots = [\"greedy\"]\ngames = 1\nsampling = \"\(sampling)\"\nsamples = 3\n[vary]\n"
                + "\"bin.width_px\" = { from = -9223372036854775808, to = 9223372036854775807 }\n", dir + "/s.toml")
            let r = try run(["tune", dir + "/s.toml", "--out", dir + "/o.jsonl", "--quiet", "--force"], timeout: 30)
            #expect(r.status == 2 && r.stderr.contains("spans more than 1099511627776 (2^40)"), "\(sampling): \(r.stderr)")
        }
    }

    @Test func shardsAndBatchVariablesNearIntMaxAreRefusedNamingTheLimit() throws {
        let dir = freshFolder("shards")
        try write(smallSpec, dir + "/s.toml")
        let big = "9223372036854775807"
        let environments: [[String: String]] = [
            ["SLURM_ARRAY_TASK_ID": big, "SLURM_ARRAY_TASK_MIN": "-9223372036854775808", "SLURM_ARRAY_TASK_COUNT": big],
            ["SLURM_ARRAY_TASK_ID": big, "SLURM_ARRAY_TASK_MIN": "-5", "SLURM_ARRAY_TASK_COUNT": "3"],
            ["SLURM_ARRAY_TASK_ID": "-9223372036854775808", "SLURM_ARRAY_TASK_MIN": big, "SLURM_ARRAY_TASK_COUNT": "3"],
            ["JOB_COMPLETION_INDEX": big, "OCEAN_SHARD_COUNT": big],
        ]
        for env in environments {
            var e = ProcessInfo.processInfo.environment
            for (k, v) in env { e[k] = v }
            let r = try run(["tune", dir + "/s.toml", "--out", dir + "/o.jsonl", "--shard", "auto", "--quiet"], environment: e)
            #expect(r.status == 2 && r.stderr.contains("ocean: error: tune: "), "\(env): \(r.status) \(r.stderr)")
        }
        let shard = oceanInProcess(["tune", dir + "/s.toml", "--out", dir + "/o.jsonl", "--shard", "1/1000000"])
        #expect(shard.status == 2 && shard.stderr.contains("n ≤ 100000"), "\(shard.stderr)")
        let count = oceanInProcess(["tune", dir + "/s.toml", "--out", dir + "/o.jsonl", "--shard", "auto", "--shard-count", big])
        #expect(count.status == 2 && count.stderr.contains("1 to 100000"), "\(count.stderr)")
    }

    @Test func anEmptyOutputIsRefusedBeforeAnyWork() throws {
        let dir = freshFolder("empty")
        try write(smallSpec, dir + "/s.toml")
        for args in [["tune", dir + "/s.toml", "--out", ""], ["tune", dir + "/s.toml", "--out", dir + "/o", "--csv", ""],
                     ["audio", "render", "--health", "0.5", "--out", ""], ["icon", "--out", ""],
                     ["replay", "render", repoRoot + "/replays/idle-bot.replay", "--tick", "1", "--out", ""],
                     ["tune", "merge", dir + "/s.toml", "--out", ""], ["audio", "settings", "--settings", ""]] {
            let start = Date()
            let r = oceanInProcess(args)
            #expect(r.status == 2 && r.stderr.contains("an empty path"), "\(args): \(r.stderr)")
            #expect(Date().timeIntervalSince(start) < 10)
        }
    }

    @Test func benchWithOneItemPrintsNoInfinityOrNaN() throws {
        let r = try oceanBench(["--items", "1", "--seconds", "0.1"], preload: false)
        #expect(r.status == 0, "\(r.stderr)")
        for word in ["inf", "nan"] { #expect(!r.stdout.lowercased().contains(word), "\(r.stdout)") }
    }

    // MARK: files that are not regular files

    @Test func fifosFoldersAndDevicesAreRefusedWithoutWaiting() throws {
        let dir = freshFolder("fifo")
        #expect(mkfifo(dir + "/pipe", 0o600) == 0)
        let cases: [([String], String)] = [
            (["replay", "verify", dir + "/pipe"], "is a FIFO (named pipe), not a regular file"),
            (["replay", "info", dir + "/pipe"], "is a FIFO"),
            (["sim", "--balance", dir + "/pipe"], "is a FIFO"),
            (["sim", "--balance", dir], "is a folder"),
            (["sim", "--balance", "/dev/zero"], "is a character device"),
            (["profile", "show", "--profile", dir + "/pipe"], "is a FIFO"),
            (["play", "--theme", dir + "/pipe.toml"], "No such file"),
            (["audio", "render", "--health-path", dir + "/pipe", "--out", dir + "/o.wav"], "is a FIFO"),
            (["tune", dir + "/pipe", "--out", dir + "/o.jsonl"], "is a FIFO"),
        ]
        for (args, message) in cases {
            let start = Date()
            let r = try run(args, timeout: 20)
            #expect(r.status == 2, "\(args): \(r.status) \(r.stdout) \(r.stderr)")
            #expect((r.stdout + r.stderr).contains(message), "\(args): \(r.stdout) \(r.stderr)")
            #expect(Date().timeIntervalSince(start) < 10, "\(args) waited on the FIFO")
        }
    }

    // MARK: the data folder

    @Test func aRelativeOrFileDataHomeIsNamed() throws {
        let dir = freshFolder("xdg")
        let relative = try run(["profile", "show"], environment: ["PATH": "/usr/bin:/bin", "XDG_DATA_HOME": "data"])
        #expect(relative.status == 2, "\(relative.stderr)")
        #expect(relative.stderr.contains("$XDG_DATA_HOME is 'data', a relative path, which is ignored"), "\(relative.stderr)")
        try write("x", dir + "/file")
        let file = try run(["profile", "show"], environment: ["PATH": "/usr/bin:/bin", "XDG_DATA_HOME": dir + "/file"])
        #expect(file.status == 2 && file.stderr.contains("\(dir)/file (from $XDG_DATA_HOME) is not a folder"), "\(file.stderr)")
        #expect(!file.stderr.contains("ocean sim --days N --profile"), "no suggestion of a command that fails")
        // The sound settings are settings: $XDG_CONFIG_HOME's folder.
        let settings = try run(["audio", "settings"], environment: ["PATH": "/usr/bin:/bin", "XDG_CONFIG_HOME": dir + "/file"])
        #expect(settings.status == 2 && settings.stderr.contains("\(dir)/file (from $XDG_CONFIG_HOME) is not a folder"), "\(settings.stderr)")
        let config = freshFolder("xdg-config")
        let made = try run(["audio", "settings", "--mute"], environment: ["PATH": "/usr/bin:/bin", "XDG_CONFIG_HOME": config, "HOME": dir])
        #expect(made.status == 0, "\(made.stderr)")
        #expect(FileManager.default.fileExists(atPath: config + "/ocean-rescue/audio-settings.toml"))
    }

    @Test func aBalanceOverOneMebibyteIsRefusedAtLaunchNamingTheLimit() throws {
        let dir = freshFolder("big-balance")
        try write(shippedBalanceText + "\n" + String(repeating: "# padding\n", count: 110_000), dir + "/b.toml")
        let r = oceanInProcess(["sim", "--balance", dir + "/b.toml"])
        #expect(r.status == 2 && r.stderr.contains("over the limit of 1048576 bytes"), "\(r.stderr)")
    }

    /// Found by the tune spec fuzzer: a NUL in a table's name made the TOML parser then
    /// used (TOMLKit's toml++) abort the process on an assertion. The reader now refuses
    /// each of these texts by line and column, like any other mistake.
    @Test func aControlCharacterInATOMLFileIsNamedNotAnAbort() throws {
        let dir = freshFolder("control")
        try write(smallSpec + "[\u{18}\u{0}\u{0}career]\ncar2\n", dir + "/s.toml")
        let tune = try run(["tune", dir + "/s.toml", "--out", dir + "/o.jsonl"])
        #expect(tune.status == 2 && tune.stderr.contains("s.toml:5: not valid TOML: a control character (U+0018)")
                && tune.stderr.contains("(column 2)"),
                "\(tune.status) \(tune.stderr)")
        try write(shippedBalanceText + "\n[a\u{0}b]\n", dir + "/b.toml")
        let sim = try run(["sim", "--balance", dir + "/b.toml"])
        #expect(sim.status == 2 && sim.stderr.contains("a control character (U+0000)"), "\(sim.status) \(sim.stderr)")
        // The second: a table header with no name (`[` alone), in a spec and a theme;
        // a `[` inside an array or a multi-line string is no header.
        try write(smallSpec + "    [          # a header left unfinished\n", dir + "/h.toml")
        let header = try run(["tune", dir + "/h.toml", "--out", dir + "/o.jsonl"])
        #expect(header.status == 2 && header.stderr.contains("h.toml:5: not valid TOML: a table header with no name"),
                "\(header.status) \(header.stderr)")
        try write("[\n", dir + "/theme.toml")
        let theme = try run(["replay", "render", repoRoot + "/replays/idle-bot.replay", "--tick", "1", "--out", dir + "/f.png",
                             "--theme", dir + "/theme.toml"])
        #expect(theme.status == 2 && theme.stderr.contains("theme.toml:1: not valid TOML: a table header"), "\(theme.stderr)")
        try write("bots = [\n  \"greedy\",\n]\ngames = 1\nsampling = \"list\"\n[vary]\n\"bin.width_px\" = [\n  [64][0],\n]\n"
            + "x = \"\"\"\n[\n\"\"\"\n", dir + "/fine.toml")
        let fine = try run(["tune", dir + "/fine.toml", "--out", dir + "/o.jsonl"])
        #expect(!fine.stderr.contains("table header"), "\(fine.stderr)")
        // The third, in release builds too: an array opened by a stray brace.
        try write(shippedBalanceText + "\na = [}x\"]\n", dir + "/brace.toml")
        let brace = try run(["sim", "--balance", dir + "/brace.toml"])
        #expect(brace.status == 2 && brace.stderr.contains("brace.toml:\(shippedBalanceText.split(separator: "\n", omittingEmptySubsequences: false).count + 1): "
                    + "not valid TOML: expected a value, found '}' (column 6)"),
                "\(brace.status) \(brace.stderr)")
        try write("a = [}x\"]\n", dir + "/brace-theme.toml")
        let theme2 = try run(["replay", "render", repoRoot + "/replays/idle-bot.replay", "--tick", "1", "--out", dir + "/f.png",
                              "--theme", dir + "/brace-theme.toml"])
        #expect(theme2.status == 2 && theme2.stderr.contains("not valid TOML"), "\(theme2.stderr)")
    }

    @Test func aProfileAtTheCountersCapShowsItsImpact() throws {
        // Every per-kind count (lifetime and this month's) at the validator's cap, 2^50.
        let dir = freshFolder("cap")
        let path = dir + "/profile"
        #expect(try run(["sim", "--days", "2", "--profile", path]).status == 0)
        let rules = try shippedRulesWithChallenges
        var state = try #require(try Profile.load(path: path, rules: rules))
        state.career.kindCounts = state.career.kindCounts.map { _ in GameState.maxCount }
        for i in state.career.months.indices {
            state.career.months[i].kindCounts = state.career.months[i].kindCounts.map { _ in GameState.maxCount }
        }
        try Profile.save(state, path: path)
        let text = try run(["profile", "show", "--profile", path])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("t CO₂e") && text.stdout.contains("m³ water"), "\(text.stdout)")
        let json = try run(["profile", "show", "--profile", path, "--json"])
        #expect(json.status == 0, "\(json.stderr)")
        // A day played on past the cap would grow the counters past what loading
        // accepts: the save is refused, naming the field, and the old profile is kept
        // (so it still opens).
        let before = try String(contentsOfFile: path, encoding: .utf8)
        let sim = try run(["sim", "--days", "1", "--profile", path])
        #expect(sim.status == 2, "\(sim.stdout)\(sim.stderr)")
        #expect(sim.stderr.contains("not saved: state field career.") && sim.stderr.contains("kindCounts") && sim.stderr.contains("out of range")
                    && sim.stderr.contains("the previous profile is kept"), "\(sim.stderr)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == before)
        #expect(try run(["profile", "show", "--profile", path]).status == 0)
    }
}
