import OceanSystem
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A progress line on standard error for runs that take a while: only when standard
/// error is a terminal (never in pipes, files or tests), at most a few times a
/// second, with the rate and the time left; erased when the run is done.
public final class Progress: @unchecked Sendable {
    private let label: String
    private let unit: String
    private let total: Int
    private let enabled: Bool
    private let start = monotonicNanos()
    private var lastPrint: UInt64 = 0
    private var shown = false
    private let lock = Mutex(())

    /// `quiet` (for `--json`) turns it off as well.
    public init(_ label: String, total: Int, unit: String, quiet: Bool = false) {
        self.label = label
        self.total = max(1, total)
        self.unit = unit
        enabled = !quiet && isatty(2) != 0
    }

    /// `done` units of `total` are done.
    public func update(_ done: Int) {
        guard enabled else { return }
        lock.withLock { _ in
            let now = monotonicNanos()
            guard now - lastPrint > 250_000_000 else { return }
            lastPrint = now
            let seconds = Double(now - start) / 1e9
            guard seconds > 0.5 else { return }
            let rate = Double(done) / seconds
            let eta = rate > 0 ? Int(Double(total - done) / rate) : 0
            let line = "\(label): \(done) of \(total) \(unit) (\(done * 100 / total) %), "
                + "\(Int(rate)) \(unit)/s, about \(duration(seconds: eta)) left"
            printError("\r\u{1b}[K" + line + " (Ctrl-C stops)", newline: false)
            shown = true
        }
    }

    /// Erases the line.
    public func finish() {
        guard enabled else { return }
        lock.withLock { _ in if shown { printError("\r\u{1b}[K", newline: false) } }
    }
}
