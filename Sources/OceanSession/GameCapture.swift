import OceanKernel
import OceanReplay

/// One game of a session, kept so that it can stand alone as a replay of its own (a
/// high score's proof): the state the tick before it started, and the inputs from
/// its start to its end, held as the replay writer holds them (a record when the
/// input changes or carries a command).
public struct FinishedGame {
    public let summary: GameSummary
    /// The header of the game's own replay: the session's, from the game's start.
    public let header: ReplayHeader
    public let inputs: [InputRecord]
    public let endTick: Int

    /// The game's replay, recorded anew from its start state and inputs (a game's
    /// worth of ticks, simulated once).
    public var replayText: String { ReplayRecorder.text(header: header, inputs: inputs, endTick: endTick) }
}

/// Watches the session's ticks for a game being played.
struct GameCapture {
    private var start: GameState?
    private var inputs: [InputRecord] = []
    private var held = TickInput.idle

    init() { inputs.reserveCapacity(4_096) }

    /// Before a tick is stepped from `state` with `input`.
    mutating func willStep(_ state: GameState, _ input: TickInput) {
        if start == nil {
            switch input.command {
            case .start where state.mode == .idle:
                start = state
                inputs.removeAll(keepingCapacity: true)
                held = .idle
            default: return
            }
        }
        if input.move != held.move || input.pointer != held.pointer || input.command != .none {
            inputs.append(InputRecord(tick: state.tick, input: input))
            held = input
        }
    }

    /// After the tick: the game, if it ended on it.
    mutating func didStep(_ state: GameState, _ events: [Event], header: ReplayHeader) -> FinishedGame? {
        guard let first = start else { return nil }
        for case .gameOver(let summary) in events {
            var h = header
            h.startState = first
            h.mode = summary.mode
            start = nil
            return FinishedGame(summary: summary, header: h, inputs: inputs, endTick: state.tick)
        }
        return nil
    }
}
