import OceanKernel
import OceanReplay
import OceanTune
import Testing
import TestSupport

/// `recorded-by` read back as a bot to drive again, or nil where none can be.
@Suite struct RecordedBotTests {
    func replay(_ by: String, games: Int = 2) throws -> Replay {
        var header = ReplayHeader()
        header.balance = try shippedBalance
        header.recordedBy = by
        var summary = ReplaySummary(Simulation(rules: try shippedRules, seed: 1).state)
        summary.games = games
        return Replay(header: header, end: EndRecord(tick: 10, hash: 0, summary: summary))
    }

    @Test func botsAndTheirSkillAndInputAreReadBack() throws {
        let h = try #require(RecordedBot(try replay("human (skill 50, pointer)", games: 3)))
        #expect(h.schedule == "human" && h.skill == 50 && h.input == .pointer && h.games == 3)
        let g = try #require(RecordedBot(try replay("greedy,dodge")))
        #expect(g.schedule == "greedy,dodge" && g.skill == 70 && g.input == .keys)
    }

    @Test func whatNoBotCanReplayIsNil() throws {
        for by in ["", "greedy, 20 days", "human (skill 70), 28 days", "human (skill 200)", "human (skil 50)",
                   "a player", "human(skill 50)", "robot"] {
            #expect(RecordedBot(try replay(by)) == nil, "\(by)")
        }
        #expect(RecordedBot(try replay("greedy", games: 0)) == nil, "no game played")
    }
}
