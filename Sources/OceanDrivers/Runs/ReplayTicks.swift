import OceanKernel
import OceanReplay

/// Plays a replay's inputs from its starting state to its last tick and hands the
/// simulation to `body` after each step (its state and that tick's events): what
/// `ocean audio render --replay` listens to.
public func forEachTick(of replay: Replay, _ body: (Simulation) -> Void) {
    let rules = Rules(replay.header.balance)
    var sim = Simulation(rules: rules, state: replay.header.initialState(rules: rules))
    var feed = InputFeed(replay.inputs)
    let end = replay.end?.tick ?? replay.lastTick
    while sim.state.tick < end {
        sim.step(feed.input(at: sim.state.tick))
        body(sim)
    }
}
