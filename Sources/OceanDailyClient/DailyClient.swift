import CCurl
import Crypto
import OceanDaily
import OceanStore
import OceanSystem

/// What a Daily Ocean server answered: its status and its body (JSON, as sent).
public struct ServerAnswer: Sendable {
    public var status: Int
    public var body: [UInt8]

    public var text: String { String(decoding: body, as: UTF8.self) }
    public var json: AnswerJSON? { AnswerJSON.parse(body) }

    /// The `error` a refusal's JSON names, or the whole body when it names none; one
    /// escaped line either way (a server's text never forges a line of ours).
    public var errorText: String { oneLine(json?["error"]?.string ?? text) }
}

/// Why no answer came: the address is not a server's, it could not be reached, or it
/// broke one of the client's bounds (another origin, too large, too slow).
public struct ClientFailure: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// The client of `ocean daily submit` and `leaderboard` and of `ocean play`'s official
/// runs: libcurl, called so that the server cannot make it do more than asked. No
/// redirect leaves the server's origin (scheme, host and port), an answer is read to
/// at most `answerLimit` bytes after decompression, and a request ends at a total
/// deadline, not at an idle timer a slow drip could reset forever.
public struct DailyClient: Sendable {
    public let server: ServerAddress
    /// The whole request, answer included (verifying a run takes milliseconds).
    public var deadlineSeconds = 30
    /// The largest answer read: a leaderboard page or a post's answer is far smaller.
    public var answerLimit = 4 << 20
    /// Redirects followed within the origin before giving up.
    public var redirectLimit = 3

    /// `server` must be an `http://` or `https://` address with a host (see `ServerAddress`).
    public init(server: String) throws(ClientFailure) {
        switch ServerAddress.parse(server) {
        case .success(let address): self.server = address
        // The text is not echoed: it may carry a password.
        case .failure(let why): throw ClientFailure("--server: the address \(why)")
        }
    }

    /// Posts a replay to the day's runs, signed with `key` under `name`.
    public func submit(replay: [UInt8], date: String, name: String, key: Curve25519.Signing.PrivateKey) throws(ClientFailure) -> ServerAnswer {
        let signed: [(String, String)]
        do { signed = try RunSignature.headers(date: date, name: name, body: replay, key: key) } catch {
            throw ClientFailure("the run could not be signed: \(error)")
        }
        let headers = ["Content-Type: text/plain; charset=utf-8"] + signed.map { "\($0.0): \($0.1)" }
        return try send(url: server.url("/v1/daily/\(date)/runs"), post: replay, headers: headers)
    }

    /// The day's leaderboard, as the server's JSON.
    public func leaderboard(date: String) throws(ClientFailure) -> ServerAnswer {
        try send(url: server.url("/v1/daily/\(date)/leaderboard"), post: nil, headers: [])
    }

    /// Run `id`'s replay; signed with `key`, so that while its day is open the server
    /// gives it to its owner (after the day, to anyone).
    public func replay(id: Int, key: Curve25519.Signing.PrivateKey) throws(ClientFailure) -> ServerAnswer {
        let signed: [(String, String)]
        do { signed = try RunSignature.replayHeaders(id: id, key: key) } catch { throw ClientFailure("the request could not be signed: \(error)") }
        return try send(url: server.url("/v1/runs/\(id)/replay"), post: nil, headers: signed.map { "\($0.0): \($0.1)" })
    }

    /// Any GET under the server (`path` without the leading slash).
    public func get(_ path: String) throws(ClientFailure) -> ServerAnswer {
        try send(url: server.url("/" + path), post: nil, headers: [])
    }

    /// One request with its redirects, each hop within the origin and the deadline.
    private func send(url first: String, post: [UInt8]?, headers: [String]) throws(ClientFailure) -> ServerAnswer {
        let start = monotonicNanos()
        var url = first, body = post, hops = 0
        while true {
            let spent = Int((monotonicNanos() - start) / 1_000_000)
            let left = deadlineSeconds * 1000 - spent
            guard left > 0 else { throw ClientFailure("\(server): timed out after \(deadlineSeconds) s") }
            let hop = try Transfer.perform(url: url, post: body, headers: headers, milliseconds: left, limit: answerLimit,
                                           server: server, deadlineSeconds: deadlineSeconds)
            guard [301, 302, 303, 307, 308].contains(hop.answer.status), let location = hop.redirect else { return hop.answer }
            guard case .success(let target) = ServerAddress.parse(location), target.origin == server.origin else {
                throw ClientFailure("\(server) redirected to \(oneLine(location, limit: 200)), off its origin "
                    + "(\(server.origin)); not followed: name that server with --server if you trust it")
            }
            hops += 1
            guard hops <= redirectLimit else { throw ClientFailure("\(server): more than \(redirectLimit) redirects; not followed") }
            // 303 (and, as browsers do, 301 and 302) turn a post into a get; 307 and 308 keep it.
            if [301, 302, 303].contains(hop.answer.status) { body = nil }
            url = location
        }
    }
}

/// One HTTP exchange through a curl easy handle, with every bound set on it.
private enum Transfer {
    struct Hop {
        var answer: ServerAnswer
        var redirect: String?
    }

    /// What the write callback fills: the body so far, and whether it went over.
    final class Sink {
        var bytes: [UInt8] = []
        let limit: Int
        var over = false
        init(limit: Int) { self.limit = limit }
    }

    static let initialised: Bool = { curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK }()

    static func perform(url: String, post: [UInt8]?, headers: [String], milliseconds: Int, limit: Int,
                        server: ServerAddress, deadlineSeconds: Int) throws(ClientFailure) -> Hop {
        guard initialised, let curl = curl_easy_init() else { throw ClientFailure("libcurl could not be started") }
        defer { curl_easy_cleanup(curl) }
        let sink = Sink(limit: limit)
        var list: UnsafeMutablePointer<curl_slist>?
        for h in headers + ["Expect:"] { list = curl_slist_append(list, h) }
        defer { curl_slist_free_all(list) }
        let code: CURLcode = url.withCString { urlText in
            ocean_curl_set_pointer(curl, CURLOPT_URL, urlText)
            ocean_curl_http_only(curl)
            ocean_curl_set_long(curl, CURLOPT_FOLLOWLOCATION, 0)
            ocean_curl_set_long(curl, CURLOPT_NOSIGNAL, 1)
            ocean_curl_set_long(curl, CURLOPT_TIMEOUT_MS, milliseconds)
            ocean_curl_set_long(curl, CURLOPT_CONNECTTIMEOUT_MS, min(milliseconds, 10_000))
            ocean_curl_set_size(curl, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(limit))
            // Any encoding curl can undo; the write callback counts the bytes after it.
            ocean_curl_set_pointer(curl, CURLOPT_ACCEPT_ENCODING, "")
            ocean_curl_set_pointer(curl, CURLOPT_HTTPHEADER, list)
            ocean_curl_set_pointer(curl, CURLOPT_USERAGENT, "ocean-rescue")
            ocean_curl_set_write(curl, CURLOPT_WRITEFUNCTION) { data, size, count, context in
                let sink = Unmanaged<Sink>.fromOpaque(context!).takeUnretainedValue()
                let n = size * count
                guard sink.bytes.count + n <= sink.limit else { sink.over = true; return 0 }
                if let data { data.withMemoryRebound(to: UInt8.self, capacity: n) { sink.bytes.append(contentsOf: UnsafeBufferPointer(start: $0, count: n)) } }
                return n
            }
            let context = Unmanaged.passUnretained(sink).toOpaque()
            ocean_curl_set_pointer(curl, CURLOPT_WRITEDATA, context)
            if let post {
                return post.withUnsafeBufferPointer { body in
                    ocean_curl_set_long(curl, CURLOPT_POST, 1)
                    ocean_curl_set_size(curl, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count))
                    if let bytes = body.baseAddress { ocean_curl_set_pointer(curl, CURLOPT_POSTFIELDS, bytes) } else {
                        ocean_curl_set_pointer(curl, CURLOPT_POSTFIELDS, "")
                    }
                    return curl_easy_perform(curl)
                }
            }
            return curl_easy_perform(curl)
        }
        withExtendedLifetime(sink) {}
        if sink.over || code == CURLE_FILESIZE_EXCEEDED {
            throw ClientFailure("\(server): the answer is larger than \(limit) bytes; not read")
        }
        guard code == CURLE_OK else {
            if code == CURLE_OPERATION_TIMEDOUT { throw ClientFailure("\(server): timed out after \(deadlineSeconds) s") }
            let why = String(cString: curl_easy_strerror(code))
            throw ClientFailure("cannot reach \(server): \(why)")
        }
        var status = 0
        ocean_curl_get_long(curl, CURLINFO_RESPONSE_CODE, &status)
        var location: UnsafeMutablePointer<CChar>?
        ocean_curl_get_string(curl, CURLINFO_REDIRECT_URL, &location)
        return Hop(answer: ServerAnswer(status: status, body: sink.bytes), redirect: location.map { String(cString: $0) })
    }
}
