/// A store whose every call fails after `seconds` (`StoreTimeout`, answered 503 with
/// `Retry-After`): a stopped or unreachable database costs a request seconds, never
/// the minutes a driver may wait on a dead connection. Each call is timed for
/// `/metrics` (`ocean_database_seconds{call}`).
struct TimedStore: RunStore {
    let store: any RunStore
    let seconds: Double

    func boundNames(like name: String) async throws -> [(name: String, key: String)] {
        let s = store
        return try await timed("name", "the name's owner") { try await s.boundNames(like: name) }
    }

    func store(_ run: VerifiedRun) async throws -> StoreOutcome {
        let s = store
        return try await timed("commit", "the run's commit") { try await s.store(run) }
    }

    func leaderboard(date: String, apart: Bool, page: BoardPage) async throws -> [BoardRow] {
        let s = store
        return try await timed("board", "the leaderboard") { try await s.leaderboard(date: date, apart: apart, page: page) }
    }

    func replay(id: Int) async throws -> StoredReplay? {
        let s = store
        return try await timed("replay", "the replay") { try await s.replay(id: id) }
    }

    func sea(date: String) async throws -> SeaTotal {
        let s = store
        return try await timed("sea", "the shared sea") { try await s.sea(date: date) }
    }

    func ping() async throws {
        let s = store
        try await timed("ping", "a health check") { try await s.ping() }
    }

    func close() async { await store.close() }

    private func timed<T: Sendable>(_ call: String, _ what: String, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
        let started = ContinuousClock.now
        defer { ServerMetrics.databaseSeconds(call).record(since: started) }
        return try await withDeadline(seconds: seconds, what, body)
    }
}
