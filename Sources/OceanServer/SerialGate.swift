/// Lets one task at a time through, in arrival order: an SQLite connection runs one
/// transaction at a time, and an actor alone would interleave them at each `await`.
actor SerialGate {
    private var busy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func run<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        if busy { await withCheckedContinuation { waiting.append($0) } } else { busy = true }
        defer { if waiting.isEmpty { busy = false } else { waiting.removeFirst().resume() } }
        return try await body()
    }
}
