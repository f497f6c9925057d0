import Metrics
import Prometheus

/// What `GET /metrics` shows, in Prometheus's text format: the server counts and
/// times through swift-metrics, whose backend is swift-prometheus's registry. Each
/// metric is made after the backend is set (`bootstrapped`), or it would count nowhere.
enum ServerMetrics {
    /// The registry `/metrics` renders.
    static let registry = PrometheusCollectorRegistry()
    /// swift-metrics' backend, set once per process (a second bootstrap is fatal).
    static let bootstrapped: Void = MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))

    /// Posts by outcome (`stored`, `refused`) and HTTP status: the reasons a player
    /// meets, by their code (the log line has the words).
    static func post(status: Int) {
        _ = bootstrapped
        Metrics.Counter(label: "ocean_posts_total", dimensions: [("outcome", status == 201 ? "stored" : "refused"), ("status", "\(status)")])
            .increment()
    }

    /// Seconds a run took to re-play on the pool (waiting excluded).
    static let verifySeconds: Metrics.Timer = { _ = bootstrapped; return Metrics.Timer(label: "ocean_verify_seconds") }()
    /// Seconds of each kind of database call (`call`: commit, board, name, …).
    static func databaseSeconds(_ call: String) -> Metrics.Timer {
        _ = bootstrapped
        return Metrics.Timer(label: "ocean_database_seconds", dimensions: [("call", call)])
    }
    /// Runs kept by each commit (`GroupCommit`): its count is the commits, its sum the runs.
    static let commitBatchRuns: Metrics.Recorder = {
        _ = bootstrapped
        return Metrics.Recorder(label: "ocean_commit_batch_runs", aggregate: true)
    }()
    /// Runs waiting for, or on, a verifying thread.
    static let verifyQueue: Metrics.Gauge = { _ = bootstrapped; return Metrics.Gauge(label: "ocean_verify_queue_depth") }()
    /// Connections open now (all addresses).
    static let openConnections: Metrics.Gauge = { _ = bootstrapped; return Metrics.Gauge(label: "ocean_open_connections") }()
    /// Connections closed at once: their address held its share.
    static let connectionsRefused: Metrics.Counter = { _ = bootstrapped; return Metrics.Counter(label: "ocean_connections_refused_total") }()
    /// Connections closed because no request head came in time.
    static let headersTimedOut: Metrics.Counter = { _ = bootstrapped; return Metrics.Counter(label: "ocean_header_timeouts_total") }()
}

extension Metrics.Timer {
    /// Records the time since `start`.
    func record(since start: ContinuousClock.Instant) {
        let d = ContinuousClock.now - start
        recordNanoseconds(d.components.seconds * 1_000_000_000 + d.components.attoseconds / 1_000_000_000)
    }
}
