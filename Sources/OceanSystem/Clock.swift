#if canImport(Glibc)
import Glibc
#endif

/// Monotonic wall time in nanoseconds (for measuring and pacing, never for simulating).
public func monotonicNanos() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}
