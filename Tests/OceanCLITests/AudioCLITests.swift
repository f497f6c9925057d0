import Foundation
import Testing

import TestSupport

@Suite struct AudioCLITests {
    @Test func renderWritesA48kHzStereo16BitWAV() throws {
        let out = try temporaryFile("steady.wav", "")
        let r = try ocean(["audio", "render", "--health", "0.5", "--seconds", "1", "--out", out, "--force"], build: "release")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("0 clipped"))
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: out)))
        #expect(bytes.count == 44 + 48_000 * 4)
        #expect(Array(bytes[0..<4]) == Array("RIFF".utf8) && Array(bytes[8..<12]) == Array("WAVE".utf8))
        let u32 = { (i: Int) in Int(bytes[i]) | Int(bytes[i + 1]) << 8 | Int(bytes[i + 2]) << 16 | Int(bytes[i + 3]) << 24 }
        let u16 = { (i: Int) in Int(bytes[i]) | Int(bytes[i + 1]) << 8 }
        #expect(u16(20) == 1 && u16(22) == 2 && u32(24) == 48_000 && u16(34) == 16)
        // The same render twice is the same bytes.
        let again = try temporaryFile("again.wav", "")
        _ = try ocean(["audio", "render", "--health", "0.5", "--seconds", "1", "--out", again, "--force"], build: "release")
        #expect(try Data(contentsOf: URL(fileURLWithPath: again)) == Data(bytes))
    }

    @Test func renderFollowsAReplayAndAHealthPath() throws {
        let out = try temporaryFile("replay.wav", "")
        let r = try ocean(["audio", "render", "--replay", "replays/health-rising.replay", "--seconds", "5", "--out", out, "--force"],
                          build: "release")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("5.0 s"))
        let path = try temporaryFile("sweep.txt", "# a sweep\n0 0\n2 1\n")
        let r2 = try ocean(["audio", "render", "--health-path", path, "--out", out, "--force"], build: "release")
        #expect(r2.status == 0 && r2.stdout.contains("2.0 s"), "\(r2.stderr)")
    }

    // Written through the safe replace: a link's target is replaced and the link kept,
    // with the old file's mode; a render stopped halfway leaves the old file whole.
    @Test func renderReplacesALinksTargetAndNeverLeavesHalfAFile() throws {
        let dir = freshFolder("wav")
        let target = dir + "/real.wav", link = dir + "/link.wav"
        try "old".write(toFile: target, atomically: false, encoding: .utf8)
        chmod(target, 0o640)
        symlink("real.wav", link)
        let r = oceanInProcess(["audio", "render", "--health", "0.5", "--seconds", "0.1", "--out", link, "--force"])
        #expect(r.status == 0, "\(r.stderr)")
        var st = stat()
        #expect(lstat(link, &st) == 0 && st.st_mode & 0o170000 == 0o120000, "still a link")
        let wav = [UInt8](try Data(contentsOf: URL(fileURLWithPath: target)))
        #expect(wav.count == 44 + 4_800 * 4 && Array(wav[0..<4]) == Array("RIFF".utf8))
        #expect(stat(target, &st) == 0 && st.st_mode & 0o7777 == 0o640, "the mode kept")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["link.wav", "real.wav"])

        // An hour's render killed after its first writes: the old WAV is untouched.
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "\(repoRoot)/.build/debug/ocean")
        p.arguments = ["audio", "render", "--health", "0.5", "--seconds", "3600", "--out", link, "--force"]
        p.environment = ["SWIFT_BACKTRACE": "enable=no", "PATH": "/usr/bin:/bin"]
        p.currentDirectoryURL = URL(fileURLWithPath: repoRoot)
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        func temporaryBytes() -> Int {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
            var st = stat()
            return names.filter { $0.hasPrefix(".real.wav.tmp-") }
                .map { stat(dir + "/" + $0, &st) == 0 ? Int(st.st_size) : 0 }.max() ?? 0
        }
        for _ in 0..<3_000 where temporaryBytes() < 1 << 20 { usleep(10_000) }
        #expect(temporaryBytes() >= 1 << 20, "the render wrote a megabyte to its temporary")
        kill(p.processIdentifier, SIGKILL)
        p.waitUntilExit()
        #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == Data(wav))
    }

    @Test func badInputIsExit2WithFileLineAndKey() throws {
        let out = try temporaryFile("bad.wav", "")
        let path = try temporaryFile("bad-path.txt", "0 0\n1 1.5\nfoo\n")
        let r = oceanInProcess(["audio", "render", "--health-path", path, "--out", out, "--force"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("bad-path.txt:2: health 1.5 is out of range"))
        #expect(r.stderr.contains("bad-path.txt:3: expected"))

        let design = try String(contentsOfFile: repoRoot + "/assets/audio.toml", encoding: .utf8)
            .replacingOccurrences(of: "release_ms = 150", with: "release_ms = -1")
        let file = try temporaryFile("audio.toml", design)
        let r2 = oceanInProcess(["audio", "render", "--health", "0.5", "--audio", file, "--out", out, "--force"])
        #expect(r2.status == 2)
        #expect(r2.stderr.contains("audio.toml:") && r2.stderr.contains("mix.release_ms: -1 is out of range"))

        #expect(oceanInProcess(["audio", "render", "--health", "2", "--out", out]).status == 2)
        #expect(oceanInProcess(["audio", "render", "--health", "0.5", "--replay", "x", "--out", out]).status == 2)
    }

    @Test func benchReportsTheRealTimeFactorAndNoAllocations() throws {
        let r = try oceanBench(["audio", "--seconds", "0.5", "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
        let audio = object["audio"] as! [String: Any]
        #expect((audio["realtimeFactor"] as? Int ?? 0) > 20)  // the target (200×) is for an idle machine
        #expect(audio["callbackAllocations"] as? Int == 0)
    }

    @Test func settingsAreKeptBesideTheProfile() throws {
        let dir = try temporaryFile("xdg-placeholder", "")
        let file = dir + "-settings.toml"
        let r = oceanInProcess(["audio", "settings", "--mute", "--music", "40", "--settings", file])
        #expect(r.status == 0 && r.stdout.contains("muted, master 100 %, music 40 %, effects 100 %"), "\(r.stderr)")
        let r2 = oceanInProcess(["audio", "settings", "--unmute", "--settings", file])
        #expect(r2.stdout.contains("sound on, master 100 %, music 40 %"))
        #expect(oceanInProcess(["audio", "settings", "--music", "101", "--settings", file]).status == 2)
        let r3 = oceanInProcess(["audio", "settings", "--master", "50", "--settings", file])
        #expect(r3.stdout.contains("master 50 %, music 40 %"), "\(r3.stdout)\(r3.stderr)")
        #expect(try String(contentsOfFile: file, encoding: .utf8).contains("master_percent = 50"))
        // A file from before the master volume: full master, nothing lost.
        try "mute = 0\nmusic_percent = 30\neffects_percent = 70\n".write(toFile: file, atomically: true, encoding: .utf8)
        let old = oceanInProcess(["audio", "settings", "--settings", file])
        #expect(old.status == 0 && old.stdout.contains("master 100 %, music 30 %, effects 70 %"), "\(old.stdout)\(old.stderr)")
    }
}
