#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// What SIGINT, SIGTERM and SIGHUP do once `Interruption.install` ran: nothing is left
/// half-written and no temporary file is left behind.
///
/// - Temporary files being written (`AtomicWriter` registers each one while it
///   exists) are removed by the handler itself, then the signal is raised again with
///   its default action, so the process ends by the signal as Unix tools do (a shell
///   reports 128 + the signal number).
/// - In graceful mode (a career that saves after every day), the first signal only
///   raises a flag: the loop finishes the save under way and stops at the next day
///   (`Interruption.requested`). A second signal exits at once, as above.
///
/// The handler only calls async-signal-safe functions (`unlink`, `signal`, `raise`) and
/// reads atomics and a buffer prepared beforehand.
public enum Interruption {
    /// Installs the handlers (once per process is enough; calling again changes the mode).
    public static func install(graceful: Bool = false) {
        gracefulMode.store(graceful, ordering: .sequentiallyConsistent)
        // A parent may have started us with these blocked (some process launchers pass
        // on their own mask): unblock them, or a stop request would never arrive.
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for sig in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&unblock, sig) }
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
        for sig in [SIGINT, SIGTERM, SIGHUP] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { sig in Interruption.handle(sig) }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(sig, &action, nil)
        }
    }

    /// The signal that asked a graceful run to stop, if one did.
    public static var requested: Int32? {
        let s = stopSignal.load(ordering: .sequentiallyConsistent)
        return s == 0 ? nil : s
    }

    /// The usual name of a signal, for messages.
    public static func name(_ sig: Int32) -> String {
        switch sig {
        case SIGINT: "SIGINT"
        case SIGTERM: "SIGTERM"
        case SIGHUP: "SIGHUP"
        default: "signal \(sig)"
        }
    }

    private static func handle(_ sig: Int32) {
        if gracefulMode.load(ordering: .sequentiallyConsistent) {
            let (exchanged, _) = stopSignal.compareExchange(expected: 0, desired: sig, ordering: .sequentiallyConsistent)
            if exchanged { return }
        }
        TemporaryRegistry.removeAll()
        // The default action again, raised: delivered (the signal is blocked while its
        // handler runs) as soon as this returns, and it ends the process.
        signal(sig, SIG_DFL)
        raise(sig)
    }
}

private let gracefulMode = Atomic<Bool>(false)
private let stopSignal = Atomic<Int32>(0)

/// The temporary files a signal handler must remove: a few fixed slots holding
/// C strings, so the handler needs no allocation and no lock.
enum TemporaryRegistry {
    static let slots = 8
    static let slotSize = 4096
    nonisolated(unsafe) static let buffer: UnsafeMutablePointer<CChar> = {
        let b = UnsafeMutablePointer<CChar>.allocate(capacity: slots * slotSize)
        b.initialize(repeating: 0, count: slots * slotSize)
        return b
    }()
    /// Bit n: slot n is taken. Bit n + 32: slot n holds a path the handler removes.
    static let state = Atomic<Int>(0)

    /// Registers `path` (before the file is created); nil if every slot is taken
    /// or the path is too long (the file then is only cleaned up by a later save).
    static func register(_ path: String) -> Int? {
        let utf8 = Array(path.utf8)
        guard utf8.count < slotSize else { return nil }
        _ = buffer // make sure the buffer exists before any handler can run
        while true {
            let now = state.load(ordering: .sequentiallyConsistent)
            guard let slot = (0..<slots).first(where: { now & (1 << $0) == 0 }) else { return nil }
            let (claimed, _) = state.compareExchange(expected: now, desired: now | (1 << slot), ordering: .sequentiallyConsistent)
            guard claimed else { continue }
            let start = buffer + slot * slotSize
            for (i, b) in utf8.enumerated() { start[i] = CChar(bitPattern: b) }
            start[utf8.count] = 0
            state.bitwiseOr(1 << (slot + 32), ordering: .sequentiallyConsistent)
            return slot
        }
    }

    static func unregister(_ slot: Int) {
        state.bitwiseAnd(~(1 << (slot + 32)), ordering: .sequentiallyConsistent)
        state.bitwiseAnd(~(1 << slot), ordering: .sequentiallyConsistent)
    }

    /// From the signal handler: unlinks every armed path.
    static func removeAll() {
        let now = state.load(ordering: .sequentiallyConsistent)
        for slot in 0..<slots where now & (1 << (slot + 32)) != 0 {
            unlink(buffer + slot * slotSize)
        }
    }
}
