import ArgumentParser
import Foundation
import OceanCLI
import OceanDaily
import OceanServer
import OceanStore
import OceanSystem

/// `ocean-server`: the Daily Ocean's server (OceanServer); here only its flags. A
/// program of its own, so the game links none of the server's stack.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ocean-server",
        abstract: "Serve the Daily Ocean: verify posted runs, rank them, keep them.",
        discussion: "Every posted replay is re-played with this server's balance (--balance, default the shipped one); "
            + "only what it verified is ranked. Runs are kept in SQLite (--db FILE, default runs.sqlite in the data folder) "
            + "or PostgreSQL (--db postgres://USER@HOST/DB, shared by several servers). Stops on SIGINT or SIGTERM. "
            + "The API: docs/server.md.",
        version: VersionText.text)

    @Option(help: "An SQLite file, or postgres://USER[:PASSWORD]@HOST[:PORT]/DB (or …/DB?host=/socket/folder).")
    var db: String?
    @Option(help: "The address to listen on (default 127.0.0.1, this machine only).") var host = "127.0.0.1"
    @Option(help: "The port to listen on, 0 to 65535 (0: any free port, printed). Default 8080.") var port = 8080
    @Option(help: "Threads that verify runs (default: the usable CPUs).") var verifyThreads: Int?
    @Option(help: "The largest replay accepted, in bytes (default 2097152).") var bodyLimit = ServerOptions.defaultBodyLimit
    @Option(help: "Minutes after a day ends everywhere (UTC-12's midnight) that its runs are still taken, 0 to 1440 (default \(DailyWindow.defaultSubmitMinutes)).")
    var submitMinutes = DailyWindow.defaultSubmitMinutes
    @Option(help: "Runs taken from one address a minute (and as many at once), 1 to 100000 (default 30).")
    var postsPerMinute = 30
    @Option(help: "Runs taken under one player's key a minute (and as many at once), 1 to 100000 (default 10).")
    var postsPerMinutePerKey = 10
    @Option(help: "Seconds a run's body may take to arrive before the request is cut (408), 1 to 300 (default 20).")
    var bodySeconds = 20.0
    @Option(help: "Milliseconds a batch of runs waits for more from its first before its commit, 0 to 5000 (default 0: batches form only from runs that arrive while the one before commits).")
    var commitHoldMs = 0
    @Option(help: "Connections one address may hold open at once, 1 to 100000 (default 64); more are closed at once.")
    var connectionsPerAddress = 64
    @Option(help: "Seconds for a whole request head, from a connection's opening or its last answer, 1 to 300 (default 10).")
    var headerSeconds = 10.0
    @Option(help: "A reverse proxy's IP address (repeatable): from it, the player's address is the last in X-Forwarded-For, and its connections are not capped per address.")
    var trustedProxy: [String] = []
    @Option(help: "Seconds a database call may take before the request is answered 503 with Retry-After, 0.5 to 60 (default 4).")
    var dbTimeout = 4.0
    @Option(help: "A file whose first line is PostgreSQL's password (readable by its owner only). Without it: PGPASSWORD, then PGPASSFILE or ~/.pgpass, as libpq reads them.")
    var dbPasswordFile: String?
    @Option(help: "Seconds a starting server keeps trying a PostgreSQL database that does not answer before it exits, 0 to 3600 (default 30).")
    var dbStartSeconds = 30.0
    @Option(help: ArgumentHelp("The server's clock set to this UTC time (YYYY-MM-DDTHH:MM[:SS]Z), running on from there: for tests and for re-playing an incident.",
                               visibility: .hidden))
    var now: String?
    @OptionGroup var balanceOption: BalanceOption

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port: \(port) is not a port (0 to 65535)") }
        if let t = verifyThreads, !(1...256).contains(t) {
            throw ValidationError("--verify-threads: \(t) is not allowed (1 to 256)")
        }
        guard (1024...(64 << 20)).contains(bodyLimit) else {
            throw ValidationError("--body-limit: \(bodyLimit) is not allowed (1024 to 67108864 bytes)")
        }
        guard !host.isEmpty else { throw ValidationError("--host: empty; name an address such as 127.0.0.1") }
        guard (0...1440).contains(submitMinutes) else {
            throw ValidationError("--submit-minutes: \(submitMinutes) is not allowed (0 to 1440)")
        }
        guard (1...100_000).contains(postsPerMinute) else { throw ValidationError("--posts-per-minute: \(postsPerMinute) is not allowed (1 to 100000)") }
        guard (1...100_000).contains(postsPerMinutePerKey) else {
            throw ValidationError("--posts-per-minute-per-key: \(postsPerMinutePerKey) is not allowed (1 to 100000)")
        }
        guard bodySeconds >= 1 && bodySeconds <= 300 else { throw ValidationError("--body-seconds: \(bodySeconds) is not allowed (1 to 300)") }
        guard (0...5_000).contains(commitHoldMs) else { throw ValidationError("--commit-hold-ms: \(commitHoldMs) is not allowed (0 to 5000)") }
        guard (1...100_000).contains(connectionsPerAddress) else {
            throw ValidationError("--connections-per-address: \(connectionsPerAddress) is not allowed (1 to 100000)")
        }
        for p in trustedProxy where p.isEmpty || p.count > 45 || !p.allSatisfy({ $0.isHexDigit || $0 == "." || $0 == ":" }) {
            throw ValidationError("--trusted-proxy: '\(p)' is not an IP address (such as 127.0.0.1 or ::1)")
        }
        guard headerSeconds >= 1 && headerSeconds <= 300 else { throw ValidationError("--header-seconds: \(headerSeconds) is not allowed (1 to 300)") }
        guard dbTimeout >= 0.5 && dbTimeout <= 60 else { throw ValidationError("--db-timeout: \(dbTimeout) is not allowed (0.5 to 60 seconds)") }
        // A run's commit waits out the hold inside --db-timeout: a hold near it would
        // answer 503 for runs that are then kept.
        guard Double(commitHoldMs) <= dbTimeout * 500 else {
            throw ValidationError("--commit-hold-ms: \(commitHoldMs) is more than half of --db-timeout (\(dbTimeout) s), within which a run's commit must end")
        }
        guard dbStartSeconds >= 0 && dbStartSeconds <= 3600 else {
            throw ValidationError("--db-start-seconds: \(dbStartSeconds) is not allowed (0 to 3600)")
        }
        if let now, DailyWindow.parseUTC(now) == nil {
            throw ValidationError("--now: '\(now)' is not a UTC time written YYYY-MM-DDTHH:MM[:SS]Z")
        }
    }

    func run() throws {
        let database: DatabaseAddress
        if let db {
            database = DatabaseAddress(db)
            if case .sqlite(let path) = database { try checkPath(path, flag: "--db") }
        } else {
            guard let folder = DataFolder.path(), DataFolder.problem() == nil,
                  (try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)) != nil else {
                throw CommandFailure("ocean-server: \(DataFolder.problem() ?? "the data folder cannot be made"), so there is no "
                    + "default database; name a file with --db FILE")
            }
            database = .sqlite(path: folder + "/runs.sqlite")
        }
        var options = ServerOptions(database: database, balance: try balanceOption.load(),
                                    verifyThreads: verifyThreads ?? max(1, UsableCPUs.count(environment: ProcessInfo.processInfo.environment)),
                                    bodyLimit: bodyLimit)
        options.host = host
        options.port = port
        options.submitMinutes = submitMinutes
        options.databaseSeconds = dbTimeout
        options.databaseStartSeconds = dbStartSeconds
        if case .postgres(let url) = database {
            options.databasePassword = try password(for: url)
        } else if dbPasswordFile != nil {
            throw ValidationError("--db-password-file: only a PostgreSQL database (--db postgres://…) has a password")
        }
        options.postsPerAddress = PostLimit(perMinute: postsPerMinute, burst: postsPerMinute)
        options.postsPerKey = PostLimit(perMinute: postsPerMinutePerKey, burst: postsPerMinutePerKey)
        options.bodySeconds = bodySeconds
        options.commitHoldMilliseconds = commitHoldMs
        options.connectionsPerAddress = connectionsPerAddress
        options.headerSeconds = headerSeconds
        options.trustedProxies = trustedProxy
        if let now, let set = DailyWindow.parseUTC(now) {
            let offset = set - Int64(time(nil))
            options.now = { Int64(time(nil)) + offset }
        }
        let serving = options
        let outcome = waitFor {
            try await DailyServer.run(serving) { address in
                // A line of its own, flushed: scripts and tests wait for it (with --port 0, the port).
                CommandOutput.print("ocean-server: listening on \(address)")
                fflush(nil)
            }
        }
        if case .failure(let error) = outcome { throw CommandFailure("ocean-server: \(error)", status: 1) }
    }
}

extension ServeCommand {
    /// PostgreSQL's password from outside argv (`DatabasePassword`); a bad source is
    /// refused (exit 2) naming it; where it came from goes to standard error.
    func password(for url: String) throws -> String? {
        let found: (password: String, source: String)?
        do {
            let (target, inAddress) = try DatabasePassword.target(of: url)
            found = try DatabasePassword.find(for: target, inAddress: inAddress, file: dbPasswordFile,
                                              environment: ProcessInfo.processInfo.environment) { path in
                var info = stat()
                guard stat(path, &info) == 0 else { return nil }
                guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
                    throw PasswordProblem("\(path) cannot be read as UTF-8 text")
                }
                return (text, UInt32(info.st_mode))
            }
        } catch let problem as PasswordProblem {
            throw ValidationError(problem.description)
        }
        if let found { CommandOutput.printError("ocean-server: the database password from \(found.source)") }
        return found?.password
    }
}

/// Runs `body` to its end from a synchronous command (the command line's commands
/// are synchronous; the server and its clients are not).
func waitFor(_ body: @escaping @Sendable () async throws -> Void) -> Result<Void, any Error> {
    let box = OutcomeBox()
    let done = DispatchSemaphore(value: 0)
    Task {
        do { try await body(); box.outcome = .success(()) } catch { box.outcome = .failure(error) }
        done.signal()
    }
    done.wait()
    return box.outcome
}

private final class OutcomeBox: @unchecked Sendable {
    var outcome: Result<Void, any Error> = .success(())
}
