import NIOConcurrencyHelpers
import NIOPosix
import OceanDaily
import OceanKernel
import OceanReplay

/// Re-plays posted runs on a fixed pool of threads (verification is CPU-bound and
/// stateless): requests wait for a thread instead of each taking one, and past
/// `maxWaiting` runs in the queue a post is refused as busy rather than queued forever.
final class VerifierPool: Sendable {
    private let pool: NIOThreadPool
    private let waiting = NIOLockedValueBox(0)
    let threads: Int
    let maxWaiting: Int

    init(threads: Int, maxWaiting: Int) {
        self.threads = threads
        self.maxWaiting = maxWaiting
        pool = NIOThreadPool(numberOfThreads: threads)
        pool.start()
    }

    /// The server's own check of `bytes` as a run of `date`, on a pool thread.
    func verify(_ bytes: [UInt8], date: CalendarDate, balance: Balance, maxTicks: Int) async throws(APIError) -> DailyResult {
        let admitted = waiting.withLockedValue { n in
            guard n < threads + maxWaiting else { return false }
            n += 1
            return true
        }
        guard admitted else {
            throw APIError(.serviceUnavailable, "the server is busy: \(threads + maxWaiting) runs are being verified; try again shortly")
        }
        defer { waiting.withLockedValue { $0 -= 1 } }
        let outcome: Result<DailyResult, APIError>
        do {
            outcome = try await pool.runIfActive {
                let started = ContinuousClock.now
                defer { ServerMetrics.verifySeconds.record(since: started) }
                return Self.check(bytes, date: date, balance: balance, maxTicks: maxTicks)
            }
        } catch {
            throw APIError(.serviceUnavailable, "the server is shutting down; try again shortly")
        }
        return try outcome.get()
    }

    /// Reading (hostile input) and re-simulating, each refusal worded for the player.
    static func check(_ bytes: [UInt8], date: CalendarDate, balance: Balance, maxTicks: Int) -> Result<DailyResult, APIError> {
        let read: ReadReplay
        do { read = try ReplayReader.read(bytes: bytes, file: "the posted replay") } catch {
            return .failure(APIError(.unprocessableContent, "not a replay this server can verify: \(error.description)"))
        }
        return DailyRun.verify(read, date: date, balance: balance, maxTicks: maxTicks)
            .mapError { APIError(.unprocessableContent, $0.message) }
    }

    /// Runs waiting for a thread or being verified now.
    var depth: Int { waiting.withLockedValue { $0 } }

    func shutdown() async {
        try? await pool.shutdownGracefully()
    }
}
