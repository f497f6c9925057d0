/// A store whose every call fails after `seconds` (`StoreTimeout`, answered 503 with
/// `Retry-After`): a stopped or unreachable database costs a request seconds, never
/// the minutes a driver may wait on a dead connection.
struct TimedStore: RunStore {
    let store: any RunStore
    let seconds: Double

    func boundNames(like name: String) async throws -> [(name: String, key: String)] {
        let s = store
        return try await withDeadline(seconds: seconds, "the name's owner") { try await s.boundNames(like: name) }
    }

    func store(_ run: VerifiedRun) async throws -> StoreOutcome {
        let s = store
        return try await withDeadline(seconds: seconds, "the run's commit") { try await s.store(run) }
    }

    func leaderboard(date: String, apart: Bool, page: BoardPage) async throws -> [BoardRow] {
        let s = store
        return try await withDeadline(seconds: seconds, "the leaderboard") { try await s.leaderboard(date: date, apart: apart, page: page) }
    }

    func replay(id: Int) async throws -> (day: String, bytes: [UInt8])? {
        let s = store
        return try await withDeadline(seconds: seconds, "the replay") { try await s.replay(id: id) }
    }

    func officialCatches(date: String) async throws -> [Int] {
        let s = store
        return try await withDeadline(seconds: seconds, "the shared sea") { try await s.officialCatches(date: date) }
    }

    func ping() async throws {
        let s = store
        try await withDeadline(seconds: seconds, "a health check") { try await s.ping() }
    }

    func close() async { await store.close() }
}
