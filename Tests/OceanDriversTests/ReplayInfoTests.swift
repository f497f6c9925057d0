import Testing
import OceanBalance
import OceanDrivers
import OceanReplay
import TestSupport

/// `ocean replay info` on a replay that continues a saved career, as a high score's
/// proof does (issue 48): the replay's own game, not the career's lifetime.
@Suite struct ReplayInfoTests {
    @Test func aReplayFromASavedCareerSaysItsOwnGameThenTheCareer() throws {
        let read = try ReplayReader.read(path: repoRoot + "/replays/continued-career.replay")
        let start = try #require(read.replay.header.startState)
        let end = try #require(read.replay.end)
        let text = ReplayInfo(file: "continued-career.replay", read: read, shipped: nil).text
        #expect(text.contains("summary       1 game, "), "\(text)")
        #expect(text.contains(" (this replay)\n"), "\(text)")
        #expect(text.contains("career        \(end.summary.games) games, "), "\(text)")
        #expect(text.contains("length        \(end.tick - start.tick) ticks"), "\(text)")
        #expect(end.summary.games == start.totals.games + 1)
    }

    @Test func aReplayFromANewGameIsSummedAsBefore() throws {
        let read = try ReplayReader.read(path: repoRoot + "/replays/greedy-bot.replay")
        let text = ReplayInfo(file: "greedy-bot.replay", read: read, shipped: nil).text
        #expect(text.contains("summary       3 games, ") && !text.contains("career        "), "\(text)")
    }
}
