import Crypto
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What a Daily Ocean server answered: its status and its body (JSON, as sent).
public struct ServerAnswer: Sendable {
    public var status: Int
    public var body: String

    /// The `error` a refusal's JSON names, or the whole body when it names none.
    public var errorText: String {
        if let data = body.data(using: .utf8),
           let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
           let error = object["error"] as? String { return error }
        return body
    }
}

/// Why no answer came: the address is not a server's, or it could not be reached.
public struct ClientFailure: Error, CustomStringConvertible {
    public var description: String
}

/// The client of `ocean daily submit` and `ocean daily leaderboard`: plain HTTP with
/// Foundation's URLSession (libcurl underneath, nothing more to build).
public struct DailyClient: Sendable {
    public var server: URL
    /// How long one request may take, answer included (verification is quick; a
    /// server that takes longer is not answering).
    public var timeout: TimeInterval = 60

    /// `server` must be an `http://` or `https://` address with a host.
    public init(server: String) throws(ClientFailure) {
        guard let url = URL(string: server), let scheme = url.scheme, ["http", "https"].contains(scheme), url.host != nil else {
            throw ClientFailure(description: "--server: '\(server)' is not an http:// or https:// address (such as http://127.0.0.1:8080)")
        }
        self.server = url
    }

    /// Posts a replay to the day's runs, signed with `key` under `name`.
    public func submit(replay: [UInt8], date: String, name: String, key: Curve25519.Signing.PrivateKey) throws -> ServerAnswer {
        var request = URLRequest(url: server.appendingPathComponent("v1/daily/\(date)/runs"))
        request.httpMethod = "POST"
        request.httpBody = Data(replay)
        request.setValue("text/plain; charset=utf-8", forHTTPHeaderField: "Content-Type")
        for (field, value) in try RunSignature.headers(date: date, name: name, body: replay, key: key) {
            request.setValue(value, forHTTPHeaderField: field)
        }
        return try send(request)
    }

    /// The day's leaderboard, as the server's JSON.
    public func leaderboard(date: String) throws -> ServerAnswer {
        try send(URLRequest(url: server.appendingPathComponent("v1/daily/\(date)/leaderboard")))
    }

    /// Any GET under the server (`path` without the leading slash).
    public func get(_ path: String) throws -> ServerAnswer {
        try send(URLRequest(url: server.appendingPathComponent(path)))
    }

    /// One request, waited for (the CLI's commands are synchronous).
    private func send(_ request: URLRequest) throws -> ServerAnswer {
        var request = request
        request.timeoutInterval = timeout
        let address = request.url?.absoluteString ?? "the server"
        let box = AnswerBox()
        let done = DispatchSemaphore(value: 0)
        let task = URLSession.shared.dataTask(with: request) { data, response, error in
            if let http = response as? HTTPURLResponse {
                box.result = .success(ServerAnswer(status: http.statusCode, body: String(decoding: data ?? Data(), as: UTF8.self)))
            } else {
                box.result = .failure(ClientFailure(description: "cannot reach \(address): "
                    + (error?.localizedDescription ?? "no answer")))
            }
            done.signal()
        }
        task.resume()
        done.wait()
        return try box.result!.get()
    }
}

/// The answer handed from URLSession's queue to the waiting caller (the semaphore
/// orders the write before the read).
private final class AnswerBox: @unchecked Sendable {
    var result: Result<ServerAnswer, ClientFailure>?
}
