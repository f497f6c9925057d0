import Foundation
import OceanKernel
import OceanStore
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
        #expect(missing.status == 2 && (missing.stdout + missing.stderr).contains("\\x1B[2Jgone.replay"), "\(missing.stdout)\(missing.stderr)")
        for run in [info, missing] {
            #expect(!(run.stdout + run.stderr).unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x9B })
        }
    }

    /// A clock leapt far past the career's last day (a wrong date, likelier than a
    /// season away) is not applied without the player's word; the career that has
    /// reached the calendar's end is told so, never advised a date past it.
    @Test func aLongLeapAsksAndTheCalendarsEndIsSaid() throws {
        let dir = freshFolder("clock-leap")
        #expect(try ocean(["sim", "--days", "1", "--date", "2020-01-01", "--bot", "greedy", "--profile", dir + "/p"]).status == 0)
        // A career a plan moved is dated by its plan: no question. Saved as a window
        // saves it (no plan's date), its last day was the clock's.
        let planned = try ocean(["play", "--mute", "--quit-after", "1", "--profile", dir + "/p"])
        #expect(!planned.stderr.contains("--accept-absence"), "\(planned.stderr)")
        let rules = try shippedRules
        let state = try #require(try Profile.load(path: dir + "/p", rules: rules))
        try Profile.save(state, kinds: rules.kindKeys, path: dir + "/p")
        let before = try String(contentsOfFile: dir + "/p", encoding: .utf8)
        let play = try ocean(["play", "--mute", "--profile", dir + "/p"])
        #expect(play.status == 2 && play.stderr.contains("days after this career's last day (2020-01-01)")
                && play.stderr.contains("--accept-absence"), "\(play.stderr)")
        #expect(try String(contentsOfFile: dir + "/p", encoding: .utf8) == before, "nothing changed")

        #expect(try ocean(["sim", "--days", "1", "--date", "9999-12-31", "--bot", "idle", "--profile", dir + "/end"]).status == 0)
        let next = try ocean(["sim", "--days", "1", "--bot", "idle", "--profile", dir + "/end"])
        #expect(next.status == 2 && next.stderr.contains("9999-12-31, the calendar's last day") && !next.stderr.contains("10000"),
                "\(next.stderr)")
    }

    /// A name that is not UTF-8 (`caf\xE9`, from a Latin-1 system) is refused with its
    /// bytes shown, before anything is read or written: Swift's arguments are text, so
    /// it would otherwise name another file (and `p\xE9`, `p\xE8` one career).
    @Test func aNonUTF8NameIsRefusedNotGuessed() throws {
        let dir = freshFolder("hostile-bytes")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/bash")
        p.arguments = ["-c", "\"$OCEAN\" sim --days 1 --bot idle --profile \"$DIR\"/p$'\\xe9' 2> \"$DIR/err\"; echo $? > \"$DIR/status\""]
        p.environment = ProcessInfo.processInfo.environment.merging(
            ["OCEAN": repoRoot + "/.build/debug/ocean", "DIR": dir, "SWIFT_BACKTRACE": "enable=no"]) { $1 }
        try p.run()
        p.waitUntilExit()
        #expect(try String(contentsOfFile: dir + "/status", encoding: .utf8) == "2\n")
        let err = try String(contentsOfFile: dir + "/err", encoding: .utf8)
        #expect(err.contains("p\\xE9") && err.contains("not UTF-8"), "\(err)")
        let made = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasPrefix("p") }
        #expect(made.isEmpty, "nothing written: \(made)")
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
