import OceanFront
import OceanKernel
import OceanReplay

/// A replay's frames, drawn with no window: the run is simulated again from its
/// inputs, the view observes every step as it would live, and the chosen ticks are
/// drawn at fraction 1 (exactly the state of that tick).
public enum ReplayFrames {
    /// The last tick a replay can be drawn at.
    public static func lastTick(_ replay: Replay) -> Int { replay.end?.tick ?? replay.lastTick }

    /// Calls `body` with each tick of `ticks` (ascending, within the replay) and its frame.
    public static func render<E: Error>(_ replay: Replay, assets: FrontAssets, ticks: [Int],
                                        _ body: (Int, Framebuffer) throws(E) -> Void) throws(E) {
        let rules = Rules(replay.header.balance)
        var sim = Simulation(rules: rules, state: replay.header.initialState(rules: rules))
        var feed = InputFeed(replay.inputs)
        let view = GameView(assets: assets, rules: rules, seed: replay.header.seed)
        var framebuffer = Framebuffer(width: GameView.width, height: GameView.height)
        view.observe(sim.state, events: [])
        for tick in ticks {
            while sim.state.tick < tick {
                sim.step(feed.input(at: sim.state.tick))
                view.observe(sim.state, events: sim.events)
            }
            view.render(sim.state, fraction: 1, into: &framebuffer)
            try body(tick, framebuffer)
        }
    }
}
