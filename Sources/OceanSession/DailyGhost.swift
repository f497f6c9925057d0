import OceanDaily
import OceanKernel
import OceanReplay

/// A day's best run raced as a ghost bin: its recording re-simulated beside the live
/// try, tick for tick from each game's start, so the ghost's bin stands where it stood
/// at the same moment of its own game (the same seed: the same items fall for both).
/// Re-simulated rather than read from the file, the path is the one the kernel gives,
/// whichever input steered it (keys or the pointer).
public struct DailyGhost {
    private var simulation: Simulation
    private var feed: InputFeed
    private let endTick: Int
    /// Whether the ghost's game has started and not yet ended.
    public private(set) var racing = false
    private var started = false

    /// The ghost of `replay`, wound on to the tick its game starts.
    public init?(_ replay: Replay) {
        guard let end = replay.end else { return nil }
        let rules = Rules(replay.header.balance)
        simulation = Simulation(rules: rules, state: replay.header.initialState(rules: rules))
        feed = InputFeed(replay.inputs)
        endTick = end.tick
        // Every tick before the one that starts the game (the tick the live try's
        // first step starts its own).
        guard let first = replay.inputs.first(where: { $0.input.command == DailyGame.start }) else { return nil }
        while simulation.state.tick < first.tick { simulation.step(feed.input(at: simulation.state.tick)) }
    }

    /// The ghost bin's x (the kernel's fixed point), while its game is on.
    public var binX: Int? { racing ? simulation.state.bin.x : nil }

    /// One tick of the ghost's game, with one tick of the live one.
    public mutating func step() {
        guard simulation.state.tick < endTick, started ? racing : true else { return }
        simulation.step(feed.input(at: simulation.state.tick))
        started = true
        racing = simulation.state.mode != .idle
    }
}
