/// What the player did, as the career's screens understand it: the platform layer maps
/// keys, clicks, pad buttons and typed text to these (no SDL here).
public enum CareerKey: Equatable, Sendable {
    case up, down, left, right
    /// Enter, a pad's A.
    case confirm
    /// Space: confirm, except while typing a name (where it is a typed space).
    case space
    /// Escape, a pad's B.
    case back
    case backspace
    /// Any other key (it turns a story panel, nothing else).
    case other
    /// Text typed (SDL's text input: already composed, any keyboard layout).
    case text(String)
    /// A left click or a tap at a point of the 640×360 screen.
    case click(x: Int, y: Int)
}
