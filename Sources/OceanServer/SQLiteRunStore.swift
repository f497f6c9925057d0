import Logging
import OceanDaily
import NIOCore
import SQLiteNIO

/// Runs in one SQLite file (the default): one connection, one transaction at a time,
/// write-ahead log with a full sync at each commit, so a run answered 201 is on disk
/// and a kill leaves no half of one.
final class SQLiteRunStore: RunStore {
    private let connection: SQLiteConnection
    private let gate = SerialGate()

    private init(connection: SQLiteConnection) {
        self.connection = connection
    }

    static func open(path: String, logger: Logger) async throws -> SQLiteRunStore {
        let connection: SQLiteConnection
        do { connection = try await SQLiteConnection.open(storage: .file(path: path), logger: logger) } catch {
            throw StoreFailure("--db: cannot open the SQLite database \(path): \(error)")
        }
        let store = SQLiteRunStore(connection: connection)
        do {
            for pragma in ["PRAGMA journal_mode = WAL", "PRAGMA synchronous = FULL", "PRAGMA foreign_keys = ON",
                           "PRAGMA busy_timeout = 5000"] {
                _ = try await connection.query(pragma, [])
            }
            try await store.migrate(logger: logger)
            try await store.fillSkeletons()
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

    /// `body` inside BEGIN IMMEDIATE … COMMIT (ROLLBACK on any error), one at a time.
    private func transaction<T: Sendable>(_ body: @escaping @Sendable (SQLiteConnection) async throws -> T) async throws -> T {
        let c = connection
        return try await gate.run {
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
        let rows = try await gate.run {
            try await c.query("SELECT name, public_key FROM players WHERE name = ? OR skeleton = ?",
                              [.text(name), .text(RunSignature.skeleton(name))])
        }
        return rows.map { ($0.column("name")?.string ?? "", $0.column("public_key")?.string ?? "") }
    }

    func store(_ run: VerifiedRun) async throws -> StoreOutcome {
        try await transaction { c in
            let skeleton = RunSignature.skeleton(run.name)
            let bound = try await c.query("SELECT name, public_key FROM players WHERE name = ? OR skeleton = ?",
                                          [.text(run.name), .text(skeleton)])
            if let other = bound.first(where: { $0.column("public_key")?.string != run.publicKey }) {
                return .boundToAnotherKey(bound: other.column("name")?.string ?? run.name)
            }
            // A copy binds nothing: the name stays free when the run is refused.
            let same = try await c.query("SELECT name FROM runs WHERE day = ? AND state_hash = ?",
                                         [.text(run.date), .text(run.stateHash)])
            if let other = same.first?.column("name")?.string { return .duplicate(name: other) }
            let windows = run.result.catchWindows
            if !windows.isEmpty {
                let marks = Array(repeating: "?", count: windows.count).joined(separator: ", ")
                let alike = try await c.query("""
                    SELECT r.name AS name, COUNT(*) AS n FROM catch_windows w JOIN runs r ON r.id = w.run_id
                    WHERE w.day = ? AND w.hash IN (\(marks)) GROUP BY w.run_id ORDER BY n DESC LIMIT 1
                    """, [.text(run.date)] + windows.map { .text($0) })
                if let top = alike.first, let n = top.column("n")?.integer, n >= min(CatchWindows.sharedToCopy, windows.count) {
                    return .copy(name: top.column("name")?.string ?? "another player", shared: n)
                }
            }
            if !bound.contains(where: { $0.column("name")?.string == run.name }) {
                let held = try await c.query("SELECT name FROM players WHERE public_key = ? ORDER BY name", [.text(run.publicKey)])
                    .compactMap { $0.column("name")?.string }
                if held.count >= RunSignature.namesPerKey { return .tooManyNames(held: held) }
                _ = try await c.query("INSERT INTO players (name, public_key, bound_at, skeleton) VALUES (?, ?, ?, ?)",
                                      [.text(run.name), .text(run.publicKey), .text(run.receivedAt), .text(skeleton)])
            }
            let earlier = try await c.query("SELECT 1 FROM runs WHERE day = ? AND name = ? AND official = 1",
                                            [.text(run.date), .text(run.name)])
            let official = earlier.isEmpty
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
            for w in run.result.catchWindows {
                _ = try await c.query("INSERT INTO catch_windows (day, hash, run_id) VALUES (?, ?, ?)",
                                      [.text(run.date), .text(w), .integer(id)])
            }
            guard official, run.apart == nil else { return .stored(id: id, official: official, rank: nil) }
            let better = try await c.query(
                "SELECT COUNT(*) AS n FROM runs WHERE day = ? AND official = 1 AND apart IS NULL AND score > ?",
                [.text(run.date), .integer(r.score)])
            return .stored(id: id, official: true, rank: (better.first?.column("n")?.integer ?? 0) + 1)
        }
    }

    func leaderboard(date: String, apart: Bool, page: BoardPage) async throws -> [BoardRow] {
        let c = connection
        let which = apart ? "NOT NULL" : "NULL"
        let (rows, better) = try await gate.run {
            let rows = try await c.query("""
                SELECT id, name, score, rounds, catches, best_combo, apart FROM runs
                WHERE day = ? AND official = 1 AND apart IS \(which) ORDER BY score DESC, id ASC LIMIT ? OFFSET ?
                """, [.text(date), .integer(page.limit), .integer(page.after)])
            guard page.after > 0, let top = rows.first?.column("score")?.integer else { return (rows, 0) }
            let n = try await c.query("SELECT COUNT(*) AS n FROM runs WHERE day = ? AND official = 1 AND apart IS \(which) AND score > ?",
                                      [.text(date), .integer(top)])
            return (rows, n.first?.column("n")?.integer ?? 0)
        }
        return ranked(rows.map { row in
            (id: row.column("id")?.integer ?? 0, name: row.column("name")?.string ?? "", score: row.column("score")?.integer ?? 0,
             rounds: row.column("rounds")?.integer ?? 0, catches: row.column("catches")?.integer ?? 0,
             bestCombo: row.column("best_combo")?.integer ?? 0, apart: row.column("apart")?.string)
        }, better: better, after: page.after)
    }

    func replay(id: Int) async throws -> (day: String, bytes: [UInt8])? {
        let c = connection
        let rows = try await gate.run { try await c.query("SELECT day, replay FROM runs WHERE id = ?", [.integer(id)]) }
        guard let row = rows.first, let day = row.column("day")?.string, let blob = row.column("replay")?.blob else { return nil }
        return (day, Array(blob.readableBytesView))
    }

    func officialCatches(date: String) async throws -> [Int] {
        let c = connection
        let rows = try await gate.run {
            try await c.query("SELECT catches FROM runs WHERE day = ? AND official = 1 AND apart IS NULL", [.text(date)])
        }
        return rows.compactMap { $0.column("catches")?.integer }
    }

    func ping() async throws {
        let c = connection
        _ = try await gate.run { try await c.query("SELECT 1", []) }
    }

    func close() async {
        try? await connection.close()
    }
}
