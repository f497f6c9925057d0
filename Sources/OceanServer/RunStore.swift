import OceanDaily
import OceanKernel

/// A run the server has verified itself, ready to be kept.
struct VerifiedRun: Sendable {
    var date: String
    var name: String
    /// The player's Ed25519 public key, base64, as posted.
    var publicKey: String
    var result: DailyResult
    var replay: [UInt8]
    /// When it was received, ISO 8601 UTC (for people; ranking never reads it).
    var receivedAt: String
    /// What it heals the day's shared sea by, if it is a person's official run
    /// (`SharedSea.healing`, with the server's balance).
    var seaHealing: Int

    var stateHash: String { hex16(result.hash) }
    /// Why it is ranked apart from people's runs (nil: the main board).
    var apart: String? { result.apart }
}

/// What keeping a run came to, decided inside one transaction.
enum StoreOutcome: Sendable, Equatable {
    /// Kept: the day's first run under the name is the official one (ranked); later
    /// ones are practice (`rank` nil), as is an official run ranked apart (its rank is
    /// on the board of runs apart).
    case stored(id: Int, official: Bool, rank: Int?)
    /// The name, or a name that reads the same (`bound`), is bound to another key.
    case boundToAnotherKey(bound: String)
    /// The key holds `RunSignature.namesPerKey` names already (`held`), and this is another.
    case tooManyNames(held: [String])
    /// The same game (the same final state) was already posted for the day.
    case duplicate(name: String)
    /// The run follows `name`'s stored run catch for catch (`shared` windows alike).
    case copy(name: String, shared: Int)
}

/// A stored run's replay as posted, its day and the key it was posted under.
struct StoredReplay: Sendable {
    var day: String
    var bytes: [UInt8]
    var publicKey: String
}

/// One line of the day's leaderboard (official runs only).
struct BoardRow: Codable, Sendable, Equatable {
    var rank: Int
    var name: String
    var score: Int
    var rounds: Int
    var catches: Int
    var bestCombo: Int
    var id: Int
    /// On the board of runs apart: why the run is not ranked with people's.
    var apart: String?
}

/// Where runs are kept: SQLite (one file) or PostgreSQL (shared by several
/// servers), the same schema (`StoreSchema`) and the same answers.
protocol RunStore: Sendable {
    /// The names bound that read as `name` (itself included: the same skeleton), each
    /// with its key.
    func boundNames(like name: String) async throws -> [(name: String, key: String)]
    /// Binds the name on its first run, and keeps the run, all in one transaction: a
    /// crash leaves either the whole run or none of it.
    func store(_ run: VerifiedRun) async throws -> StoreOutcome
    /// The day's official runs, best first (ties: the earlier run first, same rank):
    /// people's (`apart` false), or those ranked apart, each with its reason; a page of
    /// `page.limit` rows after the first `page.after`, each with its rank on the whole board.
    func leaderboard(date: String, apart: Bool, page: BoardPage) async throws -> [BoardRow]
    /// The replay bytes of run `id` as posted, its day, and its player's key.
    func replay(id: Int) async throws -> StoredReplay?
    /// The day's shared sea so far: the running total of its official runs on the
    /// main board (a program's runs do not heal it), kept as each is stored.
    func sea(date: String) async throws -> SeaTotal
    /// Whether the database answers (a trivial query); throws its failure.
    func ping() async throws
    func close() async
}

/// A page of a board: `limit` rows (1 to `most`) after the first `after` (0: from the top).
struct BoardPage: Sendable, Equatable {
    var limit = BoardPage.standard
    var after = 0
    static let standard = 100, most = 1_000
    static let all = BoardPage(limit: Int.max / 4, after: 0)
}

/// Competition ranks ("1224") over rows sorted best first, the first of which has
/// `better` rows above it on the whole board (with a higher score) and is the
/// `after + 1`th row.
func ranked(_ rows: [BoardFields],
            better: Int = 0, after: Int = 0) -> [BoardRow] {
    var out: [BoardRow] = []
    for (i, r) in rows.enumerated() {
        let rank = i > 0 && rows[i - 1].score == r.score ? out[i - 1].rank : (i == 0 ? better + 1 : after + i + 1)
        out.append(BoardRow(rank: rank, name: r.name, score: r.score, rounds: r.rounds, catches: r.catches,
                            bestCombo: r.bestCombo, id: r.id, apart: r.apart))
    }
    return out
}
