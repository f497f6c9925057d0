import OceanKernel
import OceanBalance
import OceanSystem

/// Where a replay's bytes go.
public protocol ReplaySink {
    mutating func write(_ text: String)
    /// Pushes what was written so far out of any buffer (a killed process keeps it).
    mutating func flush()
}

/// Collects a replay in memory.
public struct StringSink: ReplaySink {
    public private(set) var text = ""
    public init() {}
    public mutating func write(_ s: String) { text += s }
    public mutating func flush() {}
}

/// Plays a run and writes it as a replay at the same time: the header first, then an
/// input record whenever the input changes, a checkpoint every `checkpointEvery`
/// ticks (and at the last tick), the end record and the checksum. It flushes at
/// least once per simulated second, so a killed recorder leaves a readable file.
public struct ReplayRecorder<Sink: ReplaySink> {
    public private(set) var simulation: Simulation
    public private(set) var sink: Sink
    private let header: ReplayHeader
    private var checksum = FNV1a64()
    private var heldMove = Move.none
    private var heldPointer: Int? = nil
    private var fingerprints: [UInt8] = []
    private var lastCheckpoint = 0

    /// `rules`: the header's balance's, when the caller holds them already.
    public init(header: ReplayHeader, rules: Rules? = nil, sink: Sink) {
        self.header = header
        self.sink = sink
        let rules = rules ?? Rules(header.balance)
        simulation = Simulation(rules: rules, state: header.initialState(rules: rules))
        fingerprints.reserveCapacity(header.checkpointEvery)
        lastCheckpoint = simulation.state.tick
        writeHeader()
        self.sink.flush()
    }

    private mutating func line(_ text: String) {
        let l = text + "\n"
        checksum.write(bytes: l.utf8)
        sink.write(l)
    }

    private mutating func writeHeader() {
        typealias K = ReplayFormat.Keyword
        let h = header
        line("\(ReplayFormat.magic) \(ReplayFormat.version)")
        if !h.comment.isEmpty { line("\(K.comment) \(h.comment)") }
        line("\(K.engine) \(h.engine)")
        line("\(K.seed) \(h.seed)")
        line("\(K.tickRate) \(h.tickRate)")
        line("\(K.checkpointEvery) \(h.checkpointEvery)")
        line("\(K.date) \(h.date)")
        line("\(K.time) \(ReplayFormat.clock(h.minuteOfDay))")
        if !h.recordedBy.isEmpty { line("\(K.recordedBy) \(h.recordedBy)") }
        if let mode = h.mode { line("\(K.mode) \(mode.key)") }
        if let assist = h.assist, assist.isOn { line("\(K.assist) \(assist.speedPercent) \(assist.binPercent)") }
        if let every = h.statesEvery { line("\(K.statesEvery) \(every)") }
        if let start = h.startState {
            let text = Array(Base64.encode(StateEncoding.encode(start)).utf8)
            for chunk in stride(from: 0, to: text.count, by: ReplayFormat.startStateLineChars) {
                let part = text[chunk..<min(text.count, chunk + ReplayFormat.startStateLineChars)]
                line("\(K.startState) \(String(decoding: part, as: UTF8.self))")
            }
        }
        for field in BalanceSchema.fields(of: h.balance) { line("\(K.balance) \(field.key) \(h.balance[keyPath: field.path])") }
        for template in h.balance.challenges { line("\(K.challenge) \(ChallengeSchema.line(of: template))") }
        line(([K.cards] + h.balance.cardKeys).joined(separator: " "))
    }

    /// Advances the run by one tick with `input`, recording it.
    public mutating func step(_ input: TickInput) {
        let tick = simulation.state.tick
        if input.move != heldMove || input.pointer != heldPointer || input.command != .none {
            line(([ReplayFormat.Keyword.input, "\(tick)", ReplayFormat.token(input.move, pointer: input.pointer)]
                  + ReplayFormat.tokens(input.command, kinds: simulation.rules.balance.kinds, seas: simulation.rules.balance.seas,
                                      cards: simulation.rules.cardKeys))
                .joined(separator: " "))
            heldMove = input.move
            heldPointer = input.pointer
        }
        simulation.step(input)
        fingerprints.append(ReplayFormat.packedFingerprint(simulation.state.wordHash))
        let now = simulation.state.tick
        if now % header.checkpointEvery == 0 { writeCheckpoint() }
        if now % Fixed.ticksPerSecond == 0 { sink.flush() }
    }

    /// Advances the run by one tick with the input `next` gives for it, recording it;
    /// false, and nothing stepped, when `next` gives none. `next` is handed the
    /// simulation in place, not a copy (a copy each tick, of every array of the state,
    /// was a sixth of recording a career): a plan and its bots only read it.
    public mutating func step(_ next: (inout Simulation) -> TickInput?) -> Bool {
        guard let input = next(&simulation) else { return false }
        step(input)
        return true
    }

    private mutating func writeCheckpoint() {
        let s = simulation.state
        if let every = header.statesEvery, s.tick % every == 0 || s.tick % header.checkpointEvery != 0 { writeState(s) }
        let hashes = StateHashes(s)
        let f = ReadableFields(s)
        let subs = hashes.subsystems.map { hex(UInt64(ReplayFormat.shortHash($0)), digits: 3) }.joined(separator: " ")
        // The readable fields are positional (score, combo, health, live items) to keep a
        // ten-minute replay under 100 KB; docs/replay-format.md names them.
        line("\(ReplayFormat.Keyword.checkpoint) \(s.tick) \(hex(hashes.full, digits: 16)) \(subs) \(f.score) \(f.combo) \(f.health) "
            + "\(f.items) \(String(decoding: ReplayFormat.pack(fingerprints), as: UTF8.self))")
        fingerprints.removeAll(keepingCapacity: true)
        lastCheckpoint = s.tick
    }

    /// The whole state in `s TICK PART` lines, before the checkpoint of its tick.
    private mutating func writeState(_ s: GameState) {
        let text = Array(Base64.encode(StateEncoding.encode(s)).utf8)
        for chunk in stride(from: 0, to: text.count, by: ReplayFormat.stateLineChars) {
            let part = text[chunk..<min(text.count, chunk + ReplayFormat.stateLineChars)]
            line("\(ReplayFormat.Keyword.state) \(s.tick) \(String(decoding: part, as: UTF8.self))")
        }
    }

    /// Changes the run's state after the step just recorded, as no build would: what a
    /// test uses to plant a known difference (a spawn a pixel off) that `replay verify`
    /// must then find and show. The tick's fingerprint is taken again, as if the step
    /// had made the change; the recording goes on from the changed state. Not on a
    /// checkpoint's tick (its checkpoint is already written).
    public mutating func alter(_ change: (inout GameState) -> Void) {
        change(&simulation.state)
        if !fingerprints.isEmpty { fingerprints[fingerprints.count - 1] = ReplayFormat.packedFingerprint(simulation.state.wordHash) }
    }

    /// Writes the closing checkpoint, the end record and the checksum.
    public mutating func finish() {
        let s = simulation.state
        if s.tick != lastCheckpoint { writeCheckpoint() }
        let m = ReplaySummary(s)
        line("\(ReplayFormat.Keyword.end) \(s.tick) \(hex(s.hash, digits: 16)) games=\(m.games) catches=\(m.catches) "
            + "misses=\(m.misses) perfect=\(m.perfectGames) best-combo=\(m.bestCombo) score=\(m.score) "
            + "grams=\(m.grams) health=\(m.health) phase=\(ReplayFormat.word(m.phase))")
        sink.write("\(ReplayFormat.Keyword.checksum) \(hex(checksum.value, digits: 16))\n")
        sink.flush()
    }
}

extension ReplayRecorder where Sink == StringSink {
    /// Records a whole replay in memory from a header and its inputs.
    public static func text(header: ReplayHeader, inputs: [InputRecord], endTick: Int) -> String {
        var recorder = ReplayRecorder(header: header, sink: StringSink())
        var feed = InputFeed(inputs)
        feed.play(&recorder, to: endTick)
        recorder.finish()
        return recorder.sink.text
    }
}

/// Turns input records back into one input per tick: the move is held until the
/// next record, a command happens on its own tick only.
public struct InputFeed {
    private var records: [InputRecord]
    private var next = 0
    private var move = Move.none
    private var pointer: Int? = nil

    public init(_ records: [InputRecord]) { self.records = records }

    /// Queues records that follow the ones already held (a replay read as it streams).
    mutating func append(_ more: [InputRecord]) {
        if !more.isEmpty { records.append(contentsOf: more) }
    }

    /// Forgets the records already played once they are many, so a streamed replay's
    /// queue stays short. Marks taken before are no longer valid.
    mutating func dropPlayed() {
        guard next >= 1_024 else { return }
        records.removeFirst(next)
        next = 0
    }

    /// Where the feed is: a later feed over the same records goes back to it with
    /// `rewound(to:)`.
    struct Mark {
        fileprivate let next: Int, move: Move, pointer: Int?
    }

    var mark: Mark { Mark(next: next, move: move, pointer: pointer) }

    /// This feed as it was at `mark` (taken since the last `dropPlayed`).
    func rewound(to mark: Mark) -> InputFeed {
        var feed = self
        (feed.next, feed.move, feed.pointer) = (mark.next, mark.move, mark.pointer)
        return feed
    }

    /// The input for the step from `tick` to `tick + 1`. Call with increasing ticks.
    public mutating func input(at tick: Int) -> TickInput {
        var command = Command.none
        while next < records.count && records[next].tick <= tick {
            if records[next].tick == tick { command = records[next].input.command }
            move = records[next].input.move
            pointer = records[next].input.pointer
            next += 1
        }
        return TickInput(move: move, pointer: pointer, command: command)
    }
}
