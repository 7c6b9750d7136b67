import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// While the instance drains, ends every connection with the answer it is giving: the response
/// says `Connection: close` and the connection is closed once it is written.
///
/// A proxy reuses an idle connection for its next request, a POST included, and nginx does not
/// resend a POST it has sent (`proxy_next_upstream` without `non_idempotent`). A connection the
/// instance closes while nginx sends on it turns that POST into nginx's 502. So from the moment
/// the drain starts no answer leaves a connection to be reused; connections idle since before
/// then are dropped by nginx first, as the example config orders its `keepalive_timeout` below
/// `--drain-delay` (docs/production.md, "Rolling restarts and deploys"). First in the pipeline after HTTP
/// decoding, so the answers of `SnapshotResponder` pass through it too.
final class DrainingConnectionCloser: ChannelOutboundHandler, RemovableChannelHandler {
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let state: ServeState
    /// The answer being written said `Connection: close`.
    private var closing = false

    init(state: ServeState) {
        self.state = state
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(var response) where state.isDraining && response.status.kind != .informational:
            response.headerFields[.connection] = "close"
            closing = true
            context.write(wrapOutboundOut(.head(response)), promise: promise)
        case .end where closing:
            closing = false
            let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
            context.writeAndFlush(data).whenComplete { result in
                promise?.completeWith(result)
                loopBound.value.close(promise: nil)
            }
        case .head, .body, .end:
            context.write(data, promise: promise)
        }
    }
}
