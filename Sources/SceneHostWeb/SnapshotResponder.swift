import HTTPTypes
import NIOCore
import NIOHTTPTypes
import SceneHost

/// Answers a GET (or HEAD) of a session's screen on the connection's event loop, from the
/// session's page snapshot (`WebPageSnapshots`), without handing the request to the router.
///
/// The common GET — the page a post redirects to, Back, Forward, Reload — then costs no thread
/// hop at all. Only when everything is plain: an allowed Host, the session cookie, a snapshot that
/// still describes the session and names the path, and no earlier request of this connection still
/// being answered (responses keep their order). Anything else goes on to the router as before, which
/// answers the same page the slow way (`WebHandlers.page`).
final class SnapshotResponder: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let snapshots: WebPageSnapshots
    private let hosts: WebHostPolicy
    /// Which cookie name applies to a request (`SessionCookie`).
    private let forwarding: WebForwarding
    private let writer = PageWriter()
    /// Requests passed on whose response has not ended yet.
    private var passedOn = 0
    /// The request being answered here: its remaining parts are dropped.
    private var answering = false

    init(snapshots: WebPageSnapshots, hosts: WebHostPolicy, forwarding: WebForwarding) {
        self.snapshots = snapshots
        self.hosts = hosts
        self.forwarding = forwarding
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let request):
            if passedOn == 0, let page = page(for: request, peer: context.channel.remoteAddress) {
                answering = true
                respond(page, head: request.method == .head, close: request.headerFields[.connection]?.lowercased() == "close", context: context)
                return
            }
            passedOn += 1
        case .body:
            if answering { return }
        case .end:
            if answering {
                answering = false
                return
            }
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data), passedOn > 0 { passedOn -= 1 }
        context.write(data, promise: promise)
    }

    private func page(for request: HTTPRequest, peer: SocketAddress?) -> WebPage? {
        // A live stream (`WebHandlers.events`) is the router's to answer, never a page.
        guard request.method == .get || request.method == .head, let path = request.path, !WebHandlers.asksForEvents(request.headerFields),
              (try? hosts.check(request.authority)) != nil,
              let sessionID = SessionCookie.value(in: request.headerFields, secure: forwarding.isSecure(peer: peer, fields: request.headerFields))
        else { return nil }
        return snapshots.page(sessionID: sessionID, path: path)
    }

    /// Writes the page; `close`: the client asked for the connection to end with this answer.
    private func respond(_ page: WebPage, head: Bool, close: Bool, context: ChannelHandlerContext) {
        let bytes = writer.render(page)
        var fields = WebHandlers.pageHeaders
        fields[.contentLength] = String(bytes.count)
        context.write(wrapOutboundOut(.head(HTTPResponse(status: .ok, headerFields: fields))), promise: nil)
        if !head { context.write(wrapOutboundOut(.body(context.channel.allocator.buffer(bytes: bytes))), promise: nil) }
        guard close else {
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
            return
        }
        let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in loopBound.value.close(promise: nil) }
    }
}
