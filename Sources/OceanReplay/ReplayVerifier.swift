import OceanKernel
import OceanSystem

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
    /// The whole state the file recorded at the checkpoint (format 12, `states-every`)
    /// and the re-simulated one there: shown field by field. Nil when none was recorded.
    public var expectedState: GameState?
    public var gotState: GameState?
    /// The re-simulated state just after the first divergent tick's step, and that
    /// step's events (the first divergence only).
    public var firstTickState: GameState?
    public var firstTickEvents: [Event] = []
    /// The recorded state differs from the re-simulated one although the checkpoint's
    /// hashes agree: the state lines were changed after recording.
    public var onlyTheRecordedState = false

    public init(firstTick: Int?, checkpointTick: Int, line: Int, subsystems: [Subsystem],
                expected: ReadableFields, got: ReadableFields) {
        (self.firstTick, self.checkpointTick, self.line, self.subsystems, self.expected, self.got) =
            (firstTick, checkpointTick, line, subsystems, expected, got)
    }
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
    /// The ticks this run stepped: a replay that starts from a saved state (a continued
    /// career) starts past tick 0, and the ticks before its start are not counted.
    public var ticksSimulated = 0
    public var final: GameState?
    /// What the re-simulation saw of its games (`verify(_:keepsTicks:)`).
    public var trail = PlayTrail()
    /// The summary of the last game that ended while re-simulating (nil if none did).
    public var lastGame: GameSummary? { trail.lastGame }
    /// The file's replay format and gameplay seed, for reports (nil before the header is read).
    public var format: Int?
    public var seed: UInt64?
    /// The replay's kinds' keys, to name an item's kind in a state dump.
    public var kindKeys: [String] = []

    public var passed: Bool {
        divergences.isEmpty && truncatedAt == nil && endMismatch == nil && endHashMismatch == nil && interruptedAt == nil
    }
}

/// Re-simulates a replay with the constants it carries and checks every checkpoint
/// and the end record against it.
public enum ReplayVerifier {
    /// Matching checkpoints between two snapshots of the state: a divergence is
    /// re-simulated from the last snapshot to the last good checkpoint, at most this
    /// many checkpoints' ticks, before its first divergent tick is looked for.
    public static let snapshotEvery = 64

    /// `goOn` is asked every `InputFeed.checkEvery` ticks (with the tick reached)
    /// whether to continue; when it says no, the result is `interruptedAt`.
    /// `keepsTicks`: also keep when items appeared and were caught (`Verification.trail`).
    public static func verify(_ read: ReadReplay, keepGoing: Bool = false, keepsTicks: Bool = false,
                              goOn: ((Int) -> Bool)? = nil) -> Verification {
        let replay = read.replay
        var run = Run(header: replay.header, keepGoing: keepGoing, goOn: goOn)
        run.result.trail.keepsTicks = keepsTicks
        run.add(replay.inputs)
        for checkpoint in replay.checkpoints { run.check(checkpoint) }
        return run.finish(end: replay.end, lastTick: replay.lastTick, complete: read.complete)
    }

    /// Verifies a replay file as it is read: each checkpoint is compared as soon as it
    /// is read and then dropped, so memory stays flat however long the file. The
    /// result is the one reading the whole file and `verify(_:)` give; a file the
    /// reader refuses (a bad line, a wrong checksum) throws, even when the refusal
    /// comes after a difference was found.
    public static func verify(path: String, keepGoing: Bool = false,
                              goOn: ((Int) -> Bool)? = nil) throws(ReplayError) -> Verification {
        let file: FileReader
        do { file = try FileReader(opening: path) } catch {
            throw ReplayError(file: PathName.shortened(path), line: nil, message: error.message)
        }
        return try verify(reading: { file.read(into: &$0) }, file: path, keepGoing: keepGoing, goOn: goOn)
    }

    /// The same from any source of bytes: `read` fills its buffer from the start and
    /// says how many bytes it gave (0 at the end, negative on an error), as many or as
    /// few as it likes.
    public static func verify(reading read: (inout [UInt8]) -> Int, file: String, keepGoing: Bool = false,
                              goOn: ((Int) -> Bool)? = nil) throws(ReplayError) -> Verification {
        var reader = ReplayReader(file: file)
        var run: Run?
        // A flag, not `run == nil`: comparing the optional copied the whole run (its
        // state and all) out of the closure's box for every line.
        var started = false
        var inputs: [InputRecord] = [], checkpoints: [Checkpoint] = []
        try ReplayReader.eachChunk(path: file, read: read, { (chunk: UnsafeBufferPointer<UInt8>, lines: inout ReplayReader.Lines) throws(ReplayError) in
            try lines.split(chunk) { (line: ArraySlice<UInt8>) throws(ReplayError) in
                try reader.feed(line: line)
                if !started {
                    guard let header = reader.headerRead else { return }
                    run = Run(header: header, keepGoing: keepGoing, goOn: goOn)
                    started = true
                }
                reader.takeRecords(inputs: &inputs, checkpoints: &checkpoints)
                if !inputs.isEmpty { run!.add(inputs) }
                for c in checkpoints { run!.check(c) }
            }
        }, error: { reader.error(at: reader.lineNumber + 1, $0) })
        let read = try reader.finish()
        return run!.finish(end: read.replay.end, lastTick: reader.lastTick, complete: read.complete)
    }

    /// One verification as records arrive: inputs are queued, each checkpoint is
    /// played to and compared, then the end.
    struct Run {
        let encoding: UInt64
        let keepGoing: Bool
        let goOn: ((Int) -> Bool)?
        var sim: Simulation
        let startTick: Int
        var feed = InputFeed([])
        /// A state that matched a checkpoint (or the start), kept only every
        /// `snapshotEvery` matching checkpoints, and where the feed was then: copying
        /// the whole state at every checkpoint cost more than the tick it checks
        /// (the copy, and its arrays copied again at the next step's first write).
        var snapshot: GameState
        var snapshotMark: InputFeed.Mark
        var sinceSnapshot = 0
        /// The tick of the last checkpoint that matched (or the start).
        var lastGoodTick: Int
        var result = Verification()
        /// The file's format: how its per-tick fingerprints are spelled.
        let format: Int
        /// Set when no more checkpoints are compared: a difference (without
        /// `keepGoing`) or an interruption.
        var stopped = false
        var interrupted = false

        init(header: ReplayHeader, keepGoing: Bool, goOn: ((Int) -> Bool)?) {
            let rules = RulesMemo.rules(header.balance)
            // Hashes as the file's format computed them (format 2: state encoding 2).
            encoding = ReplayFormat.stateEncoding(format: header.formatVersion)
            format = header.formatVersion
            (self.keepGoing, self.goOn) = (keepGoing, goOn)
            sim = Simulation(rules: rules, state: header.initialState(rules: rules))
            result.format = header.formatVersion
            result.seed = header.seed
            result.kindKeys = rules.kindKeys
            startTick = sim.state.tick
            snapshot = sim.state
            snapshotMark = feed.mark
            lastGoodTick = startTick
        }

        mutating func add(_ inputs: [InputRecord]) {
            guard !stopped else { return }
            feed.append(inputs)
        }

        mutating func check(_ checkpoint: Checkpoint) {
            guard !stopped else { return }
            guard feed.play(&sim, to: checkpoint.tick, goOn: goOn, trail: &result.trail) else {
                interrupted = true
                stopped = true
                return
            }
            // The full hash alone while they agree; each subsystem's only to name a difference.
            if sim.state.hash(version: encoding) == checkpoint.hash {
                if let recorded = checkpoint.state, StateEncoding.encode(recorded) != StateEncoding.encode(sim.state) {
                    var d = Divergence(firstTick: nil, checkpointTick: checkpoint.tick, line: checkpoint.line, subsystems: [],
                                       expected: checkpoint.fields, got: ReadableFields(sim.state))
                    (d.expectedState, d.gotState, d.onlyTheRecordedState) = (recorded, sim.state, true)
                    result.divergences.append(d)
                    if !keepGoing { stopped = true }
                    return
                }
                lastGoodTick = sim.state.tick
                sinceSnapshot += 1
                if sinceSnapshot >= ReplayVerifier.snapshotEvery {
                    snapshot = sim.state
                    feed.dropPlayed()
                    snapshotMark = feed.mark
                    sinceSnapshot = 0
                }
                return
            }
            let hashes = StateHashes(sim.state, version: encoding)
            let subsystems = Subsystem.allCases.filter {
                ReplayFormat.shortHash(hashes[$0]) != checkpoint.subsystems[$0.rawValue]
            }
            var divergence = Divergence(
                firstTick: nil, checkpointTick: checkpoint.tick, line: checkpoint.line,
                subsystems: subsystems, expected: checkpoint.fields, got: ReadableFields(sim.state))
            if let recorded = checkpoint.state { (divergence.expectedState, divergence.gotState) = (recorded, sim.state) }
            if result.divergences.isEmpty {
                // Back to the last good checkpoint: the same steps from the snapshot.
                var again = Simulation(rules: sim.rules, state: snapshot)
                var feed = feed.rewound(to: snapshotMark)
                feed.play(&again, to: lastGoodTick)
                let first = firstDivergentTick(from: again, feed: feed, checkpoint: checkpoint, format: format, encoding: encoding)
                divergence.firstTick = first.tick
                (divergence.firstTickState, divergence.firstTickEvents) = (first.state, first.events)
            }
            result.divergences.append(divergence)
            if !keepGoing { stopped = true }
        }

        mutating func finish(end: EndRecord?, lastTick: Int, complete: Bool) -> Verification {
            if interrupted { return interruptedResult() }
            let endTick = end?.tick ?? lastTick
            if result.divergences.isEmpty || keepGoing {
                guard feed.play(&sim, to: endTick, goOn: goOn, trail: &result.trail) else { return interruptedResult() }
                if let end {
                    let got = ReplaySummary(sim.state)
                    if got != end.summary && result.divergences.isEmpty { result.endMismatch = (end.summary, got) }
                    let hash = sim.state.hash(version: encoding)
                    if hash != end.hash && result.divergences.isEmpty && result.endMismatch == nil {
                        result.endHashMismatch = (end.hash, hash)
                    }
                } else {
                    result.truncatedAt = lastTick
                }
            } else if end == nil {
                result.truncatedAt = lastTick
            }
            if !complete && result.truncatedAt == nil { result.truncatedAt = lastTick }
            result.ticksSimulated = sim.state.tick - startTick
            result.final = sim.state
            return result
        }

        private func interruptedResult() -> Verification {
            var result = result
            result.interruptedAt = sim.state.tick
            result.ticksSimulated = sim.state.tick - startTick
            result.final = sim.state
            return result
        }
    }

    /// Steps again from the last state that matched, comparing each step's result
    /// with the fingerprint the recording kept, and returns the tick of the first
    /// step whose result differs. A fingerprint is 6 bits (4 from format 17), so a
    /// differing state shows the same one 1 time in 64 (16); the reported tick is
    /// then later than the true one (never earlier), and never past the checkpoint.
    /// Also the state that step made and its events.
    static func firstDivergentTick(from sim: Simulation, feed: InputFeed, checkpoint: Checkpoint,
                                   format: Int, encoding: UInt64) -> (tick: Int, state: GameState, events: [Event]) {
        var sim = sim
        var feed = feed
        let start = sim.state.tick
        // The reader has checked the packed ones, so they unpack.
        let recorded = format >= ReplayFormat.packedFingerprintsSince
            ? ReplayFormat.unpack(checkpoint.ticks, ticks: checkpoint.tick - start) ?? [] : checkpoint.ticks
        for (i, expected) in recorded.enumerated() {
            sim.step(feed.input(at: sim.state.tick))
            if ReplayFormat.tickFingerprint(sim.state, format: format, encoding: encoding) != expected {
                return (start + i, sim.state, sim.events)
            }
        }
        return (checkpoint.tick - 1, sim.state, sim.events)
    }
}
