import OceanSystem
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A progress line on standard error for runs that take a while: on a terminal, one
/// line rewritten at most a few times a second with the rate and the time left and
/// erased when the run is done; elsewhere (not a terminal, or TERM=dumb) nothing, or
/// with `plainLines` a line at every tenth (for a batch job's log), no escapes. Safe to update from several threads.
public final class Progress: @unchecked Sendable {
    private let label: String
    private let unit: String
    private var total: Int
    private let enabled: Bool
    private let start = monotonicNanos()
    private var lastPrint: UInt64 = 0
    private var shown = false
    private let plain: Bool
    private var lastTenth = 0
    private let lock = Mutex(())

    /// `quiet` (for `--json`) turns it off as well.
    public init(_ label: String, total: Int, unit: String, quiet: Bool = false, plainLines: Bool = false) {
        self.label = label
        self.total = max(1, total)
        self.unit = unit
        // A terminal that moves its cursor: TERM=dumb (Emacs' shell, some CI logs) or
        // no TERM prints escapes as they are, so it gets the plain lines instead.
        let term = getenv("TERM").map { String(cString: $0) } ?? ""
        let terminal = isatty(2) != 0 && !term.isEmpty && term != "dumb"
        enabled = !quiet && terminal
        plain = !quiet && !terminal && plainLines
    }

    /// `done` units of `total` are done.
    public func update(_ done: Int) {
        if plain {
            lock.withLock { _ in
                let tenth = done * 10 / total
                guard tenth > lastTenth else { return }
                lastTenth = tenth
                let rate = Double(done) / max(1e-9, Double(monotonicNanos() - start) / 1e9)
                printError("\(label): \(done) of \(total) \(unit) (\(tenth * 10) %), \(Int(rate)) \(unit)/s")
            }
            return
        }
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
            printError("\r\u{1b}[K" + terminalSafe(line) + " (Ctrl-C stops)", newline: false, raw: true)
            shown = true
        }
    }

    /// `done` of `total` (for work whose size is known only as it runs).
    public func update(_ done: Int, of total: Int) {
        lock.withLock { _ in self.total = max(1, total) }
        update(done)
    }

    /// Erases the line.
    public func finish() {
        guard enabled else { return }
        lock.withLock { _ in if shown { printError("\r\u{1b}[K", newline: false, raw: true) } }
    }
}
