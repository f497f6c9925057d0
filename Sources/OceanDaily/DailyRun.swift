import OceanBalance
import OceanKernel
import OceanReplay

/// What a verified Daily Ocean run scored, from the verifier's own simulation (never
/// from the numbers the file claims).
public struct DailyResult: Equatable, Sendable {
    public var score: Int
    public var rounds: Int
    public var catches: Int
    public var misses: Int
    public var bestCombo: Int
    public var ticks: Int
    /// The final state's hash (what the replay's end record must say).
    public var hash: UInt64
    /// Whether the inputs could be a person's (from the same re-simulation).
    public var plausibility: RunPlausibility
    /// The header's `recorded-by` (`person` when played in the game's window).
    public var recordedBy: String
    /// The fingerprints of the run's catches, from the re-simulation (`CatchWindows`:
    /// what a copy is told by).
    public var catchWindows: [String]

    /// Why the run is ranked apart from people's (a program recorded it, or its inputs
    /// are faster than a person's), or nil for the main board.
    public var apart: String? {
        if ReplayHeader.isProgram(recordedBy) {
            return "recorded by a program ('\(recordedBy.prefix(60))'), not played by a person"
        }
        return plausibility.reason
    }
}

/// Why a run is not ranked: each says what is wrong in words a player can act on.
public enum DailyRefusal: Error, Equatable, Sendable {
    /// The replay is well formed but is not the day's game (`DailyGame.problem`).
    case notTheDaysGame(String)
    /// It stops before its end record.
    case truncated(atTick: Int)
    /// Longer than any daily game can be.
    case tooLong(ticks: Int, limit: Int)
    /// Re-simulated, it does not reach the states it records.
    case diverged(tick: Int?)
    /// The game it starts is not over at its end (or was left early).
    case unfinished

    public var message: String {
        switch self {
        case .notTheDaysGame(let why): "not the day's game: \(why)"
        case .truncated(let tick): "the replay stops at tick \(tick), before its end record"
        case .tooLong(let ticks, let limit): "the replay runs \(ticks) ticks; a daily game is at most \(limit)"
        case .diverged(let tick):
            "re-simulated, the replay diverges" + (tick.map { " at tick \($0)" } ?? " at its end") + ": its inputs do not give the states it records"
        case .unfinished: "the daily game is not played to its end in this replay"
        }
    }
}

/// Verifies a Daily Ocean run the way a server does: the replay must be the day's game
/// under the server's balance, re-simulate to every hash it records, and end its one
/// game; the result is taken from the re-simulation.
public enum DailyRun {
    /// Two hours of play: what one post may ask a server to simulate (about 50 ms of
    /// a core). The longest game of the shipped balance, the oracle's clearing the
    /// round cap, takes about 31 minutes since its rounds keep growing past their
    /// items' cap (`arcade.late_items_per_round`); a skill-100 human's about 6; the
    /// limit keeps twice the longest game in hand (ten minutes, the limit once,
    /// refused a strong player's honest run).
    public static let maxTicks = 432_000

    public static func verify(_ read: ReadReplay, date: CalendarDate, balance: Balance,
                              maxTicks: Int = DailyRun.maxTicks) -> Result<DailyResult, DailyRefusal> {
        let replay = read.replay
        if let why = DailyGame.problem(replay, date: date, balance: balance) { return .failure(.notTheDaysGame(why)) }
        guard read.complete, let end = replay.end else { return .failure(.truncated(atTick: replay.lastTick)) }
        guard end.tick <= maxTicks else { return .failure(.tooLong(ticks: end.tick, limit: maxTicks)) }
        // Every checkpoint and the end record, against the verifier's own simulation.
        let check = ReplayVerifier.verify(read, keepsTicks: true)
        if let d = check.divergences.first { return .failure(.diverged(tick: d.firstTick ?? d.checkpointTick)) }
        if let t = check.truncatedAt { return .failure(.truncated(atTick: t)) }
        guard check.passed else { return .failure(.diverged(tick: nil)) }
        // The game's own summary and final state, from that same re-simulation: a run
        // is played once.
        guard let s = check.lastGame, !s.abandoned, let final = check.final, final.mode == .idle else {
            return .failure(.unfinished)
        }
        let start = replay.header.startTick
        return .success(DailyResult(score: s.score, rounds: s.rounds, catches: s.catches, misses: s.misses,
                                    bestCombo: s.bestCombo, ticks: end.tick, hash: final.hash,
                                    plausibility: RunPlausibility(inputs: replay.inputs, loneSpawns: check.trail.loneSpawns,
                                                                  start: start, end: end.tick),
                                    recordedBy: replay.header.recordedBy,
                                    catchWindows: CatchWindows.fingerprints(ticks: check.trail.catches, bins: check.trail.catchBins)))
    }
}
