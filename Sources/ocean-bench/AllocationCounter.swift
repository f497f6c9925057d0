import MallocInterposerSwift
#if canImport(Glibc)
import Glibc
#endif

/// Counts heap allocations around a piece of work, through ordo-one's malloc
/// interposer. Its README's way on Linux: the library is preloaded
/// (`LD_PRELOAD=.build/release/libMallocInterposerSwift.so`, as `make bench` runs
/// this), so its `malloc` is the one every call in the process resolves to; this
/// binary links it only for the counters. `isActive` checks that a known allocation
/// is seen, so a bench run without it says "not counted" instead of showing 0.
enum AllocationCounter {
    /// True when allocations are really being counted (a known allocation shows up).
    static var isActive: Bool {
        let count = measure {
            let probe = [Int](repeating: Int(getpid()), count: 1000)
            withExtendedLifetime(probe) {}
        }
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

    /// `measure`, when counting works in this process; nil otherwise.
    static var counter: ((() -> Void) -> Int)? { isActive ? { measure($0) } : nil }
}
