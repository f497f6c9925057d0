import NIOConcurrencyHelpers

/// Keeps many posts' runs in one transaction: one sync to disk for a batch instead of
/// one a run (a database's group commit, done here because SQLite has none and
/// PostgreSQL's waits on a timer). A run waits while the batch before it commits;
/// everything that arrived meanwhile goes into the next one, so a lone run commits at
/// once and a busy server's batches grow with its load.
///
/// Nothing is answered before its batch's commit returns: a caller hears its own
/// outcome (or its own error: one run refused by the database leaves the rest of the
/// batch to commit) only once the whole batch is durable, and every caller of a
/// batch whose commit fails hears that failure.
final class GroupCommit<Item: Sendable, Outcome: Sendable>: Sendable {
    /// Commits `items` in one transaction, in order; each item's own outcome or error.
    /// Throws when the transaction as a whole fails (nothing of it kept).
    typealias Commit = @Sendable ([Item]) async throws -> [Result<Outcome, any Error>]

    private struct Waiting {
        var items: [(Item, CheckedContinuation<Outcome, any Error>)] = []
        /// A task is committing (and will take what waits before it stops).
        var committing = false
    }

    private let waiting = NIOLockedValueBox(Waiting())
    private let commit: Commit
    /// The most runs one transaction takes (a bound on how long its locks are held).
    let maxBatch: Int
    /// How long a batch stays open for more before its commit (0: none).
    let holdNanoseconds: UInt64

    init(maxBatch: Int = 64, holdMilliseconds: Int = 0, commit: @escaping Commit) {
        self.maxBatch = maxBatch
        holdNanoseconds = UInt64(max(0, holdMilliseconds)) * 1_000_000
        self.commit = commit
    }

    /// Commits `item` with whatever else is waiting; its outcome once durable.
    func submit(_ item: Item) async throws -> Outcome {
        try await withCheckedThrowingContinuation { continuation in
            let lead = waiting.withLockedValue { w in
                w.items.append((item, continuation))
                guard !w.committing else { return false }
                w.committing = true
                return true
            }
            // The first to find no commit running starts one; it drains the queue.
            if lead { Task { await self.drain() } }
        }
    }

    /// Commits batches while runs wait; the hold begins with a batch's first run.
    private func drain() async {
        while true {
            let idle = waiting.withLockedValue { w in
                if w.items.isEmpty { w.committing = false }
                return w.items.isEmpty
            }
            if idle { return }
            if holdNanoseconds > 0 { try? await Task.sleep(nanoseconds: holdNanoseconds) }
            let batch = waiting.withLockedValue { w -> [(Item, CheckedContinuation<Outcome, any Error>)] in
                let n = min(maxBatch, w.items.count)
                if n == 0 { w.committing = false }
                let taken = Array(w.items.prefix(n))
                w.items.removeFirst(n)
                return taken
            }
            if batch.isEmpty { return }
            ServerMetrics.commitBatchRuns.record(batch.count)
            do {
                let outcomes = try await commit(batch.map(\.0))
                for (i, (_, continuation)) in batch.enumerated() {
                    continuation.resume(with: i < outcomes.count
                        ? outcomes[i] : .failure(StoreFailure("the batch's commit gave no outcome for this run")))
                }
            } catch {
                for (_, continuation) in batch { continuation.resume(throwing: error) }
            }
        }
    }
}
