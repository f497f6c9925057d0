import Dispatch
import OceanReplay
import OceanSystem
import Synchronization

/// Verifies files on `jobs` threads; results come back in the order given. `goOn`
/// (called from any thread) stops every verification when it says no.
///
/// `progress` hears how far the whole batch is, in bytes of replay: each file counts
/// its size, earned as its bytes are read and verified (a file is verified as it
/// streams; the sizes are known before any file is read, so the total never moves).
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
            var hear: ((Int) -> Bool)? = goOn
            if let timeout {
                let limit = UInt64(timeout * 1e9)
                hear = { tick in
                    if monotonicNanos() - started > limit { timedOut = true; return false }
                    return goOn?(tick) ?? true
                }
            }
            // Streamed: each checkpoint is compared as it is read, so memory stays flat
            // however long the file; its progress is the bytes read so far.
            do throws(ReplayError) {
                let file: FileReader
                do throws(FileError) { file = try FileReader(opening: files[i]) } catch {
                    throw ReplayError(file: PathName.shortened(files[i]), line: nil, message: error.message)
                }
                var read = 0
                let verification = try ReplayVerifier.verify(reading: { buffer in
                    let n = file.read(into: &buffer)
                    if n > 0 && !sizes.isEmpty {
                        read += n
                        count(min(read, sizes[i]))
                    }
                    return n
                }, file: files[i], keepGoing: keepGoing, goOn: hear)
                r = FileResult(file: files[i], verification: verification)
            } catch {
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
