import Foundation
import Hummingbird

/// A refusal the API answers with: a 4xx (or 503) status and `{"error": "…"}` saying
/// what is wrong and what is allowed. Thrown from a handler; nothing is stored.
struct APIError: HTTPResponseError, CustomStringConvertible {
    var status: HTTPResponse.Status
    var message: String

    init(_ status: HTTPResponse.Status, _ message: String) {
        self.status = status
        self.message = message
    }

    /// Seconds until a post is taken again (429), sent as `Retry-After`.
    var retryAfter: Int?

    var description: String { "\(status.code) \(message)" }

    /// 429: too many posts `from` (an address, a key), and when to try again.
    static func tooMany(_ from: String, wait: Int, limit: PostLimit) -> APIError {
        var e = APIError(.tooManyRequests, "too many runs posted \(from): at most \(limit.perMinute) a minute "
            + "(\(limit.burst) at once); try again in \(wait) s")
        e.retryAfter = wait
        return e
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        var response = jsonResponse(ErrorBody(error: message), status: status)
        if let retryAfter { response.headers[.retryAfter] = "\(retryAfter)" }
        return response
    }
}

private struct ErrorBody: Encodable {
    var error: String
}

/// One JSON body, keys sorted so answers are byte-stable.
func jsonResponse(_ value: some Encodable, status: HTTPResponse.Status = .ok) -> Response {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let bytes = (try? encoder.encode(value)) ?? Data("{\"error\":\"the answer could not be written\"}".utf8)
    return Response(status: status, headers: [.contentType: "application/json; charset=utf-8"],
                    body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
}
