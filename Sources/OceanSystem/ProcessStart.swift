#if canImport(Glibc)
import Glibc
#endif

/// When this process was started, on the `monotonicNanos` clock, from the kernel's
/// record (`/proc/self/stat`, in clock ticks since boot: 10 ms steps, rounded down,
/// so a time measured from it is never too short). It counts what a clock read in
/// `main` misses: exec, the dynamic loader, the Swift runtime. Nil where unknown.
public func processStartNanos() -> UInt64? {
    guard let stat = readTextFile("/proc/self/stat"), let close = stat.lastIndex(of: ")") else { return nil }
    // After the command name (which may hold spaces): field 3 onward; starttime is field 22.
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    let hz = sysconf(Int32(_SC_CLK_TCK))
    guard fields.count > 19, let ticks = UInt64(fields[19]), hz > 0 else { return nil }
    let startSinceBoot = ticks * 1_000_000_000 / UInt64(hz)
    var boot = timespec()
    clock_gettime(CLOCK_BOOTTIME, &boot)
    let nowSinceBoot = UInt64(boot.tv_sec) * 1_000_000_000 + UInt64(boot.tv_nsec)
    let now = monotonicNanos()
    // The process's age on the boot clock (which would also count a suspend; a
    // launch being measured has none).
    guard nowSinceBoot >= startSinceBoot, now >= nowSinceBoot - startSinceBoot else { return nil }
    return now - (nowSinceBoot - startSinceBoot)
}
