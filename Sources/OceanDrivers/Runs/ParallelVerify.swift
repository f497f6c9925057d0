import Dispatch
import OceanReplay
import OceanSystem
import Synchronization

/// Verifies files on `jobs` threads; results come back in the order given. `goOn`
/// (called from any thread) stops every verification when it says no.
///
/// `progress` hears how far the whole batch is, in bytes of replay: each file counts
/// its size, earned as its ticks are verified (a replay's length grows with its
/// ticks, and the sizes are known before any file is read, so the total never moves).
///
/// Each result carries how long its file took; with `timeout` (seconds) a file still
/// running after that long is stopped there and marked `timedOut`.
public func verifyAll(_ files: [String], jobs: Int, keepGoing: Bool, progress: Progress? = nil, timeout: Double? = nil,
                      goOn: (@Sendable (Int) -> Bool)? = nil) -> [FileResult] {
    let results = Mutex([FileResult?](repeating: nil, count: files.count))
    let next = Atomic<Int>(0)
    let sizes = progress == nil ? [] : files.map { max(1, fileSize($0) ?? 1) }
    let done = Atomic<Int>(0)
    progress?.update(0, of: sizes.reduce(0, +))
    DispatchQueue.concurrentPerform(iterations: max(1, min(jobs, files.count))) { _ in
        while true {
            let i = next.wrappingAdd(1, ordering: .relaxed).oldValue
            guard i < files.count else { return }
            var counted = 0  // of this file's size
            func count(_ bytes: Int) {
                guard let progress, bytes > counted else { return }
                progress.update(done.wrappingAdd(bytes - counted, ordering: .relaxed).newValue)
                counted = bytes
            }
            let started = monotonicNanos()
            var timedOut = false
            var r: FileResult
            switch Result(catching: { () throws(ReplayError) -> ReadReplay in try ReplayReader.read(path: files[i]) }) {
            case .success(let read):
                var hear: ((Int) -> Bool)? = goOn
                if let timeout {
                    let limit = UInt64(timeout * 1e9)
                    hear = { tick in
                        if monotonicNanos() - started > limit { timedOut = true; return false }
                        return goOn?(tick) ?? true
                    }
                }
                if progress != nil {
                    let next = hear
                    let start = read.replay.header.startTick
                    let length = max(1, (read.replay.end?.tick ?? read.replay.lastTick) - start)
                    hear = { tick in
                        count(sizes[i] * min(length, max(0, tick - start)) / length)
                        return next?(tick) ?? true
                    }
                }
                r = FileResult(file: files[i], verification: ReplayVerifier.verify(read, keepGoing: keepGoing, goOn: hear))
            case .failure(let error):
                r = FileResult(file: files[i], error: error.description)
            }
            r.seconds = Double(monotonicNanos() - started) / 1e9
            r.timedOut = timedOut
            if !sizes.isEmpty { count(sizes[i]) }
            results.withLock { $0[i] = r }
        }
    }
    return results.withLock { $0.map { $0! } }
}
