import MallocInterposerSwift
import OceanBench
import OceanDrivers
import OceanStore
import OceanSystem
#if canImport(Glibc)
import Glibc
#endif

/// Counts heap allocations around a piece of work, through ordo-one's malloc
/// interposer. `ocean` links its library ahead of libc, so its `malloc` is the one
/// every call resolves to; `isActive` checks that this still holds.
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
}
