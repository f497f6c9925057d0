import Dispatch
import OceanReplay
import Synchronization

/// Verifies files on `jobs` threads; results come back in the order given. `goOn`
/// (called from any thread) stops every verification when it says no.
public func verifyAll(_ files: [String], jobs: Int, keepGoing: Bool,
                      goOn: (@Sendable (Int) -> Bool)? = nil) -> [FileResult] {
    let results = Mutex([FileResult?](repeating: nil, count: files.count))
    let next = Atomic<Int>(0)
    DispatchQueue.concurrentPerform(iterations: max(1, min(jobs, files.count))) { _ in
        while true {
            let i = next.wrappingAdd(1, ordering: .relaxed).oldValue
            guard i < files.count else { return }
            let r: FileResult
            switch Result(catching: { () throws(ReplayError) -> ReadReplay in try ReplayReader.read(path: files[i]) }) {
            case .success(let read):
                r = FileResult(file: files[i], verification: ReplayVerifier.verify(read, keepGoing: keepGoing, goOn: goOn))
            case .failure(let error):
                r = FileResult(file: files[i], error: error.description)
            }
            results.withLock { $0[i] = r }
        }
    }
    return results.withLock { $0.map { $0! } }
}
