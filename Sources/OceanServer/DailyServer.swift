import Hummingbird
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
        let verifier = VerifierPool(threads: options.verifyThreads, maxWaiting: options.maxWaiting)
        let store: any RunStore
        do {
            switch options.database {
            case .sqlite(let path): store = try await SQLiteRunStore.open(path: path, logger: logger)
            case .postgres(let url): store = try await PostgresRunStore.open(url: url, logger: logger)
            }
        } catch {
            await verifier.shutdown()
            throw error
        }
        let router = Router(context: ServerContext.self)
        router.middlewares.add(RequestLogMiddleware())
        router.middlewares.add(SecurityHeadersMiddleware())
        router.middlewares.add(FailureMiddleware())
        DailyRoutes(options: options, store: TimedStore(store: store, seconds: options.databaseSeconds), verifier: verifier,
                    perAddress: PostLimiter(options.postsPerAddress), perKey: PostLimiter(options.postsPerKey)).add(to: router)
        let app = Application(
            router: router,
            server: .http1(configuration: .init(idleTimeout: .seconds(options.idleTimeoutSeconds))),
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
}

extension DatabaseAddress {
    var kind: String {
        switch self {
        case .sqlite: "sqlite"
        case .postgres: "postgres"
        }
    }
}
