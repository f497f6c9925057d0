import Foundation
import Testing

import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A designer's sweep end to end with the release binary: a run killed with SIGKILL
/// and resumed, the merge's global best and front, `--out -`, and the progress line
/// under TERM=dumb.
@Suite struct TuneResumeCLITests {
    static let binary = repoRoot + "/.build/release/ocean"

    func read(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    /// Kills a run once its journal holds `lines` lines (the header, then points).
    func killed(_ args: [String], journal: String, lines: Int) throws -> Bool {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: Self.binary)
        p.arguments = args
        p.environment = ["SWIFT_BACKTRACE": "enable=no", "PATH": "/usr/bin:/bin"]
        p.standardError = FileHandle.nullDevice
        try p.run()
        defer { p.waitUntilExit() }
        while p.isRunning {
            if let text = try? read(journal), text.split(separator: "\n").count >= lines {
                kill(p.processIdentifier, SIGKILL)
                return true
            }
            usleep(2_000)
        }
        return false
    }

    @Test func aSweepKilledAtThreePointsResumesToTheBytesOfOneUninterruptedRun() throws {
        let dir = freshFolder("tune-resume")
        let spec = try temporaryFile("resume.toml", """
            bots = ["greedy"]
            games = 300
            [vary]
            "bin.width_px" = [64, 70, 76, 82, 88, 94]
            """)
        let whole = try ocean(["tune", spec, "--jobs", "1", "--quiet", "--out", dir + "/whole.jsonl"], build: "release")
        #expect(whole.status == 0, "\(whole.stderr)")
        for (i, lines) in [1, 3, 5].enumerated() {
            let out = dir + "/run\(i).jsonl"
            let args = ["tune", spec, "--jobs", "\(1 + i % 2)", "--out", out]
            guard try killed(args, journal: out + ".part", lines: lines) else {
                Issue.record("run \(i) ended before its journal had \(lines) lines")
                continue
            }
            #expect(!FileManager.default.fileExists(atPath: out), "a killed run leaves no output")
            let again = try ocean(args, build: "release")
            #expect(again.status == 2, "without --resume the journal is not thrown away")
            #expect(again.stderr.contains("add --resume to go on with it"), "\(again.stderr)")
            let resumed = try ocean(args + ["--resume"], build: "release")
            #expect(resumed.status == 0, "\(resumed.stderr)")
            #expect(try read(out) == read(dir + "/whole.jsonl"), "killed after \(lines) journal lines")
            #expect(!FileManager.default.fileExists(atPath: out + ".part"))
            if lines > 1 { #expect(resumed.stderr.contains("taken from \(out).part"), "\(resumed.stderr)") }
        }
    }

    /// Issue 35: `--resume` of a run that already finished (a requeued batch job) exits
    /// 0 and changes nothing; a finished file of another spec is still refused.
    @Test func resumingAFinishedRunIsANoOp() throws {
        let dir = freshFolder("tune-resume-done")
        let spec = try temporaryFile("resume-done.toml", """
            bots = ["greedy"]
            games = 20
            [vary]
            "bin.width_px" = [64, 70]
            """)
        let args = ["tune", spec, "--jobs", "1", "--quiet", "--out", dir + "/done.jsonl"]
        #expect(try ocean(args).status == 0)
        let before = try read(dir + "/done.jsonl")
        let stamp = try FileManager.default.attributesOfItem(atPath: dir + "/done.jsonl")[.modificationDate] as? Date
        let again = try ocean(args + ["--resume"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try read(dir + "/done.jsonl") == before)
        #expect(try FileManager.default.attributesOfItem(atPath: dir + "/done.jsonl")[.modificationDate] as? Date == stamp)
        let other = try temporaryFile("resume-other.toml", """
            bots = ["greedy"]
            games = 20
            [vary]
            "bin.width_px" = [64, 76]
            """)
        let refused = try ocean(["tune", other, "--jobs", "1", "--quiet", "--out", dir + "/done.jsonl", "--resume"])
        #expect(refused.status == 2 && refused.stderr.contains("exists"), "\(refused.stderr)")
    }

    @Test func mergeWritesTheGlobalBestAndTheFrontOfAllShards() throws {
        let dir = freshFolder("tune-merge-best")
        let example = repoRoot + "/assets/tune/example.toml"
        let common = ["--games", "8", "--jobs", "2", "--quiet", "--objectives"]
        let whole = try ocean(["tune", example, "--out", dir + "/whole.jsonl"] + common, build: "release")
        #expect(whole.status == 0, "\(whole.stderr)")
        var shards: [String] = []
        for i in 1...3 {
            let path = dir + "/shard\(i).jsonl"
            let r = try ocean(["tune", example, "--shard", "\(i)/3", "--out", path] + common, build: "release")
            #expect(r.status == 0, "\(r.stderr)")
            #expect(!FileManager.default.fileExists(atPath: dir + "/shard\(i).best.toml"), "a shard's best is only local")
            shards.append(path)
        }
        let merged = try ocean(["tune", "merge"] + shards + ["--out", dir + "/merged.jsonl", "--pareto-chart", dir + "/front.svg",
                                                              "--importance-chart", dir + "/importance.svg"], build: "release")
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(try read(dir + "/merged.jsonl") == read(dir + "/whole.jsonl"))
        #expect(try read(dir + "/merged.jsonl").contains("\"front\":["))
        #expect(merged.stdout.contains("Pareto front over"), "\(merged.stdout)")
        #expect(merged.stdout.contains("importance (share of each metric's variance"), "\(merged.stdout)")
        // The same balance as the whole run's best, whatever the comment says.
        func values(_ path: String) throws -> [Substring] { try read(path).split(separator: "\n").filter { !$0.hasPrefix("#") } }
        #expect(try values(dir + "/merged.best.toml") == values(dir + "/whole.best.toml"))
        #expect(try read(dir + "/front.svg").contains("Pareto front"))
        // Another base balance than the shards' is refused, by its fingerprint.
        let shipped = try read(repoRoot + "/assets/balance.toml").split(separator: "\n", omittingEmptySubsequences: false)
        let nudged = shipped.map { line -> String in
            // The first gravity value, one more: still a valid balance, another fingerprint.
            guard line.hasPrefix("gravity_px_per_s2 = "), let n = Int(line.dropFirst(20).prefix { $0.isNumber }) else { return String(line) }
            return "gravity_px_per_s2 = \(n + 1)"
        }
        let other = try temporaryFile("other-balance.toml", nudged.joined(separator: "\n"))
        let wrong = try ocean(["tune", "merge"] + shards + ["--out", dir + "/m2.jsonl", "--balance", other], build: "release")
        #expect(wrong.status == 2, "\(wrong.stderr)")
        #expect(wrong.stderr.contains("but the shards started from"), "\(wrong.stderr)")
    }

    @Test func outDashWritesTheLinesToStandardOutputAndTheTableToStandardError() throws {
        let dir = freshFolder("tune-stdout")
        let spec = try temporaryFile("stdout.toml", "bots = [\"greedy\"]\ngames = 3\n[vary]\n\"bin.width_px\" = [64, 84]\n")
        let file = try ocean(["tune", spec, "--quiet", "--out", dir + "/a.jsonl"], build: "release")
        #expect(file.status == 0)
        let r = try ocean(["tune", spec, "--out", "-"], build: "release")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == (try read(dir + "/a.jsonl")))
        #expect(r.stderr.contains("catch rate [95% Wilson]"))
        #expect(!FileManager.default.fileExists(atPath: repoRoot + "/-"))
        // `-` as the spec reads standard input: the same bytes as the file.
        let p = Process()
        p.executableURL = URL(fileURLWithPath: Self.binary)
        p.arguments = ["tune", "-", "--quiet", "--out", dir + "/stdin.jsonl"]
        p.environment = ["SWIFT_BACKTRACE": "enable=no", "PATH": "/usr/bin:/bin"]
        p.currentDirectoryURL = URL(fileURLWithPath: repoRoot)
        let input = Pipe()
        p.standardInput = input
        try p.run()
        input.fileHandleForWriting.write(Data(try read(spec).utf8))
        try input.fileHandleForWriting.close()
        p.waitUntilExit()
        #expect(p.terminationStatus == 0)
        #expect(try read(dir + "/stdin.jsonl") == read(dir + "/a.jsonl"))
    }

    /// The headless program links no SDL, writes the same bytes as `ocean tune`, and
    /// says why it cannot draw a PNG.
    @Test func theHeadlessProgramGivesTheSameBytesWithoutSDL() throws {
        let dir = freshFolder("tune-headless")
        let headless = repoRoot + "/.build/release/ocean-headless"
        let ldd = try runBuilt("ocean-headless", ["--version"], build: "release")
        #expect(ldd.status == 0 && ldd.stdout.hasPrefix("ocean 0.1.0"), "\(ldd.stderr)")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/ldd")
        p.arguments = [headless]
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let libraries = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(!libraries.lowercased().contains("sdl") && !libraries.contains("libswift"), "\(libraries)")
        let example = repoRoot + "/assets/tune/example.toml"
        let a = try runBuilt("ocean-headless", ["tune", example, "--games", "5", "--quiet", "--out", dir + "/h.jsonl"], build: "release")
        #expect(a.status == 0, "\(a.stderr)")
        let b = try ocean(["tune", example, "--games", "5", "--quiet", "--out", dir + "/o.jsonl"], build: "release")
        #expect(b.status == 0)
        #expect(try read(dir + "/h.jsonl") == read(dir + "/o.jsonl"))
        // The chart as a PNG too: encoded in plain Swift, so the headless build writes
        // the very bytes the game's `ocean` does.
        let png = try runBuilt("ocean-headless", ["tune", example, "--games", "1", "--quiet", "--out", dir + "/p.jsonl",
                                                   "--png", dir + "/p.png"], build: "release")
        #expect(png.status == 0, "\(png.stderr)")
        let gamePNG = try ocean(["tune", example, "--games", "1", "--quiet", "--out", dir + "/q.jsonl", "--png", dir + "/q.png"],
                                build: "release")
        #expect(gamePNG.status == 0, "\(gamePNG.stderr)")
        let headlessBytes = FileManager.default.contents(atPath: dir + "/p.png"), gameBytes = FileManager.default.contents(atPath: dir + "/q.png")
        #expect(headlessBytes != nil && headlessBytes == gameBytes, "the same picture, byte for byte")
    }

    /// Under a terminal (script(1) gives one) the progress line moves the cursor; with
    /// TERM=dumb it is plain lines with no escape.
    @Test func noEscapesUnderTermDumb() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else {
            Issue.record("script(1) is not installed (bsdutils)")
            return
        }
        let dir = freshFolder("tune-dumb")
        let example = repoRoot + "/assets/tune/example.toml"
        func run(term: String) throws -> String {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/script")
            let command = "\(Self.binary) tune \(example) --games 120 --jobs 2 --force --out \(dir)/\(term).jsonl"
            p.arguments = ["-qec", command, "/dev/null"]
            p.environment = ["TERM": term, "SWIFT_BACKTRACE": "enable=no", "PATH": "/usr/bin:/bin"]
            let out = Pipe()
            p.standardOutput = out
            try p.run()
            let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            p.waitUntilExit()
            #expect(p.terminationStatus == 0, "\(text)")
            return text
        }
        let dumb = try run(term: "dumb")
        #expect(!dumb.contains("\u{1b}"), "\(dumb)")
        #expect(dumb.contains("tune: "), "the plain progress lines: \(dumb)")
        let xterm = try run(term: "xterm")
        #expect(xterm.contains("\u{1b}[K"), "a real terminal gets the rewritten line")
    }
}
