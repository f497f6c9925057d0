/// The kernel's version, written into replays. A newer engine with the same replay
/// format verifies older replays: that is what makes them a regression suite.
public enum Engine {
    public static let version = "0.1.0"
}
