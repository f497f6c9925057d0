import OceanKernel

/// Where a re-simulation stopped agreeing with the recording.
public struct Divergence: Equatable, Sendable {
    /// The first divergent tick: the tick whose step (driven by that tick's input)
    /// is the first to produce a different state, found from the per-tick
    /// fingerprints; nil for the later checkpoints `--keep-going` reports.
    public var firstTick: Int?
    /// The checkpoint (or end record) where the difference was seen.
    public var checkpointTick: Int
    public var line: Int
    public var subsystems: [Subsystem]
    public var expected: ReadableFields
    public var got: ReadableFields
}

/// What verifying one replay found.
public struct Verification: Sendable {
    public var divergences: [Divergence] = []
    /// Set when the file stops before its end: the tick of its last whole record.
    public var truncatedAt: Int?
    /// The end summary differs (reported when no checkpoint already did).
    public var endMismatch: (expected: ReplaySummary, got: ReplaySummary)?
    public var ticksSimulated = 0
    public var final: GameState?

    public var passed: Bool { divergences.isEmpty && truncatedAt == nil && endMismatch == nil }
}

/// Re-simulates a replay with the constants it carries and checks every checkpoint
/// and the end record against it.
public enum ReplayVerifier {
    public static func verify(_ read: ReadReplay, keepGoing: Bool = false) -> Verification {
        let replay = read.replay
        var result = Verification()
        let rules = Rules(replay.header.balance)
        // Hashes as the file's format computed them (format 2: state encoding 2).
        let encoding = ReplayFormat.stateEncoding(format: replay.header.formatVersion)
        var sim = Simulation(rules: rules, state: replay.header.initialState(rules: rules))
        var feed = InputFeed(replay.inputs)
        var lastGood = sim.state
        var lastGoodFeed = feed
        let endTick = replay.end?.tick ?? replay.lastTick

        for checkpoint in replay.checkpoints {
            while sim.state.tick < checkpoint.tick {
                sim.step(feed.input(at: sim.state.tick))
            }
            let hashes = StateHashes(sim.state, version: encoding)
            if hashes.full == checkpoint.hash {
                lastGood = sim.state
                lastGoodFeed = feed
                continue
            }
            let subsystems = Subsystem.allCases.filter {
                ReplayFormat.shortHash(hashes[$0]) != checkpoint.subsystems[$0.rawValue]
            }
            var divergence = Divergence(
                firstTick: nil, checkpointTick: checkpoint.tick, line: checkpoint.line,
                subsystems: subsystems, expected: checkpoint.fields, got: ReadableFields(sim.state))
            if result.divergences.isEmpty {
                divergence.firstTick = firstDivergentTick(from: lastGood, feed: lastGoodFeed, rules: sim.rules,
                                                          checkpoint: checkpoint, encoding: encoding)
            }
            result.divergences.append(divergence)
            if !keepGoing { break }
        }
        if result.divergences.isEmpty || keepGoing {
            while sim.state.tick < endTick { sim.step(feed.input(at: sim.state.tick)) }
            if let end = replay.end {
                let got = ReplaySummary(sim.state)
                if got != end.summary && result.divergences.isEmpty { result.endMismatch = (end.summary, got) }
            } else {
                result.truncatedAt = replay.lastTick
            }
        } else if replay.end == nil {
            result.truncatedAt = replay.lastTick
        }
        if !read.complete && result.truncatedAt == nil { result.truncatedAt = replay.lastTick }
        result.ticksSimulated = sim.state.tick
        result.final = sim.state
        return result
    }

    /// Steps again from the last state that matched, comparing each step's result
    /// with the fingerprint the recording kept, and returns the tick of the first
    /// step whose result differs. A fingerprint is 6 bits, so a differing state
    /// shows the same character 1 time in 64; the reported tick is then later than
    /// the true one (never earlier), and never past the checkpoint.
    static func firstDivergentTick(from state: GameState, feed: InputFeed, rules: Rules, checkpoint: Checkpoint,
                                   encoding: UInt64) -> Int {
        var sim = Simulation(rules: rules, state: state)
        var feed = feed
        let start = state.tick
        for (i, expected) in checkpoint.ticks.enumerated() {
            sim.step(feed.input(at: sim.state.tick))
            if ReplayFormat.fingerprint(sim.state.hash(version: encoding)) != expected { return start + i }
        }
        return checkpoint.tick - 1
    }
}
