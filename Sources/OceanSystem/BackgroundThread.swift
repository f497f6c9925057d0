#if canImport(Glibc)
import Glibc
#endif

/// Runs `work` on a detached thread of its own (a blocking network call that must not
/// hold up the window's loop, nor one of Swift concurrency's few cooperative threads).
public enum BackgroundThread {
    private final class Work {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }

    /// False when no thread could be made (then `work` has not run).
    @discardableResult
    public static func start(_ work: @escaping @Sendable () -> Void) -> Bool {
        let box = Unmanaged.passRetained(Work(work)).toOpaque()
        var thread = pthread_t()
        let made = pthread_create(&thread, nil, { context in
            let work = Unmanaged<Work>.fromOpaque(context!).takeRetainedValue()
            work.body()
            return nil
        }, box)
        guard made == 0 else {
            Unmanaged<Work>.fromOpaque(box).release()
            return false
        }
        pthread_detach(thread)
        return true
    }
}
