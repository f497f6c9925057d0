import Foundation
import Testing

import TestSupport

struct Run {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// Runs a built `ocean` (`release` unless `debug` is asked: what a process shows is
/// the same in both, and the release one does a test's sweeps and careers in a
/// fraction of the time) and collects what it printed.
func ocean(_ args: [String], build: String = "release") throws -> Run {
    try runBuilt("ocean", args, build: build)
}

/// The preloaded malloc interposer `make bench` runs `ocean-bench` with.
let interposerLibrary = "\(repoRoot)/.build/release/libMallocInterposerSwift.so"

/// Runs the release `ocean-bench` as `make bench` does: with the malloc interposer
/// preloaded (`LD_PRELOAD`), unless `preload` is false.
func oceanBench(_ args: [String], preload: Bool = true) throws -> Run {
    try runBuilt("ocean-bench", args, build: "release", environment: preload ? ["LD_PRELOAD": interposerLibrary] : [:])
}

/// Runs one of the package's built programs from the repository root.
func runBuilt(_ program: String, _ args: [String], build: String, environment: [String: String] = [:]) throws -> Run {
    let binary = "\(repoRoot)/.build/\(build)/\(program)"
    guard FileManager.default.isExecutableFile(atPath: binary) else {
        throw CLIError("\(binary) is missing: `make test` builds it (`make build`)")
    }
    return try runCollecting(binary, args, environment: environment)
}

/// Runs `executable` with `args` in `folder`, `environment` added (and Swift's
/// backtraces off), and collects what it printed.
func runCollecting(_ executable: String, _ args: [String], in folder: String = repoRoot,
                   environment: [String: String] = [:]) throws -> Run {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: executable)
    p.arguments = args
    p.currentDirectoryURL = URL(fileURLWithPath: folder)
    var env = ProcessInfo.processInfo.environment
    env["SWIFT_BACKTRACE"] = "enable=no"
    // The interposer only where a test asks for it (`oceanBench`), never inherited.
    env.removeValue(forKey: "LD_PRELOAD")
    env.merge(environment) { $1 }
    p.environment = env
    let out = Pipe(), err = Pipe()
    p.standardOutput = out
    p.standardError = err
    try p.run()
    let o = out.fileHandleForReading.readDataToEndOfFile(), e = err.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    return Run(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self))
}

/// Runs a built `ocean` (in the repository) under `/usr/bin/time`: its peak resident
/// memory in KiB, what the memory tests bound, and the run (status, output).
func oceanPeakMemory(_ args: [String], build: String = "release") throws -> (kilobytes: Int, run: Run) {
    let rss = freshFolder("peak-rss") + "/rss"
    let run = try runCollecting("/usr/bin/time", ["-f", "%M", "-o", rss, "\(repoRoot)/.build/\(build)/ocean"] + args)
    let last = (try? String(contentsOfFile: rss, encoding: .utf8))?.split(separator: "\n").last.map(String.init) ?? ""
    return (Int(last) ?? Int.max, run)
}

struct CLIError: Error, CustomStringConvertible {
    let description: String
    init(_ d: String) { description = d }
}

func temporaryFile(_ name: String, _ text: String) throws -> String {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ocean-cli-\(getpid())")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    let path = dir.appendingPathComponent(name).path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
}

/// The shipped balance's text; empty if it cannot be read, so the tests that edit it
/// fail on their own (the file's own tests say why) instead of stopping the run.
let shippedBalanceText = (try? String(contentsOfFile: repoRoot + "/assets/balance.toml", encoding: .utf8)) ?? ""

@Suite struct SimCommandTests {
    @Test func simPrintsTheDocumentedJSON() throws {
        let r = oceanInProcess(["sim", "--bot", "greedy", "--seed", "7", "--games", "2", "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
        for key in ["ticks", "games", "catches", "misses", "perfectGames", "bestCombo", "score", "grams", "health", "phase", "hash"] {
            #expect(object[key] != nil, "missing \(key)")
        }
        #expect(object["games"] as? Int == 2)
        let hash = object["hash"] as! String
        #expect(hash.count == 16 && hash.allSatisfy(\.isHexDigit))
        #expect((object["health"] as? Int).map { (0...10_000).contains($0) } == true)
    }

    @Test func releaseAndDebugBuildsPrintIdenticalJSON() throws {
        for (bot, seed) in [("greedy", "1"), ("human", "2"), ("idle", "3"), ("human", "18446744073709551615")] {
            let args = ["sim", "--bot", bot, "--seed", seed, "--games", "3", "--json"]
            let debug = try ocean(args, build: "debug")
            let release = try ocean(args, build: "release")
            #expect(debug.status == 0 && release.status == 0)
            #expect(debug.stdout == release.stdout, "\(bot) seed \(seed)")
        }
    }

    @Test func twoProcessesAgree() throws {
        let args = ["sim", "--bot", "human", "--seed", "42", "--games", "2", "--json"]
        let a = try ocean(args), b = try ocean(args)
        #expect(a.stdout == b.stdout && !a.stdout.isEmpty)
    }

    @Test func differentSeedsDiffer() throws {
        let a = oceanInProcess(["sim", "--seed", "1", "--json"]), b = oceanInProcess(["sim", "--seed", "2", "--json"])
        #expect(a.stdout != b.stdout)
    }

    /// End to end: the program's exit status and its one error prefix.
    @Test func badFlagsExitWithStatusTwo() throws {
        for args in [["sim", "--bot", "wizard"], ["sim", "--games", "0"], ["sim", "--seed", "-1"],
                     ["sim", "--skill", "101"], ["sim", "--frobnicate"], ["nonsense"]] {
            let r = try ocean(args)
            #expect(r.status == 2, "\(args)")
            #expect(!r.stderr.isEmpty)
            #expect(r.stdout.isEmpty)
        }
        let wizard = try ocean(["sim", "--bot", "wizard"])
        #expect(wizard.stderr.hasPrefix("ocean: error: ") && wizard.stderr.contains("allowed: idle, greedy, human, dodge"),
                "\(wizard.stderr)")
    }
}

@Suite struct BalanceFileCLITests {
    private func run(with text: String, name: String) throws -> Run {
        oceanInProcess(["sim", "--balance", try temporaryFile(name, text), "--json"])
    }

    private func replacing(_ old: String, _ new: String) -> String {
        shippedBalanceText.replacingOccurrences(of: old, with: new)
    }

    @Test(arguments: [
        ("type", "grams = 9 ", "grams = 9.25 ", "kind.plastic_bottle.grams: expected a whole number", "grams = 9.25"),
        ("range", "max_live = 512", "max_live = 0", "items.max_live: 0 is out of range; allowed: a whole number from 1 to 100000", "max_live = 0"),
        ("missing", "spawn_burst = 1 ", "# (removed) ", "items.spawn_burst: missing", "[items]"),
        ("unknown", "hysteresis = 150", "hysteresis = 150\nhysterisis = 3", "health.hysterisis: unknown key; did you mean 'health.hysteresis'?", "hysterisis = 3"),
        ("syntax", "start = 2250", "start = ", "not valid TOML", "start = "),
        ("cross", "rim_px = 580", "rim_px = 640", "bin.rim_px: must be above the water line", "rim_px = 640"),
    ])
    func eachKindOfErrorExitsTwoNamingFileLineAndKey(kind: String, old: String, new: String, expected: String,
                                                     at: String) throws {
        let text = replacing(old, new)
        #expect(text != shippedBalanceText)
        let r = try run(with: text, name: "\(kind).toml")
        #expect(r.status == 2)
        #expect(r.stdout.isEmpty, "nothing runs")
        #expect(r.stderr.contains(expected), "\(r.stderr)")
        // file:line: at the start of the message.
        let lineNumber = try #require(text.components(separatedBy: "\n").firstIndex { $0.hasPrefix(at) }) + 1
        #expect(r.stderr.contains("\(kind).toml:\(lineNumber): "), "\(r.stderr)")
    }

    @Test func aMissingFileExitsTwo() throws {
        let r = oceanInProcess(["sim", "--balance", "/nonexistent/balance.toml"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("/nonexistent/balance.toml: cannot read the file"))
    }

    @Test func aValidOtherBalanceChangesTheOutcome() throws {
        let r = try run(with: replacing("points_per_catch = 10", "points_per_catch = 13"), name: "points.toml")
        let d = oceanInProcess(["sim", "--json"])
        #expect(r.status == 0)
        #expect(r.stdout != d.stdout)
    }
}

@Suite struct BenchCommandTests {
    /// `ocean-bench` with the interposer preloaded, as `make bench` runs it.
    @Test func benchReportsItsFiguresAndAZeroAllocationTick() throws {
        let r = try oceanBench(["--seconds", "0.3", "--items", "3000", "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let o = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any], "\(r.stdout)")
        let typical = try #require(o["typical"] as? [String: Any])
        let stress = try #require(o["stress"] as? [String: Any])
        #expect((typical["ticksPerSecond"] as? Int ?? 0) > 0)
        // CPU-time rates beside the wall ones: what compares between builds on a shared machine.
        #expect((typical["ticksPerCPUSecond"] as? Int ?? 0) > 0)
        #expect((typical["cpuSeconds"] as? Double ?? 0) > 0)
        // A typical tick with a career session open (challenges, calendar, progress).
        let session = try #require(o["session"] as? [String: Any])
        #expect((session["ticksPerSecond"] as? Int ?? 0) > 0)
        #expect((session["ticksPerCPUSecond"] as? Int ?? 0) > 0)
        #expect((session["ticks"] as? Int ?? 0) > 0)
        #expect(stress["items"] as? Int == 3000)
        #expect((stress["ticksPerSecond"] as? Int ?? 0) > 0)
        #expect((stress["ticksPerCPUSecond"] as? Int ?? 0) > 0)
        #expect((stress["cpuNsPerItemUpdate"] as? Double ?? 0) > 0)
        #expect((o["peakMemoryBytes"] as? Int ?? 0) > 0)
        // Replay verify timed in turns with the typical tick, on a replay of those games.
        let verify = try #require(o["replayVerify"] as? [String: Any])
        #expect((verify["ticksPerCPUSecond"] as? Int ?? 0) > 0 && (verify["versusKernel"] as? Double ?? 0) > 0, "\(verify)")
        // Counted through the malloc interposer; null would mean not counted.
        let allocations = try #require(o["allocations"] as? [String: Any])
        #expect((allocations["typicalTicks"] as? Int ?? 0) > 1_000)
        #expect(allocations["typicalAllocations"] as? Int == 0)
        #expect(allocations["stressAllocations"] as? Int == 0)
        #expect((allocations["sessionTicks"] as? Int ?? 0) > 1_000)
        #expect(allocations["sessionAllocations"] as? Int == 0)
        // The renderer's busy Thriving scene: fast enough to count, and nothing
        // allocated per frame once warm.
        let render = try #require(o["render"] as? [String: Any])
        #expect(render["width"] as? Int == 640 && render["height"] as? Int == 360)
        #expect((render["framesPerSecond"] as? Int ?? 0) > 0)
        #expect((render["framesPerCPUSecond"] as? Int ?? 0) > 0)
        // The yardstick in the same run: a C vertical gradient fill of the same framebuffer.
        #expect((render["cGradientFillFramesPerSecond"] as? Int ?? 0) > 0, "\(render)")
        #expect((render["cGradientFillFramesPerCPUSecond"] as? Int ?? 0) > 0, "\(render)")
        #expect((render["versusCGradientFill"] as? Double ?? 0) > 0, "\(render)")
        #expect(render["allocationsPerFrame"] as? Int == 0, "\(render)")
        #expect(render["careerScreensAllocationsPerFrame"] as? Int == 0, "the menu, a card, the charts…: \(render)")
        // Launch to the first frame under Xvfb: a number where xvfb-run is installed,
        // otherwise null and the text says why.
        #expect(o.keys.contains("firstFrameMs"))
        if onPath("xvfb-run") {
            #expect((o["firstFrameMs"] as? Double ?? 0) > 0, "\(o["firstFrameMs"] ?? "none")")
        } else {
            #expect(o["firstFrameMs"] is NSNull)
        }
    }

    /// Without the preloaded interposer nothing is counted, and the bench says so
    /// rather than show 0: neither the bench nor the game links the interposer.
    @Test func withoutThePreloadAllocationsAreNotCounted() throws {
        let r = try oceanBench(["audio", "--seconds", "0.1", "--json"], preload: false)
        #expect(r.status == 0, "\(r.stderr)")
        let o = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
        let audio = try #require(o["audio"] as? [String: Any])
        #expect(audio["callbackAllocations"] is NSNull, "\(audio)")
        #expect((audio["realtimeFactor"] as? Int ?? 0) > 0)
    }

    /// The game has no benchmark: `ocean bench` is an unknown subcommand (exit 2);
    /// neither release binary needs the interposer's library or a toolchain folder.
    @Test func theGameHasNoBenchmark() throws {
        let r = try ocean(["bench"], build: "release")
        #expect(r.status == 2, "\(r.stdout)\(r.stderr)")
        for program in ["ocean", "ocean-bench"] {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            p.arguments = ["readelf", "-d", "\(repoRoot)/.build/release/\(program)"]
            let out = Pipe()
            p.standardOutput = out
            try p.run()
            let dynamic = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            p.waitUntilExit()
            #expect(p.terminationStatus == 0 && dynamic.contains("(NEEDED)"), "readelf -d \(program)")
            for line in dynamic.split(separator: "\n") where line.contains("NEEDED") || line.contains("RUNPATH") {
                #expect(!line.contains("MallocInterposer") && !line.contains("swift"), "\(program): \(line)")
            }
        }
    }

    /// `ocean-bench kernel`: the kernel's figures without the windowed runs, so a
    /// change to the tick is compared A/B in seconds; its flags checked as `all`'s.
    @Test func theKernelsFiguresComeAlone() throws {
        let r = try oceanBench(["kernel", "--seconds", "0.2", "--items", "500", "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let o = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
        let drivers = try #require(o["drivers"] as? [String: Any]), stress = try #require(o["stress"] as? [String: Any])
        #expect((drivers["careerVersusKernel"] as? Double ?? 0) > 0 && (drivers["simIdleVersusKernel"] as? Double ?? 0) > 0,
                "\(drivers)")
        #expect((stress["versusC"] as? Double ?? 0) > 0 && stress["items"] as? Int == 500, "\(stress)")
        #expect(o["replayVerify"] is [String: Any] && o["typical"] is [String: Any])
        #expect(o["render"] == nil && o["audio"] == nil && o["playing"] == nil, "\(o.keys.sorted())")
        let bad = try oceanBench(["kernel", "--items", "0"], preload: false)
        #expect(bad.status == 2 && bad.stderr.contains("--items"), "\(bad.stderr)")
    }

    @Test func badSecondsExitTwoNamingTheFlag() throws {
        let r = try oceanBench(["--seconds", "0"], preload: false)
        #expect(r.status == 2 && r.stderr.contains("--seconds"), "\(r.stderr)")
    }
}

/// A path in a fresh folder of its own, with no file there yet.
func freshPath(_ name: String) throws -> String {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ocean-cli-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    return dir.appendingPathComponent(name).path
}
