import OceanKernel

/// A replay as a video: play, step forward or back one tick, seek to any tick.
/// Plain Swift, so `ocean replay watch` only maps keys to these calls and every
/// seek can be tested headless.
///
/// Seeking restores the nearest key frame at or before the target and simulates
/// forward (dsda-doom's key frames). Key frames are taken as the run first passes
/// each multiple of `keyFrameEvery` ticks; past `maxKeyFrames` every other one is
/// dropped and the interval doubles, so memory stays bounded on any replay and a
/// seek never simulates more than one interval from a tick already reached.
///
/// The simulation is always re-derived from the replay's own inputs and constants:
/// a key frame is a copy of a state this same run produced, so seeking cannot
/// change what the replay verifies as.
public struct ReplayScrubber {
    /// A state to seek from, with the input feed positioned for it.
    struct KeyFrame {
        var state: GameState
        var feed: InputFeed
    }

    public let replay: Replay
    public let rules: Rules
    /// The hash version the replay's own checkpoints and end record use.
    public let encoding: UInt64
    /// The tick the replay starts at and the last one it plays to.
    public let firstTick: Int
    public let lastTick: Int
    /// Ticks of the replay's checkpoints and of its `start` commands, for the timeline.
    public let checkpointTicks: [Int]
    public let startCommandTicks: [Int]

    public private(set) var simulation: Simulation
    private var feed: InputFeed
    /// Key frames at `firstTick + k × keyFrameEvery`, in tick order.
    private var keyFrames: [KeyFrame] = []
    public private(set) var keyFrameEvery: Int
    public let maxKeyFrames: Int
    /// The furthest tick simulated so far: every tick up to it has been seen once.
    public private(set) var explored: Int
    /// Games found up to `explored`: game i began on `gameStarts[i]` and, once over,
    /// ended on `gameEnds[i]` with `gameSummaries[i]`. Plain arrays, so the front
    /// can draw them without knowing this target.
    public private(set) var gameStarts: [Int] = []
    public private(set) var gameEnds: [Int] = []
    public private(set) var gameSummaries: [GameSummary] = []
    /// Menu-type actions found up to `explored` (sessions, scans, studies, adoptions,
    /// and such commands ignored), each with the tick it happened on, in tick order.
    public private(set) var actionTicks: [Int] = []
    public private(set) var actions: [Event] = []
    /// Where a seek is heading while it is spread over several frames.
    public private(set) var target: Int?
    /// Ticks simulated since the scrubber was made (what seeks cost).
    public private(set) var ticksSimulated = 0

    /// `keyFrameEvery` defaults to five seconds of game time.
    public init(_ replay: Replay, keyFrameEvery: Int = 5 * Fixed.ticksPerSecond, maxKeyFrames: Int = 256) {
        precondition(keyFrameEvery > 0 && maxKeyFrames >= 2)
        self.replay = replay
        rules = Rules(replay.header.balance)
        encoding = ReplayFormat.stateEncoding(format: replay.header.formatVersion)
        firstTick = replay.header.startTick
        lastTick = max(firstTick, replay.end?.tick ?? replay.lastTick)
        checkpointTicks = replay.checkpoints.map(\.tick)
        startCommandTicks = replay.inputs.filter { if case .start = $0.input.command { true } else { false } }.map(\.tick)
        simulation = Simulation(rules: rules, state: replay.header.initialState(rules: rules))
        feed = InputFeed(replay.inputs)
        self.keyFrameEvery = keyFrameEvery
        self.maxKeyFrames = maxKeyFrames
        explored = firstTick
        keyFrames.reserveCapacity(maxKeyFrames + 1)
        keyFrames.append(KeyFrame(state: simulation.state, feed: feed))
        // A continued career may begin mid-game.
        if simulation.state.mode != .idle { gameStarts.append(firstTick) }
    }

    public var tick: Int { simulation.state.tick }
    public var state: GameState { simulation.state }
    /// The last step's events (none right after a seek lands on a key frame).
    public var events: [Event] { simulation.events }
    public var keyFrameCount: Int { keyFrames.count }
    public var atEnd: Bool { tick >= lastTick }

    /// One tick forward (nothing at the end).
    public mutating func stepForward() {
        target = nil
        if tick < lastTick { advance() }
    }

    /// One tick back: the state one tick earlier, found by seeking.
    public mutating func stepBack() {
        seek(to: tick - 1)
    }

    /// Seeks to `tick` (clamped to the replay) at once.
    public mutating func seek(to tick: Int) {
        begin(seekTo: tick)
        _ = continueSeek(budget: .max)
    }

    /// Starts a seek to `tick` (clamped): jumps to the best key frame; the rest is
    /// simulated by `continueSeek`, so a long seek can be spread over frames.
    public mutating func begin(seekTo tick: Int) {
        let goal = min(max(tick, firstTick), lastTick)
        target = goal
        // A key frame helps when the goal is behind us or a key frame lies between.
        let i = keyFrameIndex(atOrBefore: goal)
        if goal < self.tick || keyFrames[i].state.tick > self.tick {
            simulation = Simulation(rules: rules, state: keyFrames[i].state)
            feed = keyFrames[i].feed
        }
    }

    /// Simulates toward the seek's target at most `budget` ticks; true once there
    /// (or when no seek is under way).
    public mutating func continueSeek(budget: Int) -> Bool {
        guard let goal = target else { return true }
        var left = budget
        while tick < goal && left > 0 {
            advance()
            left -= 1
        }
        if tick >= goal { target = nil }
        return target == nil
    }

    /// The summary screen's game at `tick`: the last one over by then, unless
    /// another has begun since.
    public func summary(at tick: Int) -> GameSummary? {
        guard let i = gameEnds.lastIndex(where: { $0 <= tick }) else { return nil }
        if i + 1 < gameStarts.count && gameStarts[i + 1] <= tick { return nil }  // the next game is on
        return gameSummaries[i]
    }

    /// The nearest checkpoint after `tick`, or the end.
    public func checkpoint(after tick: Int) -> Int {
        checkpointTicks.first { $0 > tick } ?? lastTick
    }

    /// The nearest checkpoint before `tick`, or the start.
    public func checkpoint(before tick: Int) -> Int {
        checkpointTicks.last { $0 < tick } ?? firstTick
    }

    /// The current state's hash, in the encoding of the replay's own checkpoints and end.
    public func hash() -> UInt64 { simulation.state.hash(version: encoding) }

    /// The last key frame at or before `tick`: one is always at `firstTick`.
    func keyFrameIndex(atOrBefore tick: Int) -> Int {
        var lo = 0, hi = keyFrames.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if keyFrames[mid].state.tick <= tick { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// One step with the replay's input; the first time a tick is reached, what it
    /// found is noted (games, actions) and a key frame kept if one is due.
    private mutating func advance() {
        simulation.step(feed.input(at: simulation.state.tick))
        ticksSimulated += 1
        let now = simulation.state.tick
        guard now > explored else { return }
        explored = now
        note(simulation.events, at: now)
        if (now - firstTick) % keyFrameEvery == 0 { keep() }
    }

    private mutating func note(_ events: [Event], at tick: Int) {
        for event in events {
            switch event {
            case .gameStarted: gameStarts.append(tick)
            case .gameOver(let summary) where gameEnds.count < gameStarts.count:
                gameEnds.append(tick)
                gameSummaries.append(summary)
            case .sessionBegan, .scanned, .cardStudied, .cardAnswered, .cardMastered, .petAdopted, .dateWentBack, .inputIgnored,
                 .dailyCredited:
                actionTicks.append(tick)
                actions.append(event)
            default: break
            }
        }
    }

    /// Keeps a key frame; past the limit, every other one goes and the interval
    /// doubles (the one at `firstTick` always stays).
    private mutating func keep() {
        keyFrames.append(KeyFrame(state: simulation.state, feed: feed))
        guard keyFrames.count > maxKeyFrames else { return }
        keyFrameEvery *= 2
        let every = keyFrameEvery, first = firstTick
        keyFrames.removeAll { ($0.state.tick - first) % every != 0 }
    }
}
