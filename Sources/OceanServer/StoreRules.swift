import OceanDaily

/// The store's rules, said once for both databases: a name belongs to one key (and
/// its look-alikes with it), a key holds a few names, a game is kept once a day, a
/// copy of another run is refused, the day's first run under a name is the official
/// one, ranks are competition ranks. Each database answers the plain questions below
/// in its own SQL (`SQLiteQueries`, `PostgresQueries`), inside the transaction its
/// store opens: the rules never see SQL, the queries never decide.
protocol RunQueries {
    /// Serialises, until the transaction ends, bindings under this skeleton and this
    /// key across processes (PostgreSQL's advisory locks; SQLite's one writer already does).
    func lockBindings(skeleton: String, key: String) async throws
    /// The names bound that are `name` or read as it (`skeleton`), with their keys.
    func boundNames(name: String, skeleton: String) async throws -> [(name: String, key: String)]
    /// Who posted the game ending in `stateHash` on `day`, if anyone did.
    func poster(day: String, stateHash: String) async throws -> String?
    /// The stored run of `day` sharing the most of these catch windows, and how many.
    func mostAlike(day: String, windows: [String]) async throws -> (name: String, shared: Int)?
    /// The names bound to `key`, in order.
    func names(of key: String) async throws -> [String]
    func bind(name: String, skeleton: String, key: String, at: String) async throws
    func hasOfficialRun(day: String, name: String) async throws -> Bool
    /// Keeps the run with its catch windows; its id.
    func insert(_ run: VerifiedRun, official: Bool) async throws -> Int
    /// Adds a run to the day's shared sea (its running total).
    func addToSea(day: String, catches: Int, healed: Int) async throws
    /// Official runs of `day` on one board with a score above `score`.
    func countAbove(day: String, score: Int, apart: Bool) async throws -> Int
    /// Official runs of `day` on one board, best first, ties by id: `limit` after `after`.
    func boardRows(day: String, apart: Bool, limit: Int, after: Int) async throws -> [BoardFields]
    /// The day's shared sea so far: runs, catches, health healed.
    func seaTotal(day: String) async throws -> SeaTotal
}

/// A board row as stored, before its rank.
typealias BoardFields = (id: Int, name: String, score: Int, rounds: Int, catches: Int, bestCombo: Int, apart: String?)

/// The shared sea's running total of a day (official people's runs).
struct SeaTotal: Sendable, Equatable {
    var runs = 0
    var catches = 0
    var healed = 0
}

enum StoreRules {
    /// Keeps `run`, or says why not; one transaction (the caller's).
    static func store(_ run: VerifiedRun, _ q: some RunQueries) async throws -> StoreOutcome {
        let skeleton = RunSignature.skeleton(run.name)
        try await q.lockBindings(skeleton: skeleton, key: run.publicKey)
        let bound = try await q.boundNames(name: run.name, skeleton: skeleton)
        if let other = bound.first(where: { $0.key != run.publicKey }) { return .boundToAnotherKey(bound: other.name) }
        // A copy binds nothing: the name stays free when the run is refused.
        if let other = try await q.poster(day: run.date, stateHash: run.stateHash) { return .duplicate(name: other) }
        let windows = run.result.catchWindows
        if !windows.isEmpty, let alike = try await q.mostAlike(day: run.date, windows: windows),
           alike.shared >= CatchWindows.sharedToCopy {
            return .copy(name: alike.name, shared: alike.shared)
        }
        if !bound.contains(where: { $0.name == run.name }) {
            let held = try await q.names(of: run.publicKey)
            if held.count >= RunSignature.namesPerKey { return .tooManyNames(held: held) }
            try await q.bind(name: run.name, skeleton: skeleton, key: run.publicKey, at: run.receivedAt)
        }
        let official = try await !q.hasOfficialRun(day: run.date, name: run.name)
        let id = try await q.insert(run, official: official)
        // Only people's official runs are ranked and heal the shared sea.
        guard official, run.apart == nil else { return .stored(id: id, official: official, rank: nil) }
        try await q.addToSea(day: run.date, catches: run.result.catches, healed: run.seaHealing)
        return .stored(id: id, official: true, rank: try await q.countAbove(day: run.date, score: run.result.score, apart: false) + 1)
    }

    /// A page of a day's board with competition ranks ("1224") over the whole board.
    static func leaderboard(date: String, apart: Bool, page: BoardPage, _ q: some RunQueries) async throws -> [BoardRow] {
        let rows = try await q.boardRows(day: date, apart: apart, limit: page.limit, after: page.after)
        guard let top = rows.first else { return [] }
        let better = page.after > 0 ? try await q.countAbove(day: date, score: top.score, apart: apart) : 0
        return ranked(rows, better: better, after: page.after)
    }
}
