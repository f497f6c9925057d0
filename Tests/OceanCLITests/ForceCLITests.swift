import Foundation
import Testing

import TestSupport

// Issue 22: an output that exists needs --force, for every command that writes one.
// Each command is run once (writing its outputs), again without --force (refused
// before any work, exit 2, every output left byte for byte as it was), and again with
// --force (done). In the tests' process (`oceanInProcess`), but for standard streams as
// outputs and play's refusal before its window, which the debug `ocean` shows.

private func contents(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

@Suite struct ForceCLITests {
    /// Runs `args` once, then `again` (the same command, or one that would write other
    /// bytes) without --force and with it; `outputs` are the files the command writes,
    /// `refused` the flag and file the refusal names first.
    func check(_ args: [String], again: [String]? = nil, outputs: [String], refused: (String, String),
               changes: Bool = true) throws {
        let first = oceanInProcess(args)
        #expect(first.status == 0, "\(args.joined(separator: " ")): \(first.stderr)")
        let before = outputs.map(contents)
        #expect(before.allSatisfy { $0 != nil }, "\(args.joined(separator: " ")) wrote its outputs")
        let second = again ?? args
        let no = oceanInProcess(second)
        #expect(no.status == 2, "\(second.joined(separator: " ")): \(no.status) \(no.stderr)")
        #expect(no.stderr.hasPrefix("ocean: error: \(refused.0) '\(refused.1)' exists")
                    && no.stderr.contains("; add --force to replace "), "\(second): \(no.stderr)")
        #expect(no.stdout.isEmpty, "\(second): nothing was done")
        #expect(outputs.map(contents) == before, "\(second): the old outputs are untouched")
        let yes = oceanInProcess(second + ["--force"])
        #expect(yes.status == 0, "\(second) --force: \(yes.stderr)")
        if changes { #expect(outputs.map(contents) != before, "\(second) --force replaced them") }
    }

    @Test func replayCommandsNeedForceOverAnExistingOutput() throws {
        let dir = freshFolder("force-replay")
        let replay = dir + "/r.replay"
        try check(["replay", "record", "--bot", "idle", "--seed", "1", "--out", replay],
                  again: ["replay", "record", "--bot", "idle", "--seed", "2", "--out", replay],
                  outputs: [replay], refused: ("--out", replay))
        let png = dir + "/f.png"
        try check(["replay", "render", "replays/greedy-bot.replay", "--tick", "10", "--out", png],
                  again: ["replay", "render", "replays/greedy-bot.replay", "--tick", "600", "--out", png],
                  outputs: [png], refused: ("--out", png))
        let frames = dir + "/frames"
        try check(["replay", "render", "replays/greedy-bot.replay", "--every", "600", "--out-dir", frames],
                  again: ["replay", "render", "replays/greedy-bot.replay", "--every", "600", "--out-dir", frames,
                          "--scale", "2"],
                  outputs: [frames + "/tick-000000.png", frames + "/tick-000600.png"],
                  refused: ("--out-dir's frame", frames + "/tick-000000.png"))
        // Other files in the folder are no obstacle.
        let shared = dir + "/shared"
        #expect(mkdir(shared, 0o755) == 0)
        try "notes".write(toFile: shared + "/notes.txt", atomically: false, encoding: .utf8)
        #expect(oceanInProcess(["replay", "render", "replays/greedy-bot.replay", "--every", "6000", "--out-dir", shared]).status == 0)
        let shrunk = dir + "/s.replay"
        try check(["replay", "shrink", "replays/idle-bot.replay", "--test", "true", "--budget", "2", "--out", shrunk],
                  outputs: [shrunk], refused: ("--out", shrunk), changes: false)
        let junit = dir + "/report.xml"
        try check(["replay", "verify", "replays/idle-bot.replay", "--junit", junit],
                  outputs: [junit], refused: ("--junit", junit), changes: false)
    }

    @Test func verifyFramesRefusesAFolderHoldingAnEarlierRunsPictures() throws {
        let desync = try desyncedReplay("force-desync.replay")
        let frames = freshFolder("force-frames") + "/frames"
        let first = oceanInProcess(["replay", "verify", desync, "--frames", frames])
        #expect(first.status == 1, "\(first.stderr)")
        let drawn = try FileManager.default.contentsOfDirectory(atPath: frames).sorted()
        #expect(drawn.count == 2)
        let before = drawn.map { contents(frames + "/" + $0) }
        let no = oceanInProcess(["replay", "verify", desync, "--frames", frames])
        #expect(no.status == 2 && no.stdout.isEmpty, "\(no.stdout)\(no.stderr)")
        #expect(no.stderr.contains("ocean: error: --frames '\(frames)' holds 2 pictures of an earlier run ('\(frames)/\(drawn[0])')")
                    && no.stderr.contains("add --force to replace them"), "\(no.stderr)")
        #expect(drawn.map { contents(frames + "/" + $0) } == before)
        let yes = oceanInProcess(["replay", "verify", desync, "--frames", frames, "--force"])
        #expect(yes.status == 1, "\(yes.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: frames).sorted() == drawn)
    }

    @Test func audioIconAndTuneNeedForceOverAnExistingOutput() throws {
        let dir = freshFolder("force-files")
        let wav = dir + "/a.wav"
        try check(["audio", "render", "--health", "0.5", "--seconds", "0.1", "--out", wav],
                  again: ["audio", "render", "--health", "0.9", "--seconds", "0.1", "--out", wav],
                  outputs: [wav], refused: ("--out", wav))
        let icon = dir + "/icon.png"
        try check(["icon", "--size", "48", "--out", icon], again: ["icon", "--size", "64", "--out", icon],
                  outputs: [icon], refused: ("--out", icon))
        // Every tune output: the first named in the refusal, with how many more.
        let spec = dir + "/spec.toml"
        try "bots = [\"greedy\"]\ngames = 1\n[vary]\n\"bin.width_px\" = [64, 84]\n[targets.greedy]\ncatch_rate = 0.5\n"
            .write(toFile: spec, atomically: false, encoding: .utf8)
        let outs = ["--out", "--csv", "--chart", "--png", "--best"].map { flag -> (String, String) in
            (flag, dir + "/o-" + String(flag.dropFirst(2)) + ".out")
        }
        try check(["tune", spec, "--quiet"] + outs.flatMap { [$0.0, $0.1] }, outputs: outs.map(\.1),
                  refused: ("--out", outs[0].1), changes: false)
        let all = oceanInProcess(["tune", spec, "--quiet"] + outs.flatMap { [$0.0, $0.1] })
        #expect(all.stderr.contains("exists (and 4 other files); add --force to replace them"), "\(all.stderr)")
        let lone = oceanInProcess(["tune", spec, "--quiet", "--out", dir + "/new.jsonl", "--best", dir + "/new.toml",
                                   "--png", outs[3].1])
        #expect(lone.status == 2 && lone.stderr.hasPrefix("ocean: error: --png '\(outs[3].1)' exists;"), "\(lone.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/new.jsonl"))
        var shards: [String] = []
        for i in 1...2 {
            shards.append(dir + "/shard\(i).jsonl")
            #expect(oceanInProcess(["tune", spec, "--quiet", "--shard", "\(i)/2", "--out", shards[i - 1]]).status == 0)
        }
        let merged = dir + "/merged.jsonl"
        try check(["tune", "merge"] + shards + ["--out", merged], outputs: [merged], refused: ("--out", merged),
                  changes: false)
        let whatIf = dir + "/what-if.jsonl", plain = dir + "/plain.toml"
        try "bots = [\"greedy\"]\n[vary]\n\"bin.width_px\" = [70, 120]\n".write(toFile: plain, atomically: false, encoding: .utf8)
        try check(["tune", "replays", plain, "replays/greedy-bot.replay", "--out", whatIf], outputs: [whatIf],
                  refused: ("--out", whatIf), changes: false)
    }

    @Test func standardStreamsAreNeverExistingAndPlayRefusesBeforeItsWindow() throws {
        for out in ["-", "/dev/stdout"] {
            for _ in 0..<2 {
                let r = try ocean(["icon", "--size", "48", "--out", out])
                #expect(r.status == 0 && r.stdout.contains("PNG"), "\(out): \(r.stderr)")
            }
        }
        let dir = freshFolder("force-play")
        let record = dir + "/run.replay"
        try "keep".write(toFile: record, atomically: false, encoding: .utf8)
        // Refused before the window opens, so it says so with or without a display.
        let r = try ocean(["play", "--quick", "--record", record, "--profile", dir + "/profile"])
        #expect(r.status == 2 && r.stderr.hasPrefix("ocean: error: --record '\(record)' exists; add --force to replace it"),
                "\(r.stderr)")
        #expect(try String(contentsOfFile: record, encoding: .utf8) == "keep")
        #expect(!FileManager.default.fileExists(atPath: dir + "/profile"))
    }
}
