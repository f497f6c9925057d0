import Logging
import OceanDaily
import NIOCore
import SQLiteNIO

/// Runs in one SQLite file (the default): one connection, one transaction at a time,
/// write-ahead log with a full sync at each commit, so a run answered 201 is on disk
/// and a kill leaves no half of one. Posts arriving together share a transaction
/// (`GroupCommit`), each run in a savepoint of its own: one sync for the batch.
final class SQLiteRunStore: RunStore {
    private let connection: SQLiteConnection
    private let gate = SerialGate()
    private let batches: GroupCommit<VerifiedRun, StoreOutcome>

    private init(connection: SQLiteConnection, holdMilliseconds: Int) {
        self.connection = connection
        let gate = gate
        batches = GroupCommit(holdMilliseconds: holdMilliseconds) { runs in
            try await SQLiteRunStore.transaction(connection, gate) { c in try await SQLiteRunStore.keepEach(runs, on: c) }
        }
    }

    /// Each run in a savepoint: a run the rules or the database refuse is undone alone.
    private static func keepEach(_ runs: [VerifiedRun], on c: SQLiteConnection) async throws -> [Result<StoreOutcome, any Error>] {
        var outcomes: [Result<StoreOutcome, any Error>] = []
        for run in runs {
            _ = try await c.query("SAVEPOINT run", [])
            do {
                outcomes.append(.success(try await StoreRules.store(run, SQLiteQueries(c: c))))
            } catch {
                // If even the undo fails, the transaction is lost: the whole batch fails.
                _ = try await c.query("ROLLBACK TO run", [])
                outcomes.append(.failure(error))
            }
            _ = try await c.query("RELEASE run", [])
        }
        return outcomes
    }

    static func open(path: String, healing: SeaHealing, holdMilliseconds: Int = 0, logger: Logger) async throws -> SQLiteRunStore {
        let connection: SQLiteConnection
        do { connection = try await SQLiteConnection.open(storage: .file(path: path), logger: logger) } catch {
            throw StoreFailure("--db: cannot open the SQLite database \(path): \(error)")
        }
        let store = SQLiteRunStore(connection: connection, holdMilliseconds: holdMilliseconds)
        do {
            // Each run's savepoint journal in memory: it only undoes a refused run within
            // its transaction (the log on disk is what makes a commit durable), and as a
            // file it cost a write for every page a run touched.
            for pragma in ["PRAGMA journal_mode = WAL", "PRAGMA synchronous = FULL", "PRAGMA foreign_keys = ON",
                           "PRAGMA busy_timeout = 5000", "PRAGMA temp_store = MEMORY"] {
                _ = try await connection.query(pragma, [])
            }
            try await store.migrate(logger: logger)
            try await store.fillSkeletons()
            try await store.fillSea(healing)
        } catch {
            await store.close()
            throw StoreFailure("--db: \(path) is not a runs database this server can use: \(error)")
        }
        return store
    }

    private func migrate(logger: Logger) async throws {
        _ = try await connection.query(StoreSchema.bookkeeping, [])
        for m in StoreSchema.migrations {
            try await transaction { c in
                let done = try await c.query("SELECT 1 FROM schema_migrations WHERE version = ?", [.integer(m.version)])
                guard done.isEmpty else { return }
                for sql in m.sqlite { _ = try await c.query(sql, []) }
                _ = try await c.query("INSERT INTO schema_migrations (version, applied_at) VALUES (?, datetime('now'))",
                                      [.integer(m.version)])
                logger.info("schema migrated", metadata: ["version": "\(m.version)", "db": "sqlite"])
            }
        }
    }

    /// Names bound before skeletons were kept (schema 3) are given theirs.
    private func fillSkeletons() async throws {
        try await transaction { c in
            for row in try await c.query("SELECT name FROM players WHERE skeleton IS NULL", []) {
                guard let name = row.column("name")?.string else { continue }
                _ = try await c.query("UPDATE players SET skeleton = ? WHERE name = ?", [.text(RunSignature.skeleton(name)), .text(name)])
            }
        }
    }

    /// Days kept before the sea's running total (schema 5) are given theirs.
    private func fillSea(_ healing: SeaHealing) async throws {
        try await transaction { c in
            _ = try await c.query("""
                INSERT INTO sea (day, runs, catches, healed)
                SELECT day, COUNT(*), SUM(catches), SUM(MIN(catches * ?, ?)) FROM runs
                WHERE official = 1 AND apart IS NULL AND day NOT IN (SELECT day FROM sea) GROUP BY day
                """, [.integer(healing.perCatch), .integer(healing.cap)])
        }
    }

    /// `body` inside BEGIN IMMEDIATE … COMMIT (ROLLBACK on any error), one at a time.
    private func transaction<T: Sendable>(_ body: @escaping @Sendable (SQLiteConnection) async throws -> T) async throws -> T {
        try await Self.transaction(connection, gate, body)
    }

    private static func transaction<T: Sendable>(_ c: SQLiteConnection, _ gate: SerialGate,
                                                 _ body: @escaping @Sendable (SQLiteConnection) async throws -> T) async throws -> T {
        try await gate.run {
            _ = try await c.query("BEGIN IMMEDIATE", [])
            do {
                let value = try await body(c)
                _ = try await c.query("COMMIT", [])
                return value
            } catch {
                _ = try? await c.query("ROLLBACK", [])
                throw error
            }
        }
    }

    func boundNames(like name: String) async throws -> [(name: String, key: String)] {
        let c = connection
        return try await gate.run { try await SQLiteQueries(c: c).boundNames(name: name, skeleton: RunSignature.skeleton(name)) }
    }

    func store(_ run: VerifiedRun) async throws -> StoreOutcome {
        try await batches.submit(run)
    }

    func leaderboard(date: String, apart: Bool, page: BoardPage) async throws -> [BoardRow] {
        let c = connection
        return try await gate.run { try await StoreRules.leaderboard(date: date, apart: apart, page: page, SQLiteQueries(c: c)) }
    }

    func replay(id: Int) async throws -> StoredReplay? {
        let c = connection
        let rows = try await gate.run {
            try await c.query("SELECT r.day AS day, r.replay AS replay, p.public_key AS public_key FROM runs r JOIN players p ON p.name = r.name WHERE r.id = ?",
                              [.integer(id)])
        }
        guard let row = rows.first, let day = row.column("day")?.string, let blob = row.column("replay")?.blob,
              let key = row.column("public_key")?.string else { return nil }
        return StoredReplay(day: day, bytes: Array(blob.readableBytesView), publicKey: key)
    }

    func sea(date: String) async throws -> SeaTotal {
        let c = connection
        return try await gate.run { try await SQLiteQueries(c: c).seaTotal(day: date) }
    }

    func ping() async throws {
        let c = connection
        _ = try await gate.run { try await c.query("SELECT 1", []) }
    }

    func close() async {
        try? await connection.close()
    }
}

/// The store's questions (`RunQueries`) in SQLite's words, on its one connection.
struct SQLiteQueries: RunQueries {
    let c: SQLiteConnection

    // One writer at a time already: BEGIN IMMEDIATE holds the database's write lock.
    func lockBindings(skeleton: String, key: String) async throws {}

    func boundNames(name: String, skeleton: String) async throws -> [(name: String, key: String)] {
        try await c.query("SELECT name, public_key FROM players WHERE name = ? OR skeleton = ?", [.text(name), .text(skeleton)])
            .map { ($0.column("name")?.string ?? "", $0.column("public_key")?.string ?? "") }
    }

    func poster(day: String, stateHash: String) async throws -> String? {
        try await c.query("SELECT name FROM runs WHERE day = ? AND state_hash = ?", [.text(day), .text(stateHash)]).first?.column("name")?.string
    }

    func mostAlike(day: String, windows: [String]) async throws -> (name: String, shared: Int)? {
        let marks = Array(repeating: "?", count: windows.count).joined(separator: ", ")
        let top = try await c.query("""
            SELECT r.name AS name, COUNT(*) AS n FROM catch_windows w JOIN runs r ON r.id = w.run_id
            WHERE w.day = ? AND w.hash IN (\(marks)) GROUP BY w.run_id ORDER BY n DESC LIMIT 1
            """, [.text(day)] + windows.map { .text($0) }).first
        return top.map { ($0.column("name")?.string ?? "another player", $0.column("n")?.integer ?? 0) }
    }

    func names(of key: String) async throws -> [String] {
        try await c.query("SELECT name FROM players WHERE public_key = ? ORDER BY name", [.text(key)]).compactMap { $0.column("name")?.string }
    }

    func bind(name: String, skeleton: String, key: String, at: String) async throws {
        _ = try await c.query("INSERT INTO players (name, public_key, bound_at, skeleton) VALUES (?, ?, ?, ?)",
                              [.text(name), .text(key), .text(at), .text(skeleton)])
    }

    func hasOfficialRun(day: String, name: String) async throws -> Bool {
        try await !c.query("SELECT 1 FROM runs WHERE day = ? AND name = ? AND official = 1", [.text(day), .text(name)]).isEmpty
    }

    func insert(_ run: VerifiedRun, official: Bool) async throws -> Int {
        let r = run.result
        let inserted = try await c.query("""
            INSERT INTO runs (day, name, official, score, rounds, catches, misses, best_combo, ticks, state_hash,
                              received_at, replay, apart)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id
            """, [.text(run.date), .text(run.name), .integer(official ? 1 : 0), .integer(r.score), .integer(r.rounds),
                  .integer(r.catches), .integer(r.misses), .integer(r.bestCombo), .integer(r.ticks),
                  .text(run.stateHash), .text(run.receivedAt), .blob(ByteBuffer(bytes: run.replay)),
                  run.apart.map { .text($0) } ?? .null])
        let id = inserted.first?.column("id")?.integer ?? 0
        // All the run's windows in one statement, a few hundred at a time (SQLite's
        // bound values are limited; a run has a window per 16 catches).
        for start in stride(from: 0, to: r.catchWindows.count, by: 300) {
            let part = r.catchWindows[start..<min(start + 300, r.catchWindows.count)]
            let rows = Array(repeating: "(?, ?, ?)", count: part.count).joined(separator: ", ")
            _ = try await c.query("INSERT INTO catch_windows (day, hash, run_id) VALUES \(rows)",
                                  part.flatMap { [SQLiteData.text(run.date), .text($0), .integer(id)] })
        }
        return id
    }

    func addToSea(day: String, catches: Int, healed: Int) async throws {
        _ = try await c.query("""
            INSERT INTO sea (day, runs, catches, healed) VALUES (?, 1, ?, ?)
            ON CONFLICT (day) DO UPDATE SET runs = runs + 1, catches = catches + excluded.catches, healed = healed + excluded.healed
            """, [.text(day), .integer(catches), .integer(healed)])
    }

    func countAbove(day: String, score: Int, apart: Bool) async throws -> Int {
        // `apart` chooses one of two fixed texts: no value is ever spliced into SQL.
        // The board's own index, named: left to itself SQLite took `runs_board`, then read
        // each run above to test `apart`, past its replay (overflow pages): a people's
        // run's rank took 1 ms at 1,200 runs of the day, growing with the day.
        let which = apart ? "NOT NULL" : "NULL", index = Self.boardIndex(apart: apart)
        return try await c.query("SELECT COUNT(*) AS n FROM runs INDEXED BY \(index) WHERE day = ? AND official = 1 AND apart IS \(which) AND score > ?",
                                 [.text(day), .integer(score)]).first?.column("n")?.integer ?? 0
    }

    /// The partial index of one board's runs (official, people's or apart), best first.
    private static func boardIndex(apart: Bool) -> String { apart ? "runs_apart" : "runs_people" }

    func boardRows(day: String, apart: Bool, limit: Int, after: Int) async throws -> [BoardFields] {
        let which = apart ? "NOT NULL" : "NULL", index = Self.boardIndex(apart: apart)
        return try await c.query("""
            SELECT id, name, score, rounds, catches, best_combo, apart FROM runs INDEXED BY \(index)
            WHERE day = ? AND official = 1 AND apart IS \(which) ORDER BY score DESC, id ASC LIMIT ? OFFSET ?
            """, [.text(day), .integer(limit), .integer(after)]).map { row in
            (id: row.column("id")?.integer ?? 0, name: row.column("name")?.string ?? "", score: row.column("score")?.integer ?? 0,
             rounds: row.column("rounds")?.integer ?? 0, catches: row.column("catches")?.integer ?? 0,
             bestCombo: row.column("best_combo")?.integer ?? 0, apart: row.column("apart")?.string)
        }
    }

    func seaTotal(day: String) async throws -> SeaTotal {
        guard let row = try await c.query("SELECT runs, catches, healed FROM sea WHERE day = ?", [.text(day)]).first else { return SeaTotal() }
        return SeaTotal(runs: row.column("runs")?.integer ?? 0, catches: row.column("catches")?.integer ?? 0,
                        healed: row.column("healed")?.integer ?? 0)
    }
}
