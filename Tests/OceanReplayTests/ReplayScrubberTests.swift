import Testing
import OceanKernel
import OceanReplay
import TestSupport

/// Watching a replay like a video, headless: seeks and steps land on exactly the
/// states a plain run from the start produces, and key frames stay bounded.
@Suite struct ReplayScrubberTests {
    static func golden(_ name: String) throws -> Replay {
        try ReplayReader.read(path: repoRoot + "/replays/" + name).replay
    }

    /// The hash at `tick` from a plain run from the start: what every seek must match.
    static func plainHash(_ replay: Replay, at tick: Int) -> UInt64 {
        let rules = Rules(replay.header.balance)
        var sim = Simulation(rules: rules, state: replay.header.initialState(rules: rules))
        var feed = InputFeed(replay.inputs)
        feed.play(&sim, to: tick)
        return sim.state.hash(version: ReplayFormat.stateEncoding(format: replay.header.formatVersion))
    }

    @Test func seekingThereBackAndThereAgainThenPlayingEndsOnTheEndHash() throws {
        let replay = try Self.golden("idle-bot.replay")
        let end = try #require(replay.end)
        var s = ReplayScrubber(replay)
        let n = 1_234
        s.seek(to: n)
        #expect(s.tick == n)
        let atN = s.hash()
        #expect(atN == Self.plainHash(replay, at: n))
        s.seek(to: 0)
        #expect(s.tick == 0 && s.hash() == Self.plainHash(replay, at: 0))
        s.seek(to: n)
        #expect(s.hash() == atN)
        while !s.atEnd { s.stepForward() }
        #expect(s.tick == end.tick)
        #expect(s.hash() == end.hash)
        #expect(ReplaySummary(s.state) == end.summary)
        // The replay itself is untouched and still verifies.
        #expect(s.replay == replay)
        #expect(ReplayVerifier.verify(try ReplayReader.read(path: repoRoot + "/replays/idle-bot.replay")).passed)
    }

    @Test(arguments: [1, 299, 300, 301, 1_234, 3_978])
    func stepBackIsTheStateOneTickEarlier(tick: Int) throws {
        let replay = try Self.golden("idle-bot.replay")
        var s = ReplayScrubber(replay)
        s.seek(to: tick)
        s.stepBack()
        #expect(s.tick == tick - 1)
        #expect(s.hash() == Self.plainHash(replay, at: tick - 1))
        s.stepForward()
        #expect(s.hash() == Self.plainHash(replay, at: tick))
    }

    @Test func seeksAreClampedToTheReplay() throws {
        let replay = try Self.golden("idle-bot.replay")
        var s = ReplayScrubber(replay)
        s.stepBack()
        #expect(s.tick == 0)
        s.seek(to: 1 << 40)
        #expect(s.tick == s.lastTick && s.hash() == replay.end?.hash)
        s.stepForward()
        #expect(s.tick == s.lastTick)
        // Checkpoints either side, and the ends past the first and last.
        #expect(s.checkpoint(after: 0) == replay.checkpoints[0].tick)
        #expect(s.checkpoint(before: replay.checkpoints[1].tick) == replay.checkpoints[0].tick)
        #expect(s.checkpoint(before: replay.checkpoints[0].tick) == 0)
        #expect(s.checkpoint(after: s.lastTick) == s.lastTick)
    }

    @Test func keyFramesStayBoundedAndSeeksStayShort() throws {
        let replay = try Self.golden("ten-minutes.replay")
        let end = try #require(replay.end)
        var s = ReplayScrubber(replay, keyFrameEvery: 300, maxKeyFrames: 16)
        s.seek(to: s.lastTick)
        #expect(s.hash() == end.hash)
        #expect(s.keyFrameCount <= 16)
        // 39 282 ticks in at most 16 frames: the interval doubled to 2 400, then to 4 800.
        #expect(s.keyFrameEvery == 4_800)
        // Once explored, any seek simulates less than one interval.
        for goal in [17, 20_000, 4_800, 39_000, 0, 33_333] {
            let before = s.ticksSimulated
            s.seek(to: goal)
            #expect(s.ticksSimulated - before < s.keyFrameEvery)
            #expect(s.hash() == Self.plainHash(replay, at: goal), "at \(goal)")
        }
    }

    @Test func aSeekSpreadOverFramesLandsWhereAWholeOneDoes() throws {
        let replay = try Self.golden("idle-bot.replay")
        var s = ReplayScrubber(replay)
        s.begin(seekTo: 3_000)
        var frames = 0
        while !s.continueSeek(budget: 500) { frames += 1 }
        #expect(frames == 5)
        #expect(s.tick == 3_000 && s.target == nil)
        #expect(s.hash() == Self.plainHash(replay, at: 3_000))
    }

    @Test func aCareerShowsItsGamesAndMenuActionsAsTheyHappened() throws {
        let replay = try Self.golden("career-30-days.replay")
        let end = try #require(replay.end)
        var s = ReplayScrubber(replay)
        s.seek(to: 10)
        // The first session: began, adopted, scanned four items; later days answer cards.
        #expect(s.actionTicks == s.actionTicks.sorted() && s.actionTicks.count == s.actions.count)
        let first = zip(s.actionTicks, s.actions).filter { $0.0 <= 10 }
        #expect(first.contains { if case .sessionBegan = $0.1 { $0.0 == 1 } else { false } })
        #expect(first.contains { $0.1 == .petAdopted(.cat) && $0.0 == 2 })
        #expect(first.filter { if case .scanned = $0.1 { true } else { false } }.count == 4)
        s.seek(to: s.lastTick)
        #expect(s.actions.filter { if case .cardAnswered = $0 { true } else { false } }.count >= 10)
        #expect(s.hash() == end.hash)
        #expect(s.gameStarts.count == end.summary.games && s.gameEnds.count == end.summary.games)
        #expect(zip(s.gameStarts, s.gameEnds).allSatisfy { $0 < $1 })
        #expect(s.startCommandTicks.count >= end.summary.games)
        // At the end, idle after the last game: its summary is on screen.
        #expect(s.summary(at: s.lastTick) == s.gameSummaries.last)
        #expect(s.summary(at: s.gameStarts[1]) == nil, "a new game has begun")
        // Seeking back does not find any of it twice.
        let found = (s.gameStarts, s.gameEnds, s.actionTicks, s.actions)
        s.seek(to: 5_000)
        s.seek(to: s.lastTick)
        #expect(s.gameStarts == found.0 && s.gameEnds == found.1 && s.actionTicks == found.2 && s.actions == found.3)
    }
}
