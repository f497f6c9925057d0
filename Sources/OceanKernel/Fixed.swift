/// World math is 48.16 fixed point in an `Int` (64-bit on every platform we build):
/// one pixel is 65,536 units. Speeds are units per tick, accelerations units per
/// tick per tick. Conversions from the designer's units (px, px/s, px/s², ms) happen
/// once, when `Rules` are derived from a `Balance`, with integer arithmetic only.
public enum Fixed {
    public static let shift = 16
    public static let one = 1 << shift
    /// Ticks per simulated second. Fixed by design: replays and balance units assume it.
    public static let ticksPerSecond = 60

    @inline(__always) public static func px(_ p: Int) -> Int { p << shift }
    @inline(__always) public static func pxPerSecond(_ v: Int) -> Int { v * one / ticksPerSecond }
    @inline(__always) public static func pxPerSecond2(_ a: Int) -> Int {
        a * one / (ticksPerSecond * ticksPerSecond)
    }
    /// Milliseconds to whole ticks, rounded to nearest, at least one tick.
    @inline(__always) public static func ticks(ms: Int) -> Int {
        max(1, (ms * ticksPerSecond + 500) / 1000)
    }
    /// Whole pixels of a fixed-point value, rounded toward negative infinity.
    @inline(__always) public static func wholePixels(_ v: Int) -> Int { v >> shift }
}
