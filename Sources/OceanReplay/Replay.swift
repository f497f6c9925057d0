import OceanKernel

/// A replay file, read into memory: everything needed to play the run again and to
/// check it, as described in `docs/replay-format.md`.
public struct Replay: Equatable, Sendable {
    public var header: ReplayHeader
    /// Input changes in tick order.
    public var inputs: [InputRecord]
    public var checkpoints: [Checkpoint]
    /// Nil when the file stops before its end record (truncated).
    public var end: EndRecord?

    public init(header: ReplayHeader, inputs: [InputRecord] = [], checkpoints: [Checkpoint] = [], end: EndRecord? = nil) {
        self.header = header
        self.inputs = inputs
        self.checkpoints = checkpoints
        self.end = end
    }

    /// The last tick the file says anything about.
    public var lastTick: Int {
        max(end?.tick ?? 0, checkpoints.last?.tick ?? 0, inputs.last?.tick ?? 0, header.startTick)
    }
}

/// What makes a replay self-contained.
public struct ReplayHeader: Equatable, Sendable {
    /// The format version the file was written in (`ReplayFormat.readable`); a
    /// recorder always writes the current one.
    public var formatVersion: Int = ReplayFormat.version
    public var comment: String = ""
    public var engine: String = Engine.version
    public var seed: UInt64 = 0
    public var tickRate: Int = Fixed.ticksPerSecond
    public var checkpointEvery: Int = ReplayFormat.defaultCheckpointEvery
    /// The player's local calendar date and time of day when the session began.
    public var date: LocalDate = DefaultSession.date
    public var minuteOfDay: Int = DefaultSession.minuteOfDay
    /// What produced the inputs ("greedy", "human 70", "person"): for people only.
    public var recordedBy: String = ""
    /// What the game writes as `recordedBy` for what a person played in its window.
    public static let person = "person"
    /// Whether the header says a program produced the inputs (a bot, a tool): any
    /// `recorded-by` but the game's `person` (none says nothing, as in older files).
    public var recordedByProgram: Bool { ReplayHeader.isProgram(recordedBy) }

    /// Whether a `recorded-by` text names a program: anything but empty or `person`.
    public static func isProgram(_ recordedBy: String) -> Bool { !recordedBy.isEmpty && recordedBy != person }
    /// The mode its games were recorded in, when the recorder said (`mode` line,
    /// format 8): what a daily server checks; the start commands are the truth.
    public var mode: PlayMode?
    /// Assist mode, when the game was played with it (`assist` line, format 11): the
    /// balance already holds its wider bin.
    public var assist: Assist?
    public var balance: Balance = Balance()
    /// The state the run starts from: nil for a new game from `seed`; a saved
    /// career's state when a player continues theirs (format 3 and later).
    public var startState: GameState?
    /// Ticks between recorded states (`states-every`, format 12): the whole state is
    /// written before each checkpoint on a multiple of it and before the closing one,
    /// so `replay verify` can show a divergence field by field. Nil: none recorded.
    public var statesEvery: Int?

    public init() {}

    /// The tick the run starts at: 0, or the saved state's.
    public var startTick: Int { startState?.tick ?? 0 }

    /// The state the run starts from, under `rules` (the replay's own or a what-if's).
    public func initialState(rules: Rules) -> GameState {
        startState ?? GameState(rules: rules, seed: seed)
    }
}

/// The session a run begins when none is given: fixed, so that a run's output does
/// not depend on the day it is made.
public enum DefaultSession {
    public static let date = CalendarDate(year: 2026, month: 1, day: 1)
    public static let minuteOfDay = 12 * 60
    public static let command = Command.beginSession(date, minuteOfDay: minuteOfDay)
}

/// The calendar date type replays use: the kernel's.
public typealias LocalDate = CalendarDate

/// From `tick` on, the bin is pushed `input.move`; `input.command` happens at `tick` only.
public struct InputRecord: Equatable, Sendable {
    public var tick: Int
    public var input: TickInput
    /// The file line it came from (0 when built in memory).
    public var line: Int = 0

    public init(tick: Int, input: TickInput, line: Int = 0) {
        self.tick = tick
        self.input = input
        self.line = line
    }

    public static func == (a: InputRecord, b: InputRecord) -> Bool { a.tick == b.tick && a.input == b.input }
}

/// The fields a person reads in a checkpoint to see how a run differs.
public struct ReadableFields: Equatable, Sendable {
    public var score: Int
    public var combo: Int
    public var health: Int
    public var items: Int

    public init(score: Int, combo: Int, health: Int, items: Int) {
        (self.score, self.combo, self.health, self.items) = (score, combo, health, items)
    }

    public init(_ s: GameState) {
        self.init(score: s.totals.score, combo: s.game.combo, health: s.health, items: s.items.count)
    }
}

/// The state after `tick` ticks, fingerprinted.
public struct Checkpoint: Equatable, Sendable {
    public var tick: Int
    public var hash: UInt64
    /// The top 12 bits of each subsystem's hash, in `Subsystem` order: enough to
    /// name what diverged.
    public var subsystems: [UInt16]
    public var fields: ReadableFields
    /// The fingerprints of the ticks since the previous checkpoint, as the file spells
    /// them (`ReplayFormat.unpack` from format 17: 4 bits a tick of the word-wise hash;
    /// before, a character a tick of the state hash), so the verifier can find the
    /// tick a run diverged.
    public var ticks: [UInt8]
    /// The whole state at this tick, when the file records states (format 12): what
    /// the recorder's run held, compared field by field when the hashes differ.
    public var state: GameState?
    public var line: Int = 0

    public init(tick: Int, hash: UInt64, subsystems: [UInt16], fields: ReadableFields, ticks: [UInt8], line: Int = 0) {
        (self.tick, self.hash, self.subsystems, self.fields, self.ticks, self.line) =
            (tick, hash, subsystems, fields, ticks, line)
    }

    public static func == (a: Checkpoint, b: Checkpoint) -> Bool {
        a.tick == b.tick && a.hash == b.hash && a.subsystems == b.subsystems && a.fields == b.fields && a.ticks == b.ticks
            && (a.state == nil || b.state == nil || a.state == b.state)
    }
}

/// How the whole run ended.
public struct ReplaySummary: Equatable, Sendable {
    public var games: Int
    public var catches: Int
    public var misses: Int
    public var perfectGames: Int
    public var bestCombo: Int
    public var score: Int
    public var grams: Int
    public var health: Int
    public var phase: Phase

    public init(_ s: GameState) {
        games = s.totals.games
        catches = s.totals.catches
        misses = s.totals.misses
        perfectGames = s.totals.perfectGames
        bestCombo = s.totals.bestCombo
        score = s.totals.score
        grams = s.totals.grams
        health = s.health
        phase = s.phase
    }

    public init(games: Int, catches: Int, misses: Int, perfectGames: Int, bestCombo: Int, score: Int, grams: Int,
                health: Int, phase: Phase) {
        (self.games, self.catches, self.misses, self.perfectGames, self.bestCombo) =
            (games, catches, misses, perfectGames, bestCombo)
        (self.score, self.grams, self.health, self.phase) = (score, grams, health, phase)
    }
}

public struct EndRecord: Equatable, Sendable {
    public var tick: Int
    public var hash: UInt64
    public var summary: ReplaySummary
    public var line: Int = 0

    public init(tick: Int, hash: UInt64, summary: ReplaySummary, line: Int = 0) {
        (self.tick, self.hash, self.summary, self.line) = (tick, hash, summary, line)
    }

    public static func == (a: EndRecord, b: EndRecord) -> Bool {
        a.tick == b.tick && a.hash == b.hash && a.summary == b.summary
    }
}
