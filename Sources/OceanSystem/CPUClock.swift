#if canImport(Glibc)
import Glibc
#endif

/// CPU time used by the calling thread, in nanoseconds (for "per second of CPU"
/// measurements, which other programs on the machine do not inflate).
public func threadCPUNanos() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}
