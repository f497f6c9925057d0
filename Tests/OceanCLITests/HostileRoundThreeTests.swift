import Foundation
import Testing

import TestSupport

/// Issue 34, "nothing lost, nothing injected, round three": the terminal shows text,
/// not commands; a summary never lands inside the file written to standard output;
/// `help` for a command that is not there says so.
@Suite struct HostileRoundThreeTests {
    /// A replay's comment holding escape sequences (a window title set, the screen
    /// cleared) and a file name holding one: every message shows them written out.
    @Test func escapeSequencesAreShownNotObeyed() throws {
        let dir = freshFolder("hostile-escapes")
        let nasty = "hi\u{1B}]0;owned\u{07}\u{1B}[2J\u{9B}31m"
        let out = dir + "/c.replay"
        #expect(try ocean(["replay", "record", "--bot", "idle", "--seed", "1", "--out", out, "--comment", nasty]).status == 0)
        let info = try ocean(["replay", "info", out])
        #expect(info.status == 0)
        #expect(info.stdout.contains("hi\\x1B]0;owned\\x07\\x1B[2J\\u009B31m"), "\(info.stdout)")
        let missing = try ocean(["replay", "verify", dir + "/\u{1B}[2Jgone.replay"])
        #expect(missing.status == 2 && missing.stderr.contains("\\x1B[2Jgone.replay"), "\(missing.stderr)")
        for run in [info, missing] {
            #expect(!(run.stdout + run.stderr).unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x9B })
        }
    }

    @Test func helpForACommandThatIsNotThereIsAnError() throws {
        let top = try ocean(["help", "nosuch"])
        #expect(top.status == 2 && top.stderr.contains("no command 'nosuch'") && top.stderr.contains("replay"), "\(top.stderr)")
        let sub = try ocean(["help", "replay", "nosuch"])
        #expect(sub.status == 2 && sub.stderr.contains("verify"), "\(sub.stderr)")
        let real = try ocean(["help", "replay", "verify"])
        #expect(real.status == 0 && real.stdout.contains("OVERVIEW"))
    }

    /// With the file on standard output, the closing line goes to standard error: the
    /// WAV is exactly as long as its header says, the PNG ends at its IEND chunk.
    @Test func aSummaryNeverLandsInTheFileOnStandardOutput() throws {
        let dir = freshFolder("hostile-stdout")
        #expect(try ocean(["replay", "record", "--bot", "idle", "--seed", "1", "--out", dir + "/r.replay"]).status == 0)
        let binary = repoRoot + "/.build/debug/ocean"
        let script = """
            set -e
            "\(binary)" audio render --health 0.5 --seconds 1 --out - > "\(dir)/a.wav" 2> "\(dir)/a.err"
            "\(binary)" replay render "\(dir)/r.replay" --tick 60 --out /dev/stdout > "\(dir)/f.png" 2> "\(dir)/f.err"
            """
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/bash")
        p.arguments = ["-c", script]
        p.environment = ProcessInfo.processInfo.environment.merging(["SWIFT_BACKTRACE": "enable=no"]) { $1 }
        try p.run()
        p.waitUntilExit()
        #expect(p.terminationStatus == 0)
        let wav = try Data(contentsOf: URL(fileURLWithPath: dir + "/a.wav"))
        let riff = wav.count >= 8 ? Int(wav[4]) | Int(wav[5]) << 8 | Int(wav[6]) << 16 | Int(wav[7]) << 24 : -1
        #expect(wav.count == riff + 8, "\(wav.count) bytes, the header says \(riff + 8)")
        #expect(try String(contentsOfFile: dir + "/a.err", encoding: .utf8).contains("rendered -"))
        let png = try Data(contentsOf: URL(fileURLWithPath: dir + "/f.png"))
        #expect(png.suffix(8) == Data([0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]), "the PNG ends at IEND")
        #expect(try String(contentsOfFile: dir + "/f.err", encoding: .utf8).contains("wrote /dev/stdout"))
    }
}
