import OceanKernel

/// What the person did since the last frame, as one value: the presses in the order
/// they came, the one-off requests, and what is held now. The platform fills it from
/// SDL's events; a scene reads it and decides what each press means (the career's
/// screens, the pause menu, a replay's scrubber), so no SDL type leaves the platform.
public struct FrameInput: Sendable {
    /// A key as the scenes tell keys apart (the pad's buttons arrive as keys too:
    /// the D-pad as arrows, A as Enter, B as Escape).
    public enum Key: Equatable, Sendable {
        case up, down, left, right
        case enter, space, escape, backspace
        case home, end, pageUp, pageDown
        case minus, plus, comma, period, leftBracket, rightBracket
        case p
        /// M: mute and unmute (the game's screen and its pause menu).
        case m
        /// Any other key.
        case other
    }

    /// One thing that happened this frame.
    public enum Press: Equatable, Sendable {
        /// A key went down (`repeated`: held, the keyboard repeating it). Not sent
        /// while Ctrl is held (Ctrl+Q is a request).
        case key(Key, repeated: Bool)
        /// Text typed (already composed, any keyboard layout), while text input is on.
        case text(String)
        /// The left button or a finger went down at a point of the logical screen.
        case press(x: Int, y: Int)
        /// … moved there while down.
        case drag(x: Int, y: Int)
        /// … came up.
        case release
    }

    /// One-off requests gathered since the last frame.
    public struct Requests: Equatable, Sendable {
        /// Space, Enter, a click, a tap or a pad's A (the first press, not a repeat).
        public var start = false
        /// Escape or a pad's Start.
        public var togglePause = false
        /// The window lost focus.
        public var pause = false
        public var fullscreen = false
        /// Ctrl+Q, the window's ×, or the desktop asking the program to quit.
        public var quit = false
        public init() {}
    }

    public var presses: [Press] = []
    public var requests = Requests()
    /// Where the held keys, the pad or the stick push the bin (keys win over the pad).
    public var move: Move = .none
    /// While the mouse button or a finger is down: its x on the logical screen.
    public var pointerX: Float?

    public init() { presses.reserveCapacity(64) }
}
