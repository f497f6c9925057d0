import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTPTypes

/// The open connections of each address, and the most one address may hold: a
/// thousand half-open requests from one machine no longer lock everyone else out.
final class ConnectionCounter: Sendable {
    let most: Int
    /// Trusted proxies: they carry many players' connections, and bound them themselves.
    let exempt: Set<String>
    private let open = NIOLockedValueBox<[String: Int]>([:])

    init(most: Int, exempt: Set<String> = []) {
        self.most = most
        self.exempt = exempt
    }

    /// Counts a new connection from `address`; false (not counted) when it holds `most`.
    func admit(_ address: String) -> Bool {
        open.withLockedValue { counts in
            if exempt.contains(address) {
                counts[address, default: 0] += 1
                return true
            }
            let n = counts[address, default: 0]
            guard n < most else { return false }
            counts[address] = n + 1
            return true
        }
    }

    func release(_ address: String) {
        open.withLockedValue { counts in
            let n = counts[address, default: 1] - 1
            counts[address] = n > 0 ? n : nil
        }
    }

    /// Connections open now, all addresses together (for `/metrics`).
    var total: Int { open.withLockedValue { $0.values.reduce(0, +) } }
}

/// On every connection, after the HTTP decoding: refuses a connection beyond its
/// address's share (closed at once), and closes one whose request head has not
/// arrived `headerSeconds` after it opened or after its last answer (a head sent a
/// byte at a time holds a connection the idle timeout never reclaims).
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let counter: ConnectionCounter
    private let headerTime: TimeAmount
    private let logger: Logger
    private var address: String?
    private var deadline: Scheduled<Void>?

    init(counter: ConnectionCounter, headerSeconds: Double, logger: Logger) {
        self.counter = counter
        self.headerTime = .milliseconds(Int64(headerSeconds * 1000))
        self.logger = logger
    }

    func handlerAdded(context: ChannelHandlerContext) {
        let peer = context.channel.remoteAddress?.ipAddress ?? "-"
        guard counter.admit(peer) else {
            ServerMetrics.connectionsRefused.increment()
            logger.notice("connection refused", metadata: ["peer": "\(peer)", "reason": "more than \(counter.most) open from this address"])
            context.close(promise: nil)
            return
        }
        address = peer
        awaitHead(context)
    }

    func handlerRemoved(context: ChannelHandlerContext) { finish() }

    func channelInactive(context: ChannelHandlerContext) {
        finish()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head = unwrapInboundIn(data) {
            deadline?.cancel()
            deadline = nil
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let ends = if case .end = unwrapOutboundIn(data) { true } else { false }
        context.write(data, promise: promise)
        // The answer is out: the next request's head is on the clock.
        if ends && address != nil { awaitHead(context) }
    }

    private func awaitHead(_ context: ChannelHandlerContext) {
        deadline?.cancel()
        let channel = context.channel, seconds = headerTime.nanoseconds / 1_000_000_000
        deadline = context.eventLoop.scheduleTask(in: headerTime) { [logger] in
            logger.notice("connection closed", metadata: ["peer": "\(channel.remoteAddress?.ipAddress ?? "-")",
                                                          "reason": "no request head within \(seconds) s"])
            ServerMetrics.headersTimedOut.increment()
            channel.close(promise: nil)
        }
    }

    private func finish() {
        deadline?.cancel()
        deadline = nil
        if let address { counter.release(address) }
        address = nil
    }
}
