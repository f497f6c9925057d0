import Foundation
import Logging
import OceanDaily
import NIOCore
import PostgresNIO

/// Runs in PostgreSQL, for several server processes sharing one database: a pool of
/// connections (`PostgresClient`, its loop in a task of the store's own), each
/// post one transaction; runs under one name are serialised across processes by an
/// advisory lock on the name, and the schema's unique indexes hold the rest. Posts
/// arriving together share a transaction (`GroupCommit`), each run in a savepoint.
final class PostgresRunStore: RunStore {
    private let client: PostgresClient
    private let logger: Logger
    /// The client's own loop (its connections), for as long as the store is open.
    private let running: Task<Void, Never>
    private let batches: GroupCommit<VerifiedRun, StoreOutcome>

    private init(client: PostgresClient, holdMilliseconds: Int, logger: Logger) {
        self.client = client
        self.logger = logger
        running = Task { await client.run() }
        batches = GroupCommit(holdMilliseconds: holdMilliseconds) { runs in
            do {
                return try await client.withTransaction(logger: logger) { c in try await PostgresRunStore.keepEach(runs, on: c, logger: logger) }
            } catch where runs.count > 1 {
                // A batch lost whole (a deadlock between two servers' batches, say):
                // each run again in a transaction of its own, so one cannot sink the rest.
                var outcomes: [Result<StoreOutcome, any Error>] = []
                for run in runs {
                    do { outcomes.append(.success(try await PostgresRunStore.keepAlone(run, client: client, logger: logger))) } catch {
                        outcomes.append(.failure(error))
                    }
                }
                return outcomes
            }
        }
    }

    /// Each run in a savepoint: a run the rules or the database refuse is undone alone.
    private static func keepEach(_ runs: [VerifiedRun], on c: PostgresConnection, logger: Logger) async throws
        -> [Result<StoreOutcome, any Error>] {
        var outcomes: [Result<StoreOutcome, any Error>] = []
        for run in runs {
            try await c.query("SAVEPOINT run", logger: logger)
            do {
                outcomes.append(.success(try await StoreRules.store(run, PostgresQueries(c: c, logger: logger))))
            } catch {
                try await c.query("ROLLBACK TO SAVEPOINT run", logger: logger)
                outcomes.append(isUniqueViolation(error) ? .success(.duplicate(name: "another player")) : .failure(error))
            }
            try await c.query("RELEASE SAVEPOINT run", logger: logger)
        }
        return outcomes
    }

    private static func keepAlone(_ run: VerifiedRun, client: PostgresClient, logger: Logger) async throws -> StoreOutcome {
        do {
            return try await client.withTransaction(logger: logger) { c in try await StoreRules.store(run, PostgresQueries(c: c, logger: logger)) }
        } catch where isUniqueViolation(error) {
            return .duplicate(name: "another player")
        }
    }

    /// Another process kept the same game between our check and our insert.
    private static func isUniqueViolation(_ error: any Error) -> Bool {
        (error as? PSQLError)?.serverInfo?[.sqlState] == "23505"
    }

    /// Connects and brings the schema up to date within `seconds`, or says why it
    /// cannot (a database that does not answer costs `seconds`, never a hang).
    static func open(url: String, password: String?, healing: SeaHealing, holdMilliseconds: Int = 0, logger: Logger,
                     within seconds: Double) async throws -> PostgresRunStore {
        let store = PostgresRunStore(client: PostgresClient(configuration: try configuration(url, password: password), backgroundLogger: logger),
                                     holdMilliseconds: holdMilliseconds, logger: logger)
        do {
            try await withDeadline(seconds: seconds, "the schema's check") {
                try await store.migrate()
                try await store.fillSkeletons()
                try await store.fillSea(healing)
            }
        } catch {
            await store.close()
            throw StoreFailure("cannot use the PostgreSQL database at \(redacted(url)): \(String(reflecting: error))")
        }
        return store
    }

    /// `postgres://USER[:PASSWORD]@HOST[:PORT]/DB`, or with `?host=/socket/folder`
    /// (libpq's way to name a Unix socket's folder) and no host; its parts, for the
    /// connection and for finding its password (`DatabasePassword`).
    static func target(_ url: String) throws -> (target: DatabasePassword.Target, password: String?) {
        guard let parts = URLComponents(string: url), let user = parts.user, !user.isEmpty else {
            throw StoreFailure("--db: '\(redacted(url))' is not a PostgreSQL address (postgres://USER@HOST[:PORT]/DB)")
        }
        let database = parts.path.hasPrefix("/") && parts.path.count > 1 ? String(parts.path.dropFirst()) : user
        let port = parts.port ?? 5432
        if let socketFolder = parts.queryItems?.first(where: { $0.name == "host" })?.value, socketFolder.hasPrefix("/") {
            return (.init(host: socketFolder, port: port, database: database, user: user), parts.password)
        }
        guard let host = parts.host, !host.isEmpty else {
            throw StoreFailure("--db: '\(redacted(url))' names no host (nor ?host=/socket/folder)")
        }
        return (.init(host: host, port: port, database: database, user: user), parts.password)
    }

    static func configuration(_ url: String, password: String?) throws -> PostgresClient.Configuration {
        let t = try target(url).target
        if t.host.hasPrefix("/") {
            return .init(unixSocketPath: "\(t.host)/.s.PGSQL.\(t.port)", username: t.user, password: password, database: t.database)
        }
        return .init(host: t.host, port: t.port, username: t.user, password: password, database: t.database, tls: .disable)
    }

    /// The address with any password in it replaced by `***`, for messages and logs.
    static func redacted(_ url: String) -> String {
        guard var parts = URLComponents(string: url), parts.password != nil else { return url }
        parts.password = "***"
        return parts.string ?? "postgres://…"
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

    /// Days kept before the sea's running total (schema 5) are given theirs.
    private func fillSea(_ healing: SeaHealing) async throws {
        try await client.withTransaction(logger: logger) { c in
            try await c.query("SELECT pg_advisory_xact_lock(7261033)", logger: logger)
            try await c.query("""
                INSERT INTO sea (day, runs, catches, healed)
                SELECT day, COUNT(*), SUM(catches), SUM(LEAST(catches * \(healing.perCatch), \(healing.cap))) FROM runs
                WHERE official = 1 AND apart IS NULL AND day NOT IN (SELECT day FROM sea) GROUP BY day
                """, logger: logger)
        }
    }

    func boundNames(like name: String) async throws -> [(name: String, key: String)] {
        try await client.withConnection { c in
            try await PostgresQueries(c: c, logger: logger).boundNames(name: name, skeleton: RunSignature.skeleton(name))
        }
    }

    func store(_ run: VerifiedRun) async throws -> StoreOutcome {
        try await batches.submit(run)
    }

    func leaderboard(date: String, apart: Bool, page: BoardPage) async throws -> [BoardRow] {
        try await client.withConnection { c in
            try await StoreRules.leaderboard(date: date, apart: apart, page: page, PostgresQueries(c: c, logger: logger))
        }
    }

    func replay(id: Int) async throws -> StoredReplay? {
        for try await (day, bytes, key) in try await client.query(
            "SELECT r.day, r.replay, p.public_key FROM runs r JOIN players p ON p.name = r.name WHERE r.id = \(id)",
            logger: logger).decode((String, ByteBuffer, String).self) {
            return StoredReplay(day: day, bytes: Array(bytes.readableBytesView), publicKey: key)
        }
        return nil
    }

    func sea(date: String) async throws -> SeaTotal {
        try await client.withConnection { c in try await PostgresQueries(c: c, logger: logger).seaTotal(day: date) }
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

/// The store's questions (`RunQueries`) in PostgreSQL's words, on one connection of
/// the pool (inside the store's transaction when it keeps a run).
struct PostgresQueries: RunQueries {
    let c: PostgresConnection
    let logger: Logger

    // Look-alike names race for one binding, and one key for its few: one at a time
    // per skeleton and per key, across every server on the database.
    func lockBindings(skeleton: String, key: String) async throws {
        try await c.query("SELECT pg_advisory_xact_lock(hashtext(\(skeleton)))", logger: logger)
        try await c.query("SELECT pg_advisory_xact_lock(hashtext(\(key)))", logger: logger)
    }

    func boundNames(name: String, skeleton: String) async throws -> [(name: String, key: String)] {
        var out: [(name: String, key: String)] = []
        for try await (n, k) in try await c.query("SELECT name, public_key FROM players WHERE name = \(name) OR skeleton = \(skeleton)",
                                                  logger: logger).decode((String, String).self) { out.append((n, k)) }
        return out
    }

    func poster(day: String, stateHash: String) async throws -> String? {
        for try await other in try await c.query("SELECT name FROM runs WHERE day = \(day) AND state_hash = \(stateHash)",
                                                 logger: logger).decode(String.self) { return other }
        return nil
    }

    func mostAlike(day: String, windows: [String]) async throws -> (name: String, shared: Int)? {
        for try await (other, n) in try await c.query("""
            SELECT r.name, COUNT(*) AS n FROM catch_windows w JOIN runs r ON r.id = w.run_id
            WHERE w.day = \(day) AND w.hash = ANY(\(windows)) GROUP BY w.run_id, r.name ORDER BY n DESC LIMIT 1
            """, logger: logger).decode((String, Int).self) { return (other, n) }
        return nil
    }

    func names(of key: String) async throws -> [String] {
        var held: [String] = []
        for try await n in try await c.query("SELECT name FROM players WHERE public_key = \(key) ORDER BY name",
                                             logger: logger).decode(String.self) { held.append(n) }
        return held
    }

    func bind(name: String, skeleton: String, key: String, at: String) async throws {
        try await c.query("INSERT INTO players (name, public_key, bound_at, skeleton) VALUES (\(name), \(key), \(at), \(skeleton))",
                          logger: logger)
    }

    func hasOfficialRun(day: String, name: String) async throws -> Bool {
        for try await _ in try await c.query("SELECT 1 FROM runs WHERE day = \(day) AND name = \(name) AND official = 1", logger: logger) {
            return true
        }
        return false
    }

    func insert(_ run: VerifiedRun, official: Bool) async throws -> Int {
        let r = run.result
        var id = 0
        for try await new in try await c.query("""
            INSERT INTO runs (day, name, official, score, rounds, catches, misses, best_combo, ticks, state_hash,
                              received_at, replay, apart)
            VALUES (\(run.date), \(run.name), \(official ? 1 : 0), \(r.score), \(r.rounds), \(r.catches), \(r.misses),
                    \(r.bestCombo), \(r.ticks), \(run.stateHash), \(run.receivedAt), \(ByteBuffer(bytes: run.replay)), \(run.apart))
            RETURNING id
            """, logger: logger).decode(Int.self) { id = new }
        // All the run's windows in one statement (one round trip, not one a window).
        if !r.catchWindows.isEmpty {
            try await c.query("INSERT INTO catch_windows (day, hash, run_id) SELECT \(run.date), unnest(\(r.catchWindows)::text[]), \(id)",
                              logger: logger)
        }
        return id
    }

    func addToSea(day: String, catches: Int, healed: Int) async throws {
        try await c.query("""
            INSERT INTO sea (day, runs, catches, healed) VALUES (\(day), 1, \(catches), \(healed))
            ON CONFLICT (day) DO UPDATE SET runs = sea.runs + 1, catches = sea.catches + excluded.catches, healed = sea.healed + excluded.healed
            """, logger: logger)
    }

    func countAbove(day: String, score: Int, apart: Bool) async throws -> Int {
        // `apart` chooses one of two fixed texts: no value is ever spliced into SQL.
        let rows = apart
            ? try await c.query("SELECT COUNT(*) FROM runs WHERE day = \(day) AND official = 1 AND apart IS NOT NULL AND score > \(score)",
                                logger: logger)
            : try await c.query("SELECT COUNT(*) FROM runs WHERE day = \(day) AND official = 1 AND apart IS NULL AND score > \(score)",
                                logger: logger)
        for try await n in rows.decode(Int.self) { return n }
        return 0
    }

    func boardRows(day: String, apart: Bool, limit: Int, after: Int) async throws -> [BoardFields] {
        let rows = apart
            ? try await c.query("""
                SELECT id, name, score, rounds, catches, best_combo, apart FROM runs
                WHERE day = \(day) AND official = 1 AND apart IS NOT NULL ORDER BY score DESC, id ASC LIMIT \(limit) OFFSET \(after)
                """, logger: logger)
            : try await c.query("""
                SELECT id, name, score, rounds, catches, best_combo, apart FROM runs
                WHERE day = \(day) AND official = 1 AND apart IS NULL ORDER BY score DESC, id ASC LIMIT \(limit) OFFSET \(after)
                """, logger: logger)
        var out: [BoardFields] = []
        for try await (id, name, score, rounds, catches, combo, why) in rows.decode((Int, String, Int, Int, Int, Int, String?).self) {
            out.append((id, name, score, rounds, catches, combo, why))
        }
        return out
    }

    func seaTotal(day: String) async throws -> SeaTotal {
        for try await (runs, catches, healed) in try await c.query("SELECT runs, catches, healed FROM sea WHERE day = \(day)",
                                                                   logger: logger).decode((Int, Int, Int).self) {
            return SeaTotal(runs: runs, catches: catches, healed: healed)
        }
        return SeaTotal()
    }
}
