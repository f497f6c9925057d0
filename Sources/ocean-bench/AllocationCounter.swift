#if canImport(Glibc)
import Glibc
#endif

/// Counts heap allocations around a piece of work, through ordo-one's malloc
/// interposer, loaded the way its README says for Linux: preloaded
/// (`LD_PRELOAD=.build/release/libMallocInterposerSwift.so`, as `make bench` runs
/// this), so its `malloc` is the one every call in the process resolves to. This
/// binary does not link it: it finds the library's C counters (`interposer.h`) in the
/// process at run time, so without the preload nothing is counted and the bench says
/// "not counted" instead of showing 0.
enum AllocationCounter {
    private typealias Switch = @convention(c) () -> Void
    private typealias Stats = @convention(c) (UnsafeMutablePointer<Int64>, UnsafeMutablePointer<Int64>,
                                              UnsafeMutablePointer<Int64>, UnsafeMutablePointer<Int64>,
                                              UnsafeMutablePointer<Int64>, UnsafeMutablePointer<Int64>) -> Void

    /// The interposer's counters, when its library is in the process.
    private struct API {
        let reset: Switch, enable: Switch, disable: Switch, stats: Stats
    }

    private static let api: API? = {
        let process = dlopen(nil, RTLD_NOW)
        func find<T>(_ name: String, as type: T.Type) -> T? {
            dlsym(process, name).map { unsafeBitCast($0, to: type) }
        }
        guard let reset = find("malloc_interposer_reset", as: Switch.self),
              let enable = find("malloc_interposer_enable", as: Switch.self),
              let disable = find("malloc_interposer_disable", as: Switch.self),
              let stats = find("malloc_interposer_get_stats", as: Stats.self) else { return nil }
        return API(reset: reset, enable: enable, disable: disable, stats: stats)
    }()

    /// True when allocations are really being counted: the library is preloaded and a
    /// known allocation shows up.
    static var isActive: Bool {
        guard api != nil else { return false }
        let count = measure {
            let probe = [Int](repeating: Int(getpid()), count: 1000)
            withExtendedLifetime(probe) {}
        }
        return count > 0
    }

    /// Runs `work` and returns how many allocation calls it made (0 without the library).
    static func measure(_ work: () -> Void) -> Int {
        guard let api else { work(); return 0 }
        api.reset()
        api.enable()
        work()
        api.disable()
        // It writes all six figures: calls, bytes, small, large, frees, bytes freed.
        var figures = [Int64](repeating: 0, count: 6)
        figures.withUnsafeMutableBufferPointer { f in
            let p = f.baseAddress!
            api.stats(p, p + 1, p + 2, p + 3, p + 4, p + 5)
        }
        return Int(figures[0])
    }

    /// `measure`, when counting works in this process; nil otherwise.
    static var counter: ((() -> Void) -> Int)? { isActive ? { measure($0) } : nil }
}
