import MallocInterposerSwift
import OceanSim
#if canImport(Glibc)
import Glibc
#endif

/// Counts heap allocations around a piece of work, through the malloc interposer.
/// The interposer only sees calls when its library is preloaded, so `ocean bench`
/// re-runs itself once with `LD_PRELOAD` set (see `ensurePreloaded`).
enum AllocationCounter {
    static let library = "libMallocInterposerSwift.so"
    static let marker = "OCEAN_BENCH_PRELOADED"

    /// True when allocations are really being counted (a known allocation shows up).
    static var isActive: Bool {
        let count = measure { _ = [Int](repeating: 1, count: 1000 + Int(getpid() % 7)) }
        return count > 0
    }

    /// Runs `work` and returns how many allocation calls it made.
    static func measure(_ work: () -> Void) -> Int {
        MallocInterposerSwift.initialize()
        MallocInterposerSwift.hook()
        work()
        MallocInterposerSwift.unhook()
        return Int(MallocInterposerSwift.getStatistics().mallocCount)
    }

    /// If the interposer is not preloaded yet, re-executes this process with it
    /// preloaded (once; the marker variable stops a loop). Returns if it cannot.
    static func ensurePreloaded() {
        guard getenv(marker) == nil else { return }
        var exe = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &exe, exe.count - 1)
        guard n > 0 else { return }
        let path = String(decoding: exe[0..<n].map(UInt8.init), as: UTF8.self)
        guard let slash = path.lastIndex(of: "/") else { return }
        let lib = String(path[..<slash]) + "/" + library
        guard access(lib, R_OK) == 0 else { return }
        setenv(marker, "1", 1)
        setenv("LD_PRELOAD", lib, 1)
        var args = CommandLine.arguments.map { strdup($0) }
        args.append(nil)
        execv(path, &args)
    }
}
