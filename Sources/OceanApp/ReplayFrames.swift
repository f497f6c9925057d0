import OceanAssets
import OceanFront
import OceanKernel
import OceanReplay

/// A replay's frames, drawn with no window: the run is simulated again from its
/// inputs, the view observes every step as it would live, and the chosen ticks are
/// drawn at fraction 1 (exactly the state of that tick), screens settled (no motion).
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
        // A still of a tick shows its screen settled (a summary on the game's last tick).
        view.motion = false
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

    /// As `render`, with the watch overlay over each frame, paused at ×1: the frame
    /// `ocean replay watch` shows at that tick.
    public static func renderWatched<E: Error>(_ replay: Replay, assets: FrontAssets, ticks: [Int],
                                               _ body: (Int, Framebuffer) throws(E) -> Void) throws(E) {
        var scrubber = ReplayScrubber(replay)
        let picture = WatchPicture(scrubber, assets: assets)
        var framebuffer = Framebuffer(width: GameView.width, height: GameView.height)
        for tick in ticks {
            // Played forward as the window would, so popups and splashes are in flight.
            while scrubber.tick < tick {
                scrubber.stepForward()
                picture.stepped(scrubber)
            }
            picture.draw(scrubber, paused: true, speed: WatchSpeed(), fraction: 1, into: &framebuffer)
            try body(tick, framebuffer)
        }
    }
}
