import OceanAssets

/// What runs in the window: the game being played, a replay being watched. The
/// window loop calls it in raylib's order each frame — `handle` the frame's input,
/// `tick` as many fixed ticks as are owed, `draw` — and presents what it drew.
/// A scene holds the policy; the loop holds none, so a new mode is a new scene.
public protocol Scene: AnyObject {
    /// Whether typed text is wanted (a name being entered): SDL's text input is on.
    var wantsText: Bool { get }
    /// The frame's input. Returns false to leave the loop (the person quits).
    func handle(_ input: FrameInput) -> Bool
    /// Game time owed for `wallNanos` of wall time: the same at normal speed, more
    /// when fast-forwarding, 0 while paused (no ticks at all then).
    func gameNanos(wall wallNanos: UInt64) -> UInt64
    /// One fixed tick. Returns false to leave the loop at once (the ticks after it
    /// are not run).
    func tick() -> Bool
    /// Draws the moment `fraction` (0…1) of the way from the last tick to the next.
    func draw(fraction: Double, into framebuffer: inout Framebuffer)
    /// The loop is about to end (a quit, a signal, a time limit): the last word.
    func leave()
}

extension Scene {
    public var wantsText: Bool { false }
    public func gameNanos(wall wallNanos: UInt64) -> UInt64 { wallNanos }
    public func leave() {}
}
