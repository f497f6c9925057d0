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
    /// The end record's state hash differs from the re-simulated one (reported when
    /// no checkpoint already did), in the file's state encoding.
    public var endHashMismatch: (expected: UInt64, got: UInt64)?
    /// Set when the run was stopped (Ctrl-C) before its end: the tick reached.
    public var interruptedAt: Int?
    public var ticksSimulated = 0
    public var final: GameState?

    public var passed: Bool {
        divergences.isEmpty && truncatedAt == nil && endMismatch == nil && endHashMismatch == nil && interruptedAt == nil
    }
}

/// Re-simulates a replay with the constants it carries and checks every checkpoint
/// and the end record against it.
public enum ReplayVerifier {
    /// `goOn` is asked every `InputFeed.checkEvery` ticks (with the tick reached)
    /// whether to continue; when it says no, the result is `interruptedAt`.
    public static func verify(_ read: ReadReplay, keepGoing: Bool = false,
                              goOn: ((Int) -> Bool)? = nil) -> Verification {
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
            guard feed.play(&sim, to: checkpoint.tick, goOn: goOn) else {
                return interrupted(result, sim.state)
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
            guard feed.play(&sim, to: endTick, goOn: goOn) else { return interrupted(result, sim.state) }
            if let end = replay.end {
                let got = ReplaySummary(sim.state)
                if got != end.summary && result.divergences.isEmpty { result.endMismatch = (end.summary, got) }
                let hash = sim.state.hash(version: encoding)
                if hash != end.hash && result.divergences.isEmpty && result.endMismatch == nil {
                    result.endHashMismatch = (end.hash, hash)
                }
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

    private static func interrupted(_ result: Verification, _ state: GameState) -> Verification {
        var result = result
        result.interruptedAt = state.tick
        result.ticksSimulated = state.tick
        result.final = state
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
