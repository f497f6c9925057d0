import OceanDaily
import OceanKernel
#if canImport(Glibc)
import Glibc
#endif

/// Where `ocean serve` keeps its runs: an SQLite file, or a PostgreSQL database that
/// several server processes may share.
public enum DatabaseAddress: Sendable, Equatable {
    case sqlite(path: String)
    case postgres(url: String)

    /// `postgres://…` or `postgresql://…` is PostgreSQL; anything else a file path.
    public init(_ text: String) {
        self = text.hasPrefix("postgres://") || text.hasPrefix("postgresql://") ? .postgres(url: text) : .sqlite(path: text)
    }
}

/// Everything `ocean serve` is started with.
public struct ServerOptions: Sendable {
    public var host = "127.0.0.1"
    /// 0: any free port (the server prints the one it got).
    public var port = 8080
    public var database: DatabaseAddress
    /// The rules every run is re-played with (never the file's own).
    public var balance: Balance
    /// Threads that re-play runs: a fixed pool, whatever the number of requests.
    public var verifyThreads: Int
    /// Runs waiting for a verifying thread beyond which a post is answered 503.
    public var maxWaiting: Int
    /// The largest replay accepted, in bytes.
    public var bodyLimit: Int
    /// The most ticks one run may ask the server to simulate.
    public var maxTicks = DailyRun.maxTicks
    /// A connection that sends nothing for this long is closed (slow clients).
    public var idleTimeoutSeconds: Int64 = 30
    /// Minutes after the last time zone's midnight that a day's runs are still taken
    /// (`DailyWindow`).
    public var submitMinutes = DailyWindow.defaultSubmitMinutes
    /// Seconds a database call may take before the request is answered 503 (and
    /// `/healthz` says the database is failing).
    public var databaseSeconds = 4.0
    /// PostgreSQL's password, found outside argv (`DatabasePassword`); nil: none.
    public var databasePassword: String?
    /// Seconds a starting server keeps trying a PostgreSQL database that does not
    /// answer before it exits with the reason (a database restarting with the
    /// servers; a wrong address never serves).
    public var databaseStartSeconds = 30.0
    /// Posts taken from one address, and under one key: a minute's worth and a burst.
    public var postsPerAddress = PostLimit(perMinute: 30, burst: 30)
    public var postsPerKey = PostLimit(perMinute: 10, burst: 10)
    /// Connections one address may hold open at once (beyond: closed at accept).
    public var connectionsPerAddress = 64
    /// Seconds from a connection's opening (or its last answer) to a whole request
    /// head, after which it is closed.
    public var headerSeconds = 10.0
    /// Reverse proxies (their IP addresses) whose `X-Forwarded-For` names the player's
    /// address; their own connections are not capped per address.
    public var trustedProxies: [String] = []
    /// Milliseconds a batch of runs stays open for more before its commit (`GroupCommit`);
    /// 0: it commits as soon as the one before it has (batches still form under load).
    public var commitHoldMilliseconds = 0
    /// Seconds a post's body may take to arrive before the request is cut (408).
    public var bodySeconds = 20.0
    /// The clock as a Double, for the limiters.
    var seconds: @Sendable () -> Double { { Double(self.now()) } }
    /// Seconds since 1970-01-01T00:00Z now: the system clock, or one set for a test.
    public var now: @Sendable () -> Int64 = { Int64(time(nil)) }

    public init(database: DatabaseAddress, balance: Balance, verifyThreads: Int, maxWaiting: Int = 64,
                bodyLimit: Int = ServerOptions.defaultBodyLimit) {
        self.database = database
        self.balance = balance
        self.verifyThreads = verifyThreads
        self.maxWaiting = maxWaiting
        self.bodyLimit = bodyLimit
    }

    /// 2 MiB: a daily replay of the longest allowed game is far smaller.
    public static let defaultBodyLimit = 2 << 20
}
