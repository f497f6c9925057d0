import OceanAssets
import OceanFront
import OceanKernel
import OceanReplay

/// A watched replay's picture: the game view drawing the scrubber's state with the
/// watch overlay over it. No SDL, so `replay render --watch-overlay` draws the very
/// frame the window shows.
public final class WatchPicture {
    let view: GameView
    let overlay: WatchOverlay
    /// Refilled each frame from the scrubber (its arrays are shared, not copied).
    var status = WatchStatus()

    public init(_ scrubber: ReplayScrubber, assets: FrontAssets) {
        view = GameView(assets: assets, rules: scrubber.rules, seed: scrubber.replay.header.seed)
        overlay = WatchOverlay(assets: assets, rules: scrubber.rules)
        view.hintFloor = overlay.stripTop
        status.firstTick = scrubber.firstTick
        status.lastTick = scrubber.lastTick
        status.checkpointTicks = scrubber.checkpointTicks
        status.startCommandTicks = scrubber.startCommandTicks
        jumped(scrubber)
    }

    /// Where the view's and the overlay's text boxes go, for a layout test (nil in play).
    public var textLog: TextBoxLog? {
        get { view.textLog }
        set { view.textLog = newValue; overlay.textLog = newValue }
    }

    /// After one tick played forward: the view sees its events (popups, splashes).
    public func stepped(_ s: ReplayScrubber) { view.observe(s.state, events: s.events) }

    /// After a seek or a step back: the view starts over from the new state.
    public func jumped(_ s: ReplayScrubber) { view.jump(to: s.state, summary: s.summary(at: s.tick)) }

    /// The tick under a click on the timeline, if it is there; `along` ignores y (a drag).
    public func tick(atX x: Int, y: Int, along: Bool) -> Int? {
        along ? overlay.tick(alongX: x, status) : overlay.tick(atX: x, y: y, status)
    }

    public func draw(_ s: ReplayScrubber, paused: Bool, speed: WatchSpeed, fraction: Double,
                     into framebuffer: inout Framebuffer) {
        status.tick = s.tick
        status.explored = s.explored
        status.paused = paused
        status.seeking = s.target != nil
        status.speed = speed
        status.gameStarts = s.gameStarts
        status.gameEnds = s.gameEnds
        status.actionTicks = s.actionTicks
        status.actions = s.actions
        view.render(s.state, fraction: fraction, into: &framebuffer)
        overlay.draw(status, state: s.state, into: &framebuffer)
    }
}
