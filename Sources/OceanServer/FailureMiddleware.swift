import Foundation
import Hummingbird
import Logging
import OceanSystem

/// What no handler answered for itself: every failure that is not a refusal (a full
/// disk, a database gone or too slow) becomes a `503` with `Retry-After` and the
/// documented `{"error": "…"}` body, and an error line in the log naming the request
/// and the cause. No answer is ever an empty 500.
struct FailureMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPResponseError {
            throw error
        } catch {
            context.logger.error("request failed", metadata: ["method": "\(request.method)", "path": "\(oneLine(request.uri.path, limit: 200))",
                                                              "cause": "\(oneLine(String(describing: error), limit: 400))"])
            var response = jsonResponse(FailureBody(error: "the server could not complete the request (its storage failed; the cause is "
                                                        + "in its log); nothing was stored: try again shortly"),
                                        status: .serviceUnavailable)
            response.headers[.retryAfter] = "5"
            return response
        }
    }
}

/// Headers every answer carries: no type sniffing, and for the page no script, no
/// frame, nothing loaded from elsewhere (its style is inline).
struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response: Response
        do {
            response = try await next(request, context)
        } catch let refusal as HTTPResponseError {
            // A refusal's answer carries them too.
            response = try refusal.response(from: request, context: context)
        }
        response.headers[.xContentTypeOptions] = "nosniff"
        response.headers[.contentSecurityPolicy] =
            "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
        response.headers[.init("Referrer-Policy")!] = "no-referrer"
        return response
    }
}

private struct FailureBody: Encodable {
    var error: String
}

/// The result of `body`, or `StoreTimeout` once `seconds` have passed: a database
/// that stopped answering fails a request in seconds, not minutes.
func withDeadline<T: Sendable>(seconds: Double, _ what: String, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
    try await withThrowingTaskGroup(of: T.self) { group in
        group.addTask { try await body() }
        group.addTask {
            try await Task.sleep(nanoseconds: UInt64(seconds * 1e9))
            throw StoreTimeout(what: what, seconds: seconds)
        }
        defer { group.cancelAll() }
        guard let first = try await group.next() else { throw StoreTimeout(what: what, seconds: seconds) }
        return first
    }
}

/// The database did not answer in time.
struct StoreTimeout: Error, CustomStringConvertible {
    let what: String
    let seconds: Double
    var description: String { "the database did not answer \(what) within \(seconds) s" }
}

/// One log line per request, once it is answered: method, path, status, time and
/// the player named (escaped), so an operator reads what happened from the log alone.
struct RequestLogMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let started = ContinuousClock.now
        let player = request.headers.first { $0.name.canonicalName == "x-ocean-player" }.map { oneLine($0.value, limit: 80) } ?? "-"
        func log(_ status: Int) {
            context.logger.info("request", metadata: [
                "method": "\(request.method)", "path": "\(oneLine(request.uri.path, limit: 200))", "status": "\(status)",
                "ms": "\(milliseconds(since: started))", "player": "\(player)",
                "peer": "\((context as? ServerContext)?.peer ?? "-")",
            ])
        }
        do {
            let response = try await next(request, context)
            log(Int(response.status.code))
            return response
        } catch let error as HTTPResponseError {
            log(Int(error.status.code))
            throw error
        }
    }
}
