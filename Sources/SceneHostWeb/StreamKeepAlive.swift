import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Keeps a live page's stream (an answer of type `text/event-stream`, `WebHandlers.events`) from
/// looking idle: when `interval` passed without a write on it, it writes a comment line
/// (`: still here`) itself, on the connection's event loop. So a proxy does not cut the stream
/// (the interval stays under its read timeout: examples/deploy/nginx.conf's `proxy_read_timeout
/// 30s`), and a client that vanished without closing its connection is found when the write fails
/// (the connection then closes, and `ClientGoneWatch` ends the stream).
///
/// The stream's own task is not woken for it: between changes it sleeps, and its keep-alive is one
/// timer of the event loop per `interval`. Each event the stream writes is one body part, so a
/// comment only ever comes between two events.
final class StreamKeepAlive: ChannelOutboundHandler, RemovableChannelHandler {
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    static let comment = ": still here\n\n"

    private let interval: TimeAmount
    /// An event stream's answer is being written.
    private var streaming = false
    private var lastWrite = NIODeadline.now()
    private var timer: Scheduled<Void>?

    init(interval: Duration) {
        self.interval = .nanoseconds(
            Int64(interval.components.seconds) * 1_000_000_000 + interval.components.attoseconds / 1_000_000_000)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(let response):
            streaming =
                response.status == .ok && response.headerFields[.contentType]?.hasPrefix("text/event-stream") == true
            if streaming { arm(context: context, at: .now() + interval) }
        case .body:
            break
        case .end:
            streaming = false
            timer?.cancel()
            timer = nil
        }
        lastWrite = .now()
        context.write(data, promise: promise)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        streaming = false
        timer?.cancel()
        timer = nil
    }

    /// One timer per stream, moved on (not rescheduled per event) when writes came meanwhile.
    private func arm(context: ChannelHandlerContext, at deadline: NIODeadline) {
        timer?.cancel()
        let bound = NIOLoopBound((handler: self, context: context), eventLoop: context.eventLoop)
        timer = context.eventLoop.scheduleTask(deadline: deadline) {
            bound.value.handler.fire(context: bound.value.context)
        }
    }

    private func fire(context: ChannelHandlerContext) {
        timer = nil
        guard streaming, context.channel.isActive else { return }
        // Written meanwhile: the timer moves on. Within a second of due (the stream's first line
        // came just after its head), the comment goes now, a little early, for one wake-up.
        let due = lastWrite + interval
        if due > .now() + .seconds(1) { return arm(context: context, at: due) }
        lastWrite = .now()
        context.writeAndFlush(wrapOutboundOut(.body(ByteBuffer(string: Self.comment))), promise: nil)
        arm(context: context, at: lastWrite + interval)
    }
}
