import Foundation
import Testing
import TestSupport

/// A replay that says it is a Daily Ocean is held to it by `replay verify` (issue 50):
/// the corpus's daily runs pass, and one whose seed is not its day's, made to verify
/// otherwise (its checkpoints rewritten), is refused naming the day and the seed.
@Suite struct DailyReplayClaimTests {
    @Test func aDailyReplayWhoseSeedIsNotItsDaysIsRefused() throws {
        let corpus = repoRoot + "/replays/daily-2026-12-01.replay"
        #expect(try ocean(["replay", "verify", corpus, repoRoot + "/replays/daily-2027-02-14-gentle.replay"]).status == 0)
        let text = try String(contentsOfFile: corpus, encoding: .utf8)
        let seedLine = try #require(text.split(separator: "\n").first { $0.hasPrefix("seed ") })
        let forged = freshFolder("daily-claim") + "/forged.replay"
        try fixedChecksum(text.replacingOccurrences(of: "\n\(seedLine)\n", with: "\nseed 123\n"))
            .write(toFile: forged, atomically: true, encoding: .utf8)
        // Its hashes made to match its inputs under the forged seed: only the claim is wrong.
        #expect(try ocean(["replay", "update", forged]).status == 0)
        let r = try ocean(["replay", "verify", forged])
        #expect(r.status != 0, "\(r.stdout)")
        #expect(r.stdout.contains("not the Daily Ocean of 2026-12-01: the replay's seed 123 is not the day's seed"), "\(r.stdout)\(r.stderr)")
        // Without the claim (another comment), the same file is an ordinary replay that verifies.
        let plain = try String(contentsOfFile: forged, encoding: .utf8)
            .replacingOccurrences(of: "\ncomment The Daily Ocean of 2026-12-01\n", with: "\ncomment a practice run\n")
        try fixedChecksum(plain).write(toFile: forged, atomically: true, encoding: .utf8)
        #expect(try ocean(["replay", "verify", forged]).status == 0)
    }
}
