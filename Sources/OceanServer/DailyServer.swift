import Hummingbird
import OceanSystem
import Logging
import NIOCore

/// `ocean serve`: opens the store (migrating it), starts the verifying threads and
/// serves the API until SIGINT or SIGTERM.
public enum DailyServer {
    /// Runs until stopped. `listening` is told the address the server is bound to
    /// (with `port: 0`, the port it got) once it accepts connections.
    public static func run(_ options: ServerOptions, listening: @escaping @Sendable (String) -> Void) async throws {
        let logger = {
            var l = Logger(label: "ocean-serve")
            l.logLevel = .info
            return l
        }()
        _ = ServerMetrics.bootstrapped
        let verifier = VerifierPool(threads: options.verifyThreads, maxWaiting: options.maxWaiting)
        let store: any RunStore
        do { store = try await openStore(options, logger: logger) } catch {
            await verifier.shutdown()
            throw error
        }
        let router = Router(context: ServerContext.self)
        router.middlewares.add(ClientAddressMiddleware(trusted: Set(options.trustedProxies)))
        router.middlewares.add(RequestLogMiddleware())
        router.middlewares.add(SecurityHeadersMiddleware())
        router.middlewares.add(FailureMiddleware())
        let connections = ConnectionCounter(most: options.connectionsPerAddress, exempt: Set(options.trustedProxies))
        DailyRoutes(options: options, store: TimedStore(store: store, seconds: options.databaseSeconds), verifier: verifier,
                    perAddress: PostLimiter(options.postsPerAddress), perKey: PostLimiter(options.postsPerKey),
                    connections: connections).add(to: router)
        let headerSeconds = options.headerSeconds
        let app = Application(
            router: router,
            server: .http1(configuration: .init(
                additionalChannelHandlers: [ConnectionGuard(counter: connections, headerSeconds: headerSeconds, logger: logger)],
                idleTimeout: .seconds(options.idleTimeoutSeconds))),
            configuration: .init(address: .hostname(options.host, port: options.port), serverName: "ocean-serve"),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? options.port
                logger.info("listening", metadata: ["host": "\(options.host)", "port": "\(port)",
                                                   "verify_threads": "\(options.verifyThreads)",
                                                   "db": "\(options.database.kind)"])
                listening("http://\(options.host):\(port)")
            },
            logger: logger)
        do {
            try await app.runService()
        } catch {
            await verifier.shutdown()
            await store.close()
            throw error
        }
        await verifier.shutdown()
        await store.close()
    }

    /// SQLite at once; PostgreSQL tried until it answers, waiting longer between
    /// tries (to 5 s), for at most `databaseStartSeconds`, then the last reason.
    static func openStore(_ options: ServerOptions, logger: Logger) async throws -> any RunStore {
        switch options.database {
        case .sqlite(let path):
            return try await SQLiteRunStore.open(path: path, healing: SeaHealing(options.balance),
                                                 holdMilliseconds: options.commitHoldMilliseconds, logger: logger)
        case .postgres(let url):
            _ = try PostgresRunStore.target(url)  // a malformed address is not retried
            let deadline = ContinuousClock.now + .milliseconds(Int64(options.databaseStartSeconds * 1000))
            var pause = 0.5
            while true {
                let left = deadline - ContinuousClock.now
                let attempt = max(1.0, min(10.0, Double(left.components.seconds)))
                do {
                    return try await PostgresRunStore.open(url: url, password: options.databasePassword, healing: SeaHealing(options.balance),
                                                          holdMilliseconds: options.commitHoldMilliseconds, logger: logger, within: attempt)
                } catch {
                    let remaining = deadline - ContinuousClock.now
                    guard remaining > .seconds(pause) else {
                        throw StoreFailure("the database did not answer within \(Int(options.databaseStartSeconds)) s of starting "
                            + "(--db-start-seconds): \(error)")
                    }
                    logger.warning("database not answering; trying again", metadata: [
                        "in_seconds": "\(pause)", "cause": "\(oneLine(String(describing: error), limit: 400))"])
                    try await Task.sleep(nanoseconds: UInt64(pause * 1e9))
                    pause = min(pause * 2, 5)
                }
            }
        }
    }
}

extension DatabaseAddress {
    var kind: String {
        switch self {
        case .sqlite: "sqlite"
        case .postgres: "postgres"
        }
    }
}
