import OceanBalance
import OceanKernel
import OceanReplay

/// `ocean replay diff A B`: how two replays differ. Their headers line by line
/// (constants, challenge table, seed, session), the first tick where their inputs
/// differ, and the first tick where their runs' states differ, each run played by
/// this build from its own header. Works on any readable format: both are read and
/// played by the one reader and simulation.
public struct ReplayDiff: Sendable {
    /// One header entry that differs: its key as the file spells it, and each side's
    /// value (nil where that side has no such entry).
    public struct Change: Sendable, Equatable {
        public var key: String
        public var a: String?
        public var b: String?
    }

    /// The first tick whose input differs, and each side's input there.
    public struct InputDifference: Sendable, Equatable {
        public var tick: Int
        public var a: String
        public var b: String
    }

    /// The first tick at which the two runs' states differ (after that many ticks),
    /// the subsystems whose hashes differ and the readable fields on each side.
    public struct StateDifference: Sendable, Equatable {
        public var tick: Int
        public var subsystems: [Subsystem]
        public var a: ReadableFields
        public var b: ReadableFields
    }

    public var header: [Change]
    public var input: InputDifference?
    public var state: StateDifference?
    /// The first checkpoint both files recorded at the same tick with different
    /// contents (or their end records' hashes): what the builds that recorded them
    /// saw, which a re-simulation by this one build cannot show.
    public var recorded: RecordedDifference?

    public struct RecordedDifference: Sendable, Equatable {
        public var tick: Int
        /// The files' lines holding the two records (0 when unknown).
        public var lines: (a: Int, b: Int)
        public var subsystems: [Subsystem]
        public var a: ReadableFields?
        public var b: ReadableFields?
        /// The fields that differ when both files recorded the state there (format 12).
        public var states: [StateDump.Difference] = []

        public static func == (x: RecordedDifference, y: RecordedDifference) -> Bool {
            x.tick == y.tick && x.lines == y.lines && x.subsystems == y.subsystems && x.a == y.a && x.b == y.b && x.states == y.states
        }
    }
    /// Each side's end tick (its end record's, or its last when truncated).
    public var ends: (a: Int, b: Int)
    /// Each side's replay format.
    public var formats: (a: Int, b: Int)

    /// The changed balance constants only (`--balance-diff`).
    public var constants: [Change] { header.filter { $0.key.hasPrefix(ReplayFormat.Keyword.balance + " ") } }

    public var identical: Bool { header.isEmpty && input == nil && state == nil && recorded == nil && ends.a == ends.b }

    /// - compareRecorded: also compare what the two files recorded (two recordings;
    ///   not a what-if, whose B is A's file under other constants).
    public init(_ a: Replay, _ b: Replay, compareRecorded: Bool = true) {
        header = ReplayDiff.headerChanges(a.header, b.header)
        let endA = a.end?.tick ?? a.lastTick, endB = b.end?.tick ?? b.lastTick
        ends = (endA, endB)
        formats = (a.header.formatVersion, b.header.formatVersion)
        input = ReplayDiff.firstInputDifference(a, b, ends: (endA, endB))
        state = ReplayDiff.firstStateDifference(a, b, ends: (endA, endB))
        if compareRecorded { recorded = ReplayDiff.firstRecordedDifference(a, b) }
    }

    /// The first tick both files hold a checkpoint for, with different contents; else
    /// their end records' hashes at the same tick, if they differ.
    static func firstRecordedDifference(_ a: Replay, _ b: Replay) -> RecordedDifference? {
        var i = 0, j = 0
        return try! firstRecordedDifference(a.header, a.end, b.header, b.end,
                                            nextA: { () throws(ReplayError) in i += 1; return i <= a.checkpoints.count ? a.checkpoints[i - 1] : nil },
                                            nextB: { () throws(ReplayError) in j += 1; return j <= b.checkpoints.count ? b.checkpoints[j - 1] : nil })
    }

    /// The same from two streams of checkpoints in file order (`CheckpointCursor`: a
    /// long replay's checkpoints are never all in memory).
    public static func firstRecordedDifference(_ ha: ReplayHeader, _ endA: EndRecord?, _ hb: ReplayHeader, _ endB: EndRecord?,
                                               nextA: () throws(ReplayError) -> Checkpoint?,
                                               nextB: () throws(ReplayError) -> Checkpoint?) throws(ReplayError) -> RecordedDifference? {
        // Hashes of different state encodings (an older format's copy) are not comparable.
        guard ReplayFormat.stateEncoding(format: ha.formatVersion) == ReplayFormat.stateEncoding(format: hb.formatVersion) else {
            return nil
        }
        var y = try nextB()
        while let x = try nextA() {
            while let b = y, b.tick < x.tick { y = try nextB() }
            guard let y else { break }
            guard y.tick == x.tick, x != y else { continue }
            let differing = Subsystem.allCases.enumerated().filter { i, _ in
                i < x.subsystems.count && i < y.subsystems.count && x.subsystems[i] != y.subsystems[i]
            }.map(\.element)
            var difference = RecordedDifference(tick: x.tick, lines: (x.line, y.line), subsystems: differing, a: x.fields, b: y.fields)
            if let sa = x.state, let sb = y.state {
                difference.states = StateDump.compare(recorded: sa, resimulated: sb, kindKeys: ha.balance.kinds.map(\.key))
            }
            return difference
        }
        if let ea = endA, let eb = endB, ea.tick == eb.tick, ea.hash != eb.hash {
            return RecordedDifference(tick: ea.tick, lines: (0, 0), subsystems: [], a: nil, b: nil)
        }
        return nil
    }

    /// Every header entry, as `key value` pairs in the order the writer writes them.
    static func entries(_ h: ReplayHeader) -> [(String, String)] {
        typealias K = ReplayFormat.Keyword
        var out: [(String, String)] = [
            ("format", "\(h.formatVersion)"), (K.engine, h.engine), (K.seed, "\(h.seed)"), (K.tickRate, "\(h.tickRate)"),
            (K.checkpointEvery, "\(h.checkpointEvery)"), (K.statesEvery, h.statesEvery.map { "\($0)" } ?? "none"), (K.date, "\(h.date)"), (K.time, ReplayFormat.clock(h.minuteOfDay)),
            (K.recordedBy, h.recordedBy), (K.comment, h.comment),
            (K.startState, h.startState.map { "saved state at tick \($0.tick), hash \(hex16($0.hash))" } ?? "none"),
        ]
        for field in BalanceSchema.fields(of: h.balance) { out.append(("\(K.balance) \(field.key)", "\(h.balance[keyPath: field.path])")) }
        // A template by its key (its line's first word), so a changed target reads as one change.
        for template in h.balance.challenges {
            let line = ChallengeSchema.line(of: template)
            let key = line.prefix { $0 != " " }
            out.append(("\(K.challenge) \(key)", String(line.dropFirst(key.count).drop { $0 == " " })))
        }
        return out
    }

    static func headerChanges(_ a: ReplayHeader, _ b: ReplayHeader) -> [Change] {
        let ea = entries(a), eb = entries(b)
        let da = Dictionary(ea, uniquingKeysWith: { x, _ in x }), db = Dictionary(eb, uniquingKeysWith: { x, _ in x })
        var keys = ea.map(\.0)
        for (k, _) in eb where da[k] == nil { keys.append(k) }
        return keys.compactMap { k in da[k] == db[k] ? nil : Change(key: k, a: da[k], b: db[k]) }
    }

    /// An input as an `i` record spells it: the move and any command.
    static func spelled(_ input: TickInput, kinds: [Balance.Kind]) -> String {
        ([ReplayFormat.token(input.move)] + ReplayFormat.tokens(input.command, kinds: kinds)).joined(separator: " ")
    }

    static func firstInputDifference(_ a: Replay, _ b: Replay, ends: (a: Int, b: Int)) -> InputDifference? {
        var fa = InputFeed(a.inputs), fb = InputFeed(b.inputs)
        let start = min(a.header.startTick, b.header.startTick)
        for tick in start..<max(ends.a, ends.b) {
            let ia = tick < ends.a ? spelled(fa.input(at: tick), kinds: a.header.balance.kinds) : "(ended)"
            let ib = tick < ends.b ? spelled(fb.input(at: tick), kinds: b.header.balance.kinds) : "(ended)"
            if ia != ib { return InputDifference(tick: tick, a: ia, b: ib) }
        }
        return nil
    }

    /// Plays both runs side by side, each under its own constants, comparing their
    /// states (by hash) after every tick both reach.
    static func firstStateDifference(_ a: Replay, _ b: Replay, ends: (a: Int, b: Int)) -> StateDifference? {
        let ra = Rules(a.header.balance), rb = Rules(b.header.balance)
        var sa = Simulation(rules: ra, state: a.header.initialState(rules: ra))
        var sb = Simulation(rules: rb, state: b.header.initialState(rules: rb))
        var fa = InputFeed(a.inputs), fb = InputFeed(b.inputs)
        func compare() -> StateDifference? {
            guard sa.state.tick != sb.state.tick || sa.state.hash != sb.state.hash else { return nil }
            return StateDifference(tick: min(sa.state.tick, sb.state.tick),
                                   subsystems: StateHashes(sa.state).differing(from: StateHashes(sb.state)),
                                   a: ReadableFields(sa.state), b: ReadableFields(sb.state))
        }
        if let d = compare() { return d }
        let end = min(ends.a, ends.b)
        while sa.state.tick < end {
            sa.step(fa.input(at: sa.state.tick))
            sb.step(fb.input(at: sb.state.tick))
            if let d = compare() { return d }
        }
        return nil
    }

    /// The report as text; `constantsOnly` gives `--balance-diff`'s list.
    public func text(a nameA: String, b nameB: String, constantsOnly: Bool = false) -> String {
        func row(_ c: Change) -> String { "  \(pad(c.key, 44))\(c.a ?? "(none)")  →  \(c.b ?? "(none)")" }
        if constantsOnly {
            return constants.isEmpty ? "no constants differ" : (["constants that differ (A → B):"] + constants.map(row))
                .joined(separator: "\n")
        }
        var lines = ["A: \(nameA) (ends at tick \(ends.a))", "B: \(nameB) (ends at tick \(ends.b))"]
        lines.append(header.isEmpty ? "header: the same" : "header: \(counted(header.count, "difference")) (A → B)")
        lines += header.map(row)
        if let i = input {
            lines.append("inputs: first differ at tick \(i.tick): A \"\(i.a)\", B \"\(i.b)\"")
        } else {
            lines.append("inputs: the same on every tick")
        }
        if let s = state {
            lines.append("states: first differ at tick \(s.tick) (after \(s.tick) ticks)")
            lines.append("  subsystems: " + (s.subsystems.isEmpty ? "(tick only)" : s.subsystems.map(\.name).joined(separator: ", ")))
            for (name, x, y) in [("score", s.a.score, s.b.score), ("combo", s.a.combo, s.b.combo),
                                 ("health", s.a.health, s.b.health), ("items", s.a.items, s.b.items)] {
                lines.append("  \(pad(name, 7))A \(pad("\(x)", 8))B \(y)\(x == y ? "" : "   ≠")")
            }
        } else {
            lines.append("states: the same on every tick both play" + (ends.a == ends.b ? "" : " (to tick \(min(ends.a, ends.b)))")
                + " (re-played by this build)")
        }
        if let r = recorded {
            let whereA = r.lines.a > 0 ? " (A line \(r.lines.a), B line \(r.lines.b))" : " (their end records)"
            lines.append("recorded: the files' own records first differ at tick \(r.tick)\(whereA)")
            if !r.subsystems.isEmpty { lines.append("  subsystems: " + r.subsystems.map(\.name).joined(separator: ", ")) }
            if let x = r.a, let y = r.b {
                for (name, p, q) in [("score", x.score, y.score), ("combo", x.combo, y.combo),
                                     ("health", x.health, y.health), ("items", x.items, y.items)] where p != q {
                    lines.append("  \(pad(name, 7))A \(pad("\(p)", 8))B \(q)   ≠")
                }
            }
            for d in r.states { lines.append("  \(d.key)  A \(d.a)  →  B \(d.b)") }
            if state == nil {
                lines.append("  this build re-plays both alike: they were recorded by builds that disagree (verify each to see which is not this build's)")
            }
        } else if ReplayFormat.stateEncoding(format: formats.a) != ReplayFormat.stateEncoding(format: formats.b) {
            lines.append("recorded: not compared (the two formats' state encodings differ)")
        } else {
            lines.append("recorded: the files' own records agree wherever both have one")
        }
        return lines.joined(separator: "\n")
    }
}
