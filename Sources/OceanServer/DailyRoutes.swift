import Foundation
import Hummingbird
import Logging
import NIOCore
import OceanDaily
import OceanKernel
import OceanReplay
import OceanSystem

/// The API's handlers: each reads its request, asks the verifier and the store, and
/// answers JSON (or the page's HTML); every refusal is an `APIError`.
struct DailyRoutes: Sendable {
    let options: ServerOptions
    let store: any RunStore
    let verifier: VerifierPool
    let perAddress: PostLimiter
    let perKey: PostLimiter
    let connections: ConnectionCounter

    func add(to router: Router<ServerContext>) {
        // Whether the process answers at all.
        router.get("/livez") { _, _ in jsonResponse(["status": "ok"]) }
        // Whether it can serve: the database answers within its deadline.
        router.get("/healthz") { _, context in
            do {
                try await store.ping()
                return jsonResponse(["status": "ok", "database": "ok"])
            } catch {
                context.logger.error("health check failed", metadata: ["cause": "\(oneLine(String(describing: error), limit: 400))"])
                var r = jsonResponse(["status": "failing", "database": oneLine(String(describing: error), limit: 200)],
                                     status: .serviceUnavailable)
                r.headers[.retryAfter] = "5"
                return r
            }
        }
        // The counts and times of the server, for a Prometheus scraper (docs/server.md).
        router.get("/metrics") { _, _ in
            ServerMetrics.verifyQueue.record(verifier.depth)
            ServerMetrics.openConnections.record(connections.total)
            return Response(status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                            body: .init(byteBuffer: ByteBuffer(bytes: ServerMetrics.registry.emitToBuffer())))
        }
        router.post("/v1/daily/:date/runs") { request, context in
            do {
                let answer = try await submit(request, context)
                ServerMetrics.post(status: Int(answer.status.code))
                return answer
            } catch let refusal as APIError {
                ServerMetrics.post(status: Int(refusal.status.code))
                // The player's name as sent, escaped: a refused name may hold controls or bidi marks.
                let player = request.headers.first { $0.name.canonicalName == "x-ocean-player" }?.value ?? "-"
                context.logger.notice("run refused", metadata: ["status": "\(refusal.status.code)", "reason": "\(oneLine(refusal.message))",
                                                               "player": "\(oneLine(player, limit: 80))"])
                throw refusal
            } catch {
                ServerMetrics.post(status: error is StoreTimeout ? 503 : 500)
                throw error
            }
        }
        router.get("/v1/daily/:date/leaderboard") { request, context in
            let date = try day(context)
            return jsonResponse(try await store.leaderboard(date: date.text, apart: false, page: try page(request)))
        }
        // Runs ranked apart from people's (a program's, or faster than a person), each with its reason.
        router.get("/v1/daily/:date/leaderboard/apart") { request, context in
            let date = try day(context)
            return jsonResponse(try await store.leaderboard(date: date.text, apart: true, page: try page(request)))
        }
        router.get("/v1/daily/:date/sea") { _, context in
            let date = try day(context)
            return jsonResponse(SharedSea(try await store.sea(date: date.text), balance: options.balance))
        }
        router.get("/v1/runs/:id/replay") { request, context in
            let text = context.parameters.get("id") ?? ""
            guard let id = Int(text), id > 0 else { throw APIError(.badRequest, "'\(text)' is not a run id (a whole number from 1)") }
            guard let run = try await store.replay(id: id) else { throw APIError(.notFound, "no run \(id) is stored") }
            // A day's replays stay private until it closes: a rival's inputs, in the
            // open while the day is played, were a run to copy and post. Its owner
            // (a request signed with the key it was posted under) has it at any time.
            if let day = ReplayFormat.dateShape(Substring(run.day)), day.isValid {
                let window = DailyWindow(day: day, submitMinutes: options.submitMinutes)
                let key = request.headers.first { $0.name.canonicalName == RunSignature.keyHeader.lowercased() }?.value ?? ""
                let signature = request.headers.first { $0.name.canonicalName == RunSignature.signatureHeader.lowercased() }?.value ?? ""
                let owner = key == run.publicKey && RunSignature.signsReplayRequest(id: id, publicKey: key, signature: signature)
                if !window.isClosed(at: options.now()) && !owner {
                    throw APIError(.forbidden, "the replays of \(run.day) open when the day closes, at \(DailyWindow.utc(window.closes)) (UTC); "
                        + "until then only its player has it (`ocean daily replay \(id)`, signed with their key)")
                }
            }
            return Response(status: .ok, headers: [.contentType: "text/plain; charset=utf-8"],
                            body: .init(byteBuffer: ByteBuffer(bytes: run.bytes)))
        }
        router.get("/daily/:date") { _, context in
            let date = try day(context)
            let board = try await store.leaderboard(date: date.text, apart: false, page: BoardPage())
            let apart = try await store.leaderboard(date: date.text, apart: true, page: BoardPage())
            let sea = SharedSea(try await store.sea(date: date.text), balance: options.balance)
            let closed = DailyWindow(day: date.value, submitMinutes: options.submitMinutes)
            let html = DailyPage.html(date: date.text, board: board, apart: apart, sea: sea,
                                      replaysOpenAt: closed.isClosed(at: options.now()) ? nil : DailyWindow.utc(closed.closes))
            return Response(status: .ok, headers: [.contentType: "text/html; charset=utf-8"],
                            body: .init(byteBuffer: ByteBuffer(string: html)))
        }
    }

    /// `POST /v1/daily/{date}/runs`: the cheap checks first (name, key, size,
    /// signature, the name's binding), then the re-play on the pool, then one
    /// transaction; 201 only once the run is committed.
    func submit(_ request: Request, _ context: ServerContext) async throws -> Response {
        let started = ContinuousClock.now
        let date = try day(context)
        // The day is the day: no board is filled before its day or after it closed.
        if let why = DailyWindow(day: date.value, submitMinutes: options.submitMinutes).problem(at: options.now()) {
            throw APIError(.unprocessableContent, why)
        }
        if let wait = await perAddress.take("address " + context.peer, now: options.seconds()) {
            throw APIError.tooMany("from this address", wait: wait, limit: options.postsPerAddress)
        }
        let name = try header(request, RunSignature.playerHeader)
        if let why = RunSignature.nameProblem(name) { throw APIError(.badRequest, why) }
        let key = try header(request, RunSignature.keyHeader)
        let signature = try header(request, RunSignature.signatureHeader)
        let body: [UInt8]
        do {
            // The body in time, or the request is cut: a body trickled a byte at a
            // time holds a connection and its memory for no one.
            let limit = options.bodyLimit, incoming = request.body
            body = try await withDeadline(seconds: options.bodySeconds, "body") {
                Array(try await incoming.collect(upTo: limit).readableBytesView)
            }
        } catch is NIOTooManyBytesError {
            throw APIError(.contentTooLarge, "the replay is larger than \(options.bodyLimit) bytes, this server's limit")
        } catch is StoreTimeout {
            throw APIError(.requestTimeout, "the replay did not arrive within \(Int(options.bodySeconds)) s; send it again")
        }
        if let why = RunSignature.problem(date: date.text, name: name, body: body, publicKey: key, signature: signature) {
            throw APIError(.unauthorized, why)
        }
        if let wait = await perKey.take("key " + key, now: options.seconds()) {
            throw APIError.tooMany("under this key", wait: wait, limit: options.postsPerKey)
        }
        if let other = try await store.boundNames(like: name).first(where: { $0.key != key }) {
            throw APIError(.forbidden, Self.taken(name, by: other.name))
        }
        let result = try await verifier.verify(body, date: date.value, balance: options.balance, maxTicks: options.maxTicks)
        let run = VerifiedRun(date: date.text, name: name, publicKey: key, result: result, replay: body,
                              receivedAt: DailyWindow.utc(Int64(Date().timeIntervalSince1970.rounded(.down)), showingSeconds: true),
                              seaHealing: SharedSea.healing(catches: result.catches, balance: options.balance))
        switch try await store.store(run) {
        case .boundToAnotherKey(let bound):
            throw APIError(.forbidden, Self.taken(name, by: bound))
        case .tooManyNames(let held):
            throw APIError(.forbidden, "this key already holds \(held.count) names (\(held.joined(separator: ", "))); "
                + "a key holds at most \(RunSignature.namesPerKey): post under one of them")
        case .copy(let other, let shared):
            throw APIError(.conflict, "this run follows \(other)'s run of \(date.text) catch for catch (\(shared * CatchWindows.size) catches at the "
                + "same ticks with the bin on the same pixel): a copy is not a run of one's own")
        case .duplicate(let other):
            throw APIError(.conflict, "this game (final state \(run.stateHash)) was already posted for \(date.text) by \(other)")
        case .stored(let id, let official, let rank):
            context.logger.info("run stored", metadata: [
                "id": "\(id)", "date": "\(date.text)", "player": "\(name)", "score": "\(result.score)",
                "official": "\(official)", "rank": "\(rank.map(String.init) ?? "-")", "ticks": "\(result.ticks)",
                "apart": "\(result.apart ?? "-")", "ms": "\(milliseconds(since: started))",
            ])
            return jsonResponse(Accepted(id: id, rank: rank, score: result.score, rounds: result.rounds, catches: result.catches,
                                         bestCombo: result.bestCombo, official: official, verified: true, apart: result.apart),
                                status: .created)
        }
    }

    /// `?limit=N&after=M`: N rows (1 to 1000, default 100) after the first M (default 0).
    func page(_ request: Request) throws -> BoardPage {
        var page = BoardPage()
        for (key, range, set) in [("limit", 1...BoardPage.most, { (p: inout BoardPage, v: Int) in p.limit = v }),
                                  ("after", 0...10_000_000, { (p: inout BoardPage, v: Int) in p.after = v })] {
            guard let text = request.uri.queryParameters[Substring(key)] else { continue }
            guard text.count <= 9, let v = Int(text), range.contains(v) else {
                throw APIError(.badRequest, "?\(key)=\(oneLine(String(text), limit: 20)): a whole number from \(range.lowerBound) to \(range.upperBound)")
            }
            set(&page, v)
        }
        return page
    }

    /// The refusal of `name` when `bound`, another key's name, reads the same.
    static func taken(_ name: String, by bound: String) -> String {
        bound == name ? "the name '\(name)' belongs to another player's key; choose another name"
            : "the name '\(name)' reads as '\(bound)', which belongs to another player's key; choose another name"
    }

    /// The `{date}` of the path: a real calendar date, written YYYY-MM-DD.
    func day(_ context: ServerContext) throws -> (text: String, value: CalendarDate) {
        let text = context.parameters.get("date") ?? ""
        guard let shape = ReplayFormat.dateShape(Substring(text)), shape.isValid else {
            throw APIError(.badRequest, "'\(text)' is not a date written YYYY-MM-DD")
        }
        return (text, shape)
    }

    func header(_ request: Request, _ field: String) throws -> String {
        let lowered = field.lowercased()
        guard let value = request.headers.first(where: { $0.name.canonicalName == lowered })?.value, !value.isEmpty else {
            throw APIError(field == RunSignature.playerHeader ? .badRequest : .unauthorized,
                           "the header \(field) is missing: a run is posted with \(RunSignature.playerHeader), "
                               + "\(RunSignature.keyHeader) and \(RunSignature.signatureHeader) (`ocean daily submit` sends them)")
        }
        return value
    }
}

/// Whole milliseconds since `start`, for the logs.
func milliseconds(since start: ContinuousClock.Instant) -> Int64 {
    let d = ContinuousClock.now - start
    return d.components.seconds * 1000 + d.components.attoseconds / 1_000_000_000_000_000
}

/// The answer to an accepted run: `rank` is nil for a practice run.
struct Accepted: Encodable {
    var id: Int
    var rank: Int?
    var score: Int
    var rounds: Int
    var catches: Int
    var bestCombo: Int
    var official: Bool
    var verified: Bool
    /// Why the run is ranked apart from people's (null: the main board).
    var apart: String?

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(rank, forKey: .rank)  // null, not absent, for practice
        try c.encode(score, forKey: .score)
        try c.encode(rounds, forKey: .rounds)
        try c.encode(catches, forKey: .catches)
        try c.encode(bestCombo, forKey: .bestCombo)
        try c.encode(official, forKey: .official)
        try c.encode(verified, forKey: .verified)
        try c.encode(apart, forKey: .apart)  // null, not absent, on the main board
    }

    enum CodingKeys: String, CodingKey { case id, rank, score, rounds, catches, bestCombo, official, verified, apart }
}
