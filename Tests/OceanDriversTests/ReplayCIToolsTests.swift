import Testing
import OceanKernel
import OceanReplay
import OceanDrivers
import TestSupport

private func golden(_ name: String) throws -> Replay {
    try ReplayReader.read(path: repoRoot + "/replays/" + name).replay
}

@Suite struct JUnitReportTests {
    @Test func markupAndCharactersXMLCannotHoldAreEscaped() {
        #expect(XMLText.escaped(#"a&b<c>"d"'e'"#) == #"a&amp;b&lt;c&gt;"d"'e'"#)
        #expect(XMLText.escaped(#"a&b<c>"d"'e'"#, attribute: true) == "a&amp;b&lt;c&gt;&quot;d&quot;&apos;e&apos;")
        #expect(XMLText.escaped("one\ntwo\tthree", attribute: true) == "one&#10;two&#9;three")
        #expect(XMLText.escaped("one\ntwo") == "one\ntwo")
        #expect(XMLText.escaped("bell\u{07}nul\u{00}") == "bell\u{FFFD}nul\u{FFFD}")
        #expect(XMLText.escaped("héllo ≠ 🐢") == "héllo ≠ 🐢")
    }

    /// A passing case holds only its system-out (the path whole, format and seed); an
    /// unreadable one an error besides.
    @Test func anUnreadableFileIsAnErrorAndAPassingOneHasNoChildren() throws {
        let read = try ReplayReader.read(path: repoRoot + "/replays/idle-bot.replay")
        var passed = FileResult(file: "replays/a.replay", verification: ReplayVerifier.verify(read))
        passed.seconds = 1.2345
        let bad = FileResult(file: "b.replay", error: "b.replay:3: a seed line is 'seed' and a number")
        let xml = JUnitReport(VerifyReport(files: [passed, bad], seconds: 2)).xml
        #expect(xml.contains(#"<testsuite name="ocean replay verify" tests="2" failures="0" errors="1" skipped="0" time="2.000">"#))
        #expect(xml.contains(#"<testcase classname="replays" name="a.replay" time="1.235">"# + "\n"
                             + "      <system-out>file replays/a.replay\nformat \(ReplayFormat.version)\nseed 11</system-out>\n    </testcase>"), "\(xml)")
        #expect(xml.contains(#"<testcase classname="." name="b.replay" time="0.000">"#))
        #expect(!xml.contains(" file=\""), "the Jenkins xunit schema has no file attribute on a case")
        #expect(xml.contains(#"<error message="b.replay:3: a seed line is &apos;seed&apos; and a number" type="invalid">"#))
    }
}

@Suite struct ReplayShrinkerTests {
    @Test func aReplaysRunsRecordedAgainGiveTheSameInputsAndEnd() throws {
        let replay = try golden("greedy-bot.replay")
        let shrinker = ReplayShrinker(header: replay.header, timeLeft: { true }, interesting: { _ in true })
        let runs = ReplayShrinker.runs(of: replay)
        #expect(runs.reduce(0) { $0 + $1.length } == replay.end!.tick)
        let again = try ReplayReader.read(bytes: Array(shrinker.candidate(runs).text.utf8), file: "again").replay
        #expect(again.inputs == replay.inputs)
        #expect(again.end == replay.end)
    }

    @Test func aShrinkKeepsWhatTheTestAsksForAndDropsTheRest() throws {
        let replay = try golden("career-absence.replay")
        func summary(_ c: ReplayShrinker.Candidate) -> ReplaySummary? {
            try? ReplayReader.read(bytes: Array(c.text.utf8), file: "candidate").replay.end?.summary
        }
        var shrinker = ReplayShrinker(header: replay.header, timeLeft: { true }) { (summary($0)?.catches ?? 0) >= 30 }
        let runs = ReplayShrinker.runs(of: replay)
        let days = runs.filter { if case .beginSession = $0.input.command { true } else { false } }.count
        #expect(days > 3)
        let shrunk = shrinker.shrink(runs)
        let best = try #require(shrunk)
        #expect(shrinker.finished)
        #expect(summary(best)!.catches >= 30)
        #expect(best.ticks * 4 < replay.end!.tick - replay.header.startTick, "\(best.ticks) ticks")
        #expect(best.runs.count < runs.count / 4)
        let read = try ReplayReader.read(bytes: Array(best.text.utf8), file: "best")
        #expect(ReplayVerifier.verify(read).passed)
        // Nothing more can go: dropping any one run that is left loses the catches.
        for i in best.runs.indices {
            var fewer = best.runs
            fewer.remove(at: i)
            #expect((summary(shrinker.candidate(fewer))?.catches ?? 0) < 30, "run \(i) of \(best.runs.count)")
        }
    }
}
