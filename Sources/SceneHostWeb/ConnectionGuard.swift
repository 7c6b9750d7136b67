import CoreMetrics
import HTTPTypes
import NIOCore
import NIOHTTPTypes
import SceneHostWebModel
import Synchronization
import SceneHostCore

/// The connections `serve` holds open, counted across event loops.
final class ConnectionCount: Sendable {
    private let open = Atomic<Int>(0)

    /// Counts one more; returns how many are open with it.
    func opened() -> Int { open.wrappingAdd(1, ordering: .relaxed).newValue }

    func closed() { open.wrappingSubtract(1, ordering: .relaxed) }
}

/// Deadlines and load shedding for one connection, in its pipeline after HTTP decoding.
///
/// A client must send a request's head within `headerTimeout` of connecting (or of the previous
/// response), and its whole body within `bodyTimeout` of the head; otherwise the connection is
/// closed: a client that trickles a byte at a time (slowloris) cannot hold a descriptor longer.
/// While more than `maximum` connections are open, a request on a further one is answered
/// 503 with Retry-After and the connection closed, so the server says it is busy instead of
/// letting clients wait on the listen queue.
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let limits: WebConnectionLimits
    private let count: ConnectionCount
    /// Requests answered 503 past the cap (`/metrics`).
    private let refused: Counter
    private var deadline: Scheduled<Void>?
    private var shedding = false
    private var counted = false

    init(limits: WebConnectionLimits, count: ConnectionCount, refused: Counter) {
        self.limits = limits
        self.count = count
        self.refused = refused
    }

    func handlerAdded(context: ChannelHandlerContext) {
        counted = true
        shedding = count.opened() > limits.maximum
        arm(limits.headerTimeout, context: context)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.cancel()
        if counted {
            counted = false
            count.closed()
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let part = unwrapInboundIn(data)
        switch part {
        case .head:
            if shedding {
                refused.increment()
                shed(context: context)
                return
            }
            arm(limits.bodyTimeout, context: context)
        case .body:
            break
        case .end:
            deadline?.cancel()
            deadline = nil
        }
        if !shedding { context.fireChannelRead(data) }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) {
            // The next request's head is due within the header time limit of this response.
            arm(limits.headerTimeout, context: context)
        }
        context.write(data, promise: promise)
    }

    private func arm(_ limit: Duration, context: ChannelHandlerContext) {
        deadline?.cancel()
        let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
        deadline = context.eventLoop.scheduleTask(in: .milliseconds(limit.wholeMilliseconds)) {
            loopBound.value.close(promise: nil)
        }
    }

    private func shed(context: ChannelHandlerContext) {
        deadline?.cancel()
        var fields = HTTPFields()
        fields[.retryAfter] = "5"
        fields[.contentType] = "text/plain; charset=utf-8"
        fields[.connection] = "close"
        let text = "The server is busy (\(limits.maximum) connections open); try again in a few seconds.\n"
        fields[.contentLength] = String(text.utf8.count)
        context.write(
            wrapOutboundOut(.head(HTTPResponse(status: .serviceUnavailable, headerFields: fields))), promise: nil)
        context.write(wrapOutboundOut(.body(context.channel.allocator.buffer(string: text))), promise: nil)
        let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in loopBound.value.close(promise: nil) }
    }
}
