/// The one schema of the runs, in SQLite's and PostgreSQL's words, as numbered
/// migrations applied in order at start (each in its own transaction, recorded in
/// `schema_migrations`): a database made by an older server is brought up to date,
/// one made by this one is left alone.
enum StoreSchema {
    struct Migration {
        var version: Int
        var sqlite: [String]
        var postgres: [String]
    }

    static let bookkeeping = "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)"

    static let migrations: [Migration] = [
        Migration(
            version: 1,
            sqlite: [
                // A name belongs to the key its first run was signed with.
                "CREATE TABLE players (name TEXT PRIMARY KEY, public_key TEXT NOT NULL, bound_at TEXT NOT NULL)",
                """
                CREATE TABLE runs (id INTEGER PRIMARY KEY AUTOINCREMENT, day TEXT NOT NULL,
                  name TEXT NOT NULL REFERENCES players(name), official INTEGER NOT NULL,
                  score INTEGER NOT NULL, rounds INTEGER NOT NULL, catches INTEGER NOT NULL, misses INTEGER NOT NULL,
                  best_combo INTEGER NOT NULL, ticks INTEGER NOT NULL, state_hash TEXT NOT NULL,
                  received_at TEXT NOT NULL, replay BLOB NOT NULL, UNIQUE (day, state_hash))
                """,
                // One official run per name and day, whatever races.
                "CREATE UNIQUE INDEX runs_one_official ON runs (day, name) WHERE official = 1",
                "CREATE INDEX runs_board ON runs (day, official, score DESC, id)",
            ],
            postgres: [
                "CREATE TABLE players (name TEXT PRIMARY KEY, public_key TEXT NOT NULL, bound_at TEXT NOT NULL)",
                """
                CREATE TABLE runs (id BIGSERIAL PRIMARY KEY, day TEXT NOT NULL,
                  name TEXT NOT NULL REFERENCES players(name), official INTEGER NOT NULL,
                  score BIGINT NOT NULL, rounds BIGINT NOT NULL, catches BIGINT NOT NULL, misses BIGINT NOT NULL,
                  best_combo BIGINT NOT NULL, ticks BIGINT NOT NULL, state_hash TEXT NOT NULL,
                  received_at TEXT NOT NULL, replay BYTEA NOT NULL, UNIQUE (day, state_hash))
                """,
                "CREATE UNIQUE INDEX runs_one_official ON runs (day, name) WHERE official = 1",
                "CREATE INDEX runs_board ON runs (day, official, score DESC, id)",
            ]),
        // Runs ranked apart from people's (a program recorded them, or their inputs are
        // faster than a person's: `DailyResult.apart`), with the reason shown.
        Migration(
            version: 2,
            sqlite: ["ALTER TABLE runs ADD COLUMN apart TEXT"],
            postgres: ["ALTER TABLE runs ADD COLUMN apart TEXT"]),
        // Names by how they read (`RunSignature.skeleton`): a look-alike of a bound name
        // is that name. Rows bound before are given theirs at start (`skeletonsMissing`).
        Migration(
            version: 3,
            sqlite: ["ALTER TABLE players ADD COLUMN skeleton TEXT",
                     "CREATE INDEX players_skeleton ON players (skeleton)",
                     "CREATE INDEX players_key ON players (public_key)"],
            postgres: ["ALTER TABLE players ADD COLUMN skeleton TEXT",
                       "CREATE INDEX players_skeleton ON players (skeleton)",
                       "CREATE INDEX players_key ON players (public_key)"]),
        // Each run's catch windows (`CatchWindows`): a copy of a stored run is found by
        // the windows it shares with it.
        Migration(
            version: 4,
            sqlite: ["CREATE TABLE catch_windows (day TEXT NOT NULL, hash TEXT NOT NULL, run_id INTEGER NOT NULL REFERENCES runs(id))",
                     "CREATE INDEX catch_windows_day_hash ON catch_windows (day, hash)"],
            postgres: ["CREATE TABLE catch_windows (day TEXT NOT NULL, hash TEXT NOT NULL, run_id BIGINT NOT NULL REFERENCES runs(id))",
                       "CREATE INDEX catch_windows_day_hash ON catch_windows (day, hash)"]),
        // The shared sea's running total per day, added to as each person's official run
        // is kept (a GET reads one row, not the day's runs). Days kept before it are summed
        // at start (`fillSea`, idempotent), with the server's balance. And an index per
        // board, so a page of the top of 100,000 runs is read off an index.
        Migration(
            version: 5,
            sqlite: ["CREATE TABLE sea (day TEXT PRIMARY KEY, runs INTEGER NOT NULL, catches INTEGER NOT NULL, healed INTEGER NOT NULL)",
                     "CREATE INDEX runs_people ON runs (day, score DESC, id) WHERE official = 1 AND apart IS NULL",
                     "CREATE INDEX runs_apart ON runs (day, score DESC, id) WHERE official = 1 AND apart IS NOT NULL"],
            postgres: ["CREATE TABLE sea (day TEXT PRIMARY KEY, runs BIGINT NOT NULL, catches BIGINT NOT NULL, healed BIGINT NOT NULL)",
                       "CREATE INDEX runs_people ON runs (day, score DESC, id) WHERE official = 1 AND apart IS NULL",
                       "CREATE INDEX runs_apart ON runs (day, score DESC, id) WHERE official = 1 AND apart IS NOT NULL"]),
    ]
}