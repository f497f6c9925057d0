import Foundation
import Logging
import OceanDaily
import NIOCore
import PostgresNIO

/// Runs in PostgreSQL, for several server processes sharing one database: a pool of
/// connections (`PostgresClient`, its loop in a task of the store's own), each
/// post one transaction; runs under one name are serialised across processes by an
/// advisory lock on the name, and the schema's unique indexes hold the rest.
final class PostgresRunStore: RunStore {
    private let client: PostgresClient
    private let logger: Logger
    /// The client's own loop (its connections), for as long as the store is open.
    private let running: Task<Void, Never>

    private init(client: PostgresClient, logger: Logger) {
        self.client = client
        self.logger = logger
        running = Task { await client.run() }
    }

    /// Connects and brings the schema up to date, or says why it cannot.
    static func open(url: String, logger: Logger) async throws -> PostgresRunStore {
        let store = PostgresRunStore(client: PostgresClient(configuration: try configuration(url), backgroundLogger: logger),
                                     logger: logger)
        do { try await store.migrate(); try await store.fillSkeletons() } catch {
            await store.close()
            throw StoreFailure("--db: cannot use the PostgreSQL database at \(url): \(String(reflecting: error))")
        }
        return store
    }

    /// `postgres://USER[:PASSWORD]@HOST[:PORT]/DB`, or with `?host=/socket/folder`
    /// (libpq's way to name a Unix socket's folder) and no host.
    static func configuration(_ url: String) throws -> PostgresClient.Configuration {
        guard let parts = URLComponents(string: url), let user = parts.user, !user.isEmpty else {
            throw StoreFailure("--db: '\(url)' is not a PostgreSQL address (postgres://USER[:PASSWORD]@HOST[:PORT]/DB)")
        }
        let database = parts.path.hasPrefix("/") && parts.path.count > 1 ? String(parts.path.dropFirst()) : user
        let port = parts.port ?? 5432
        if let socketFolder = parts.queryItems?.first(where: { $0.name == "host" })?.value, socketFolder.hasPrefix("/") {
            return .init(unixSocketPath: "\(socketFolder)/.s.PGSQL.\(port)", username: user, password: parts.password,
                         database: database)
        }
        guard let host = parts.host, !host.isEmpty else {
            throw StoreFailure("--db: '\(url)' names no host (nor ?host=/socket/folder)")
        }
        return .init(host: host, port: port, username: user, password: parts.password, database: database, tls: .disable)
    }

    private func migrate() async throws {
        try await client.query(PostgresQuery(unsafeSQL: StoreSchema.bookkeeping), logger: logger)
        for m in StoreSchema.migrations {
            try await client.withTransaction(logger: logger) { c in
                // Two servers starting together: one migrates, the other waits and finds it done.
                try await c.query("SELECT pg_advisory_xact_lock(7261033)", logger: logger)
                let done = try await c.query("SELECT 1 FROM schema_migrations WHERE version = \(m.version)", logger: logger)
                for try await _ in done { return }
                for sql in m.postgres { try await c.query(PostgresQuery(unsafeSQL: sql), logger: logger) }
                try await c.query("INSERT INTO schema_migrations (version, applied_at) VALUES (\(m.version), now()::text)",
                                  logger: logger)
                logger.info("schema migrated", metadata: ["version": "\(m.version)", "db": "postgres"])
            }
        }
    }

    /// Names bound before skeletons were kept (schema 3) are given theirs.
    private func fillSkeletons() async throws {
        var names: [String] = []
        for try await n in try await client.query("SELECT name FROM players WHERE skeleton IS NULL", logger: logger).decode(String.self) {
            names.append(n)
        }
        for n in names {
            try await client.query("UPDATE players SET skeleton = \(RunSignature.skeleton(n)) WHERE name = \(n)", logger: logger)
        }
    }

    func boundNames(like name: String) async throws -> [(name: String, key: String)] {
        let skeleton = RunSignature.skeleton(name)
        let rows = try await client.query("SELECT name, public_key FROM players WHERE name = \(name) OR skeleton = \(skeleton)",
                                          logger: logger)
        var out: [(name: String, key: String)] = []
        for try await (n, k) in rows.decode((String, String).self) { out.append((n, k)) }
        return out
    }

    func store(_ run: VerifiedRun) async throws -> StoreOutcome {
        do {
            return try await client.withTransaction(logger: logger) { c in
                // One binding at a time per skeleton (look-alikes race for one name) and per key.
                let skeleton = RunSignature.skeleton(run.name)
                try await c.query("SELECT pg_advisory_xact_lock(hashtext(\(skeleton)))", logger: logger)
                try await c.query("SELECT pg_advisory_xact_lock(hashtext(\(run.publicKey)))", logger: logger)
                var bound: [(name: String, key: String)] = []
                for try await (n, k) in try await c.query("SELECT name, public_key FROM players WHERE name = \(run.name) OR skeleton = \(skeleton)",
                                                          logger: logger).decode((String, String).self) { bound.append((n, k)) }
                if let other = bound.first(where: { $0.key != run.publicKey }) { return StoreOutcome.boundToAnotherKey(bound: other.name) }
                // A copy binds nothing: the name stays free when the run is refused.
                for try await other in try await c.query("SELECT name FROM runs WHERE day = \(run.date) AND state_hash = \(run.stateHash)",
                                                         logger: logger).decode(String.self) {
                    return .duplicate(name: other)
                }
                let windows = run.result.catchWindows
                if !windows.isEmpty {
                    for try await (other, n) in try await c.query("""
                        SELECT r.name, COUNT(*) AS n FROM catch_windows w JOIN runs r ON r.id = w.run_id
                        WHERE w.day = \(run.date) AND w.hash = ANY(\(windows)) GROUP BY w.run_id, r.name ORDER BY n DESC LIMIT 1
                        """, logger: logger).decode((String, Int).self) where n >= min(CatchWindows.sharedToCopy, windows.count) {
                        return .copy(name: other, shared: n)
                    }
                }
                if !bound.contains(where: { $0.name == run.name }) {
                    var held: [String] = []
                    for try await n in try await c.query("SELECT name FROM players WHERE public_key = \(run.publicKey) ORDER BY name",
                                                         logger: logger).decode(String.self) { held.append(n) }
                    if held.count >= RunSignature.namesPerKey { return StoreOutcome.tooManyNames(held: held) }
                    try await c.query("""
                        INSERT INTO players (name, public_key, bound_at, skeleton)
                        VALUES (\(run.name), \(run.publicKey), \(run.receivedAt), \(skeleton))
                        """, logger: logger)
                }
                var official = true
                for try await _ in try await c.query("SELECT 1 FROM runs WHERE day = \(run.date) AND name = \(run.name) AND official = 1",
                                                     logger: logger) { official = false }
                let r = run.result
                var id = 0
                for try await new in try await c.query("""
                    INSERT INTO runs (day, name, official, score, rounds, catches, misses, best_combo, ticks, state_hash,
                                      received_at, replay, apart)
                    VALUES (\(run.date), \(run.name), \(official ? 1 : 0), \(r.score), \(r.rounds), \(r.catches), \(r.misses),
                            \(r.bestCombo), \(r.ticks), \(run.stateHash), \(run.receivedAt), \(ByteBuffer(bytes: run.replay)), \(run.apart))
                    RETURNING id
                    """, logger: logger).decode(Int.self) { id = new }
                for w in run.result.catchWindows {
                    try await c.query("INSERT INTO catch_windows (day, hash, run_id) VALUES (\(run.date), \(w), \(id))", logger: logger)
                }
                guard official, run.apart == nil else { return .stored(id: id, official: official, rank: nil) }
                var better = 0
                for try await n in try await c.query(
                    "SELECT COUNT(*) FROM runs WHERE day = \(run.date) AND official = 1 AND apart IS NULL AND score > \(r.score)",
                    logger: logger).decode(Int.self) { better = n }
                return .stored(id: id, official: true, rank: better + 1)
            }
        } catch let error as PSQLError where error.serverInfo?[.sqlState] == "23505" {
            // Another process kept the same game between our check and our insert.
            return .duplicate(name: "another player")
        }
    }

    func leaderboard(date: String, apart: Bool, page: BoardPage) async throws -> [BoardRow] {
        // `apart` chooses one of two fixed texts: no value is ever spliced into SQL.
        let (limit, after) = (page.limit, page.after)
        let rows = apart
            ? try await client.query("""
                SELECT id, name, score, rounds, catches, best_combo, apart FROM runs
                WHERE day = \(date) AND official = 1 AND apart IS NOT NULL ORDER BY score DESC, id ASC LIMIT \(limit) OFFSET \(after)
                """, logger: logger)
            : try await client.query("""
                SELECT id, name, score, rounds, catches, best_combo, apart FROM runs
                WHERE day = \(date) AND official = 1 AND apart IS NULL ORDER BY score DESC, id ASC LIMIT \(limit) OFFSET \(after)
                """, logger: logger)
        var out: [(id: Int, name: String, score: Int, rounds: Int, catches: Int, bestCombo: Int, apart: String?)] = []
        for try await (id, name, score, rounds, catches, combo, why) in rows.decode((Int, String, Int, Int, Int, Int, String?).self) {
            out.append((id, name, score, rounds, catches, combo, why))
        }
        var better = 0
        if after > 0, let top = out.first?.score {
            let count = apart
                ? try await client.query("SELECT COUNT(*) FROM runs WHERE day = \(date) AND official = 1 AND apart IS NOT NULL AND score > \(top)",
                                         logger: logger)
                : try await client.query("SELECT COUNT(*) FROM runs WHERE day = \(date) AND official = 1 AND apart IS NULL AND score > \(top)",
                                         logger: logger)
            for try await n in count.decode(Int.self) { better = n }
        }
        return ranked(out, better: better, after: after)
    }

    func replay(id: Int) async throws -> (day: String, bytes: [UInt8])? {
        for try await (day, bytes) in try await client.query("SELECT day, replay FROM runs WHERE id = \(id)",
                                                              logger: logger).decode((String, ByteBuffer).self) {
            return (day, Array(bytes.readableBytesView))
        }
        return nil
    }

    func officialCatches(date: String) async throws -> [Int] {
        var out: [Int] = []
        for try await n in try await client.query("SELECT catches FROM runs WHERE day = \(date) AND official = 1 AND apart IS NULL",
                                                  logger: logger).decode(Int.self) { out.append(n) }
        return out
    }

    func ping() async throws {
        for try await _ in try await client.query("SELECT 1", logger: logger) {}
    }

    func close() async {
        running.cancel()
        await running.value
    }
}

/// A database that cannot be used as asked, said in words.
struct StoreFailure: Error, CustomStringConvertible {
    var description: String
    init(_ d: String) { description = d }
}
