import Foundation
import Hummingbird
import NIOCore

/// The request context: Hummingbird's, and the peer's address (for the per-address
/// limits).
struct ServerContext: RequestContext, RemoteAddressRequestContext {
    var coreContext: CoreRequestContextStorage
    let remoteAddress: SocketAddress?

    /// The player's address: the peer's, or, behind a trusted proxy, the one that
    /// proxy put last in `X-Forwarded-For` (`ClientAddressMiddleware`).
    var peer: String

    init(source: Source) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
        peer = remoteAddress?.ipAddress ?? "-"
    }
}

/// Behind a reverse proxy every request comes from the proxy: for the proxies the
/// operator names (`--trusted-proxy`), the player's address is the last one in
/// `X-Forwarded-For`, the one that proxy appended (earlier ones the player may forge).
struct ClientAddressMiddleware: RouterMiddleware {
    let trusted: Set<String>

    func handle(_ request: Request, context: ServerContext, next: (Request, ServerContext) async throws -> Response) async throws -> Response {
        guard trusted.contains(context.peer),
              let forwarded = request.headers.last(where: { $0.name.canonicalName == "x-forwarded-for" })?.value,
              let last = forwarded.split(separator: ",").last?.trimmingCharacters(in: .whitespaces), !last.isEmpty,
              last.count <= 45, last.allSatisfy({ $0.isHexDigit || $0 == "." || $0 == ":" }) else {
            return try await next(request, context)
        }
        var context = context
        context.peer = last
        return try await next(request, context)
    }
}

/// How many posts a bucket takes: `perMinute` a minute, `burst` at once.
public struct PostLimit: Sendable, Equatable {
    public var perMinute: Int
    public var burst: Int

    public init(perMinute: Int, burst: Int) { (self.perMinute, self.burst) = (perMinute, burst) }
}

/// Token buckets for posts, one per key and one per address: a bucket holds `burst`
/// posts and refills `perMinute` a minute, so a player posting now and then never
/// meets it while a flood from one address or one key is answered 429 with the
/// seconds until the next post is taken (`Retry-After`). The address bucket is
/// asked before the body is read, the key's only once the signature matched (else
/// anyone could spend a player's bucket with their public key).
actor PostLimiter {
    private struct Bucket {
        var tokens: Double
        var at: Double
    }

    private let limit: PostLimit
    private var buckets: [String: Bucket] = [:]
    /// Buckets kept at most; past it, full ones are forgotten (a full bucket is a new one).
    private let most = 100_000

    init(_ limit: PostLimit) { self.limit = limit }

    /// Takes a post from `who`'s bucket at `now` (seconds): nil when taken, else the
    /// whole seconds until one will be.
    func take(_ who: String, now: Double) -> Int? {
        let rate = Double(limit.perMinute) / 60
        var b = buckets[who] ?? Bucket(tokens: Double(limit.burst), at: now)
        b.tokens = min(Double(limit.burst), b.tokens + max(0, now - b.at) * rate)
        b.at = now
        guard b.tokens >= 1 else {
            buckets[who] = b
            return Int(((1 - b.tokens) / rate).rounded(.up))
        }
        b.tokens -= 1
        buckets[who] = b
        if buckets.count > most { forgetFull(now: now) }
        return nil
    }

    private func forgetFull(now: Double) {
        let rate = Double(limit.perMinute) / 60
        buckets = buckets.filter { $0.value.tokens + max(0, now - $0.value.at) * rate < Double(limit.burst) }
    }
}
