import OceanKernel

/// "Fix Your Timestep" in integer time: wall time comes in as nanoseconds, the game
/// advances in fixed ticks of 1/60 s, and what is left over becomes the fraction the
/// renderer interpolates by. Pure: the caller reads the clock, so tests can feed any
/// frame times they like.
///
/// Time owed is kept in nanoseconds × 60, so a tick costs exactly 1e9 units and 60
/// ticks are exactly one second: no rounding drifts however long the game runs.
public struct FrameClock: Sendable {
    /// The kernel's tick rate (`Fixed.ticksPerSecond`, declared once there).
    public static let ticksPerSecond = UInt64(Fixed.ticksPerSecond)
    /// One tick, in owed units (nanoseconds × ticksPerSecond).
    static let tickUnits: UInt64 = 1_000_000_000

    /// The most wall time one frame may add, so a stall (a dragged window, a debugger,
    /// a slow disk) costs at most this much catching up instead of a spiral of death.
    public let maxFrameNanos: UInt64
    private var last: UInt64?
    private var owed: UInt64 = 0

    /// What one frame should do.
    public struct Frame: Equatable, Sendable {
        /// Fixed ticks to run now.
        public var ticks: Int
        /// How far the present lies between the last tick and the next, in [0, 1).
        public var fraction: Double
    }

    public init(maxFrameNanos: UInt64 = 250_000_000) {
        self.maxFrameNanos = maxFrameNanos
    }

    /// The frame at monotonic time `now` (ns). The first call only starts the clock.
    public mutating func advance(to now: UInt64) -> Frame {
        let elapsed = last.map { now > $0 ? now - $0 : 0 } ?? 0
        last = now
        return advance(by: elapsed)
    }

    /// The frame after `elapsed` ns of wall time.
    public mutating func advance(by elapsed: UInt64) -> Frame {
        owed += min(elapsed, maxFrameNanos) * Self.ticksPerSecond
        let ticks = owed / Self.tickUnits
        owed %= Self.tickUnits
        return Frame(ticks: Int(ticks), fraction: Double(owed) / Double(Self.tickUnits))
    }

    /// While paused: time passes but nothing is owed, so resuming does not catch up.
    public mutating func hold(at now: UInt64) {
        last = now
        owed = 0
    }
}
