import Foundation
import OceanKernel
import OceanStore
import Testing
import TestSupport

/// Issue 49, a claim is checked where it is made: "the replay proves the score". A
/// listed or watched entry is checked against its replay and the shipped constants:
/// an entry as recorded is proven; one edited to 999,999 is not; one whose replay was
/// played under other constants (a 300-px bin) is named as such.
@Suite struct ScoreProofCLITests {
    /// A high-score table beside `folder/profile` with one classic entry: the greedy
    /// bot's game, recorded with `extra` arguments; the entry's figures from its replay.
    private func table(_ folder: String, extra: [String] = []) throws -> (HighScoreStore, HighScores.Entry) {
        let replay = folder + "/game.replay"
        let record = oceanInProcess(["replay", "record", "--bot", "greedy", "--seed", "2", "--out", replay] + extra)
        #expect(record.status == 0, "\(record.stderr)")
        let run = oceanInProcess(["replay", "run", replay, "--json"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stdout)")
        let got = try #require(report["outcome"] as? [String: Any], "\(report.keys)")
        let entry = HighScores.Entry(mode: .classic, score: got["score"] as? Int ?? -1, rounds: 5, catches: got["catches"] as? Int ?? -1,
                                     bestCombo: got["bestCombo"] as? Int ?? -1, date: CalendarDate(year: 2026, month: 11, day: 29),
                                     replay: "", name: "Ada")
        let store = HighScoreStore(profilePath: folder + "/profile")
        _ = try store.record(entry, replayText: try String(contentsOfFile: replay, encoding: .utf8))
        return (store, entry)
    }

    @Test func anEntryIsListedAsProvenOnlyWhenItsReplayPlaysItUnderTheShippedConstants() throws {
        let folder = freshFolder("score-proof")
        let (store, entry) = try table(folder)
        let listed = oceanInProcess(["scores", "--profile", folder + "/profile", "--mode", "classic"])
        #expect(listed.status == 0 && listed.stdout.contains("proven by its replay"), "\(listed.stdout)\(listed.stderr)")

        // The table edited by hand: the replay does not play that score.
        let text = try String(contentsOfFile: store.tablePath, encoding: .utf8)
        try text.replacingOccurrences(of: "score=\(entry.score) ", with: "score=999999 ")
            .write(toFile: store.tablePath, atomically: true, encoding: .utf8)
        let edited = oceanInProcess(["scores", "--profile", folder + "/profile", "--mode", "classic"])
        #expect(edited.stdout.contains("999999") && edited.stdout.contains("NOT PROVEN: its replay's game is classic, score \(entry.score)"),
                "\(edited.stdout)")

        // A game played with a 300-px bin: its replay plays it, under other constants.
        let wide = freshFolder("score-proof-wide")
        var balance = try String(contentsOfFile: repoRoot + "/assets/balance.toml", encoding: .utf8)
        let bin = try #require(balance.range(of: "\n[bin]\n"))
        let width = try #require(balance.range(of: #"\nwidth_px = [0-9]+"#, options: .regularExpression, range: balance.index(before: bin.upperBound)..<balance.endIndex))
        balance.replaceSubrange(width, with: "\nwidth_px = 300")
        try balance.write(toFile: wide + "/wide.toml", atomically: true, encoding: .utf8)
        _ = try table(wide, extra: ["--balance", wide + "/wide.toml"])
        let other = oceanInProcess(["scores", "--profile", wide + "/profile", "--mode", "classic"])
        #expect(other.stdout.contains("under other constants than the shipped ones (1 differ: bin.width_px=300)"), "\(other.stdout)")
    }
}
