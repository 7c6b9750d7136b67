import CoreMetrics
import HTTPTypes
import NIOCore
import NIOHTTPTypes
import SceneHostWebModel

/// Answers a GET (or HEAD) of a session's screen on the connection's event loop, from the
/// session's page snapshot (`WebPageSnapshots`), without handing the request to the router.
///
/// The common GET — the page a post redirects to, Back, Forward, Reload — then costs no thread
/// hop at all. Only when everything is plain: an allowed Host, the session cookie, a snapshot that
/// still describes the session and names the path, and no earlier request of this connection still
/// being answered (responses keep their order). Anything else goes on to the router as before, which
/// answers the same page the slow way (`WebHandlers.page`).
///
/// With a store other processes share, a snapshot is answered only after one read of the store
/// found the state number it shows: read at once on this thread where the store can without
/// waiting (`atOnce`: SQLite's own read-only connection), else asked (`check`), and meanwhile the
/// connection reads nothing more (what was already read waits here, in order). A state that moved
/// on, or a store that does not answer, sends the request to the router after all.
final class SnapshotResponder: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// Whether the store still holds a state: true only when it answered with that very state.
    typealias Check = @Sendable (WebPageSnapshots.StoreCheck) async -> Bool
    /// The same, read at once on the event loop when the store can (`SessionStore.stateAtOnce`).
    typealias CheckAtOnce = @Sendable (WebPageSnapshots.StoreCheck) -> AtOnce

    /// What a check read at once found.
    enum AtOnce {
        case holds
        case moved
        /// Not read at once: the check is asked the usual way.
        case unknown
    }

    private let snapshots: WebPageSnapshots
    private let hosts: WebHostPolicy
    /// Which cookie name applies to a request (`SessionCookie`).
    private let forwarding: WebForwarding
    private let check: Check
    private let atOnce: CheckAtOnce
    /// Counts the pages answered with no check (`WebSessionCounters.snapshotUnchecked`).
    private let unchecked: Counter
    private let writer = PageWriter()
    /// Requests passed on whose response has not ended yet.
    private var passedOn = 0
    /// The request being answered here: its remaining parts are dropped.
    private var answering = false
    /// A snapshot's page waits for the store's check: the request's head, and what was read since, in order.
    private var checking: (head: HTTPRequest, held: [HTTPRequestPart])?
    /// The connection asked to read while a check was under way: asked once it ends.
    private var readWanted = false

    init(
        snapshots: WebPageSnapshots, hosts: WebHostPolicy, forwarding: WebForwarding, check: @escaping Check,
        atOnce: @escaping CheckAtOnce, unchecked: Counter
    ) {
        self.snapshots = snapshots
        self.hosts = hosts
        self.forwarding = forwarding
        self.check = check
        self.atOnce = atOnce
        self.unchecked = unchecked
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let part = unwrapInboundIn(data)
        if checking != nil {
            checking?.held.append(part)
            return
        }
        take(part, context: context)
    }

    private func take(_ part: HTTPRequestPart, context: ChannelHandlerContext) {
        switch part {
        case .head(let request):
            if passedOn == 0, let answer = answer(for: request, peer: context.channel.remoteAddress) {
                answering = true
                guard let stored = answer.check else {
                    unchecked.increment()
                    respond(answer.page, to: request, context: context)
                    return
                }
                switch atOnce(stored) {
                case .holds:
                    respond(answer.page, to: request, context: context)
                    return
                case .moved:
                    answering = false
                case .unknown:
                    checking = (request, [])
                    let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
                    context.eventLoop.makeFutureWithTask { [check] in await check(stored) }.whenComplete { result in
                        let (handler, context) = loopBound.value
                        handler.checked(answer.page, holds: (try? result.get()) == true, context: context)
                    }
                    return
                }
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
        context.fireChannelRead(wrapInboundOut(part))
    }

    /// The store answered the check of the page waiting in `checking`: the page, or the router's turn.
    private func checked(_ page: WebPage, holds: Bool, context: ChannelHandlerContext) {
        guard let (head, held) = checking else { return }
        checking = nil
        if holds {
            respond(page, to: head, context: context)
        } else {
            answering = false
            passedOn += 1
            context.fireChannelRead(wrapInboundOut(.head(head)))
        }
        for part in held {
            if checking != nil {
                checking?.held.append(part)
            } else {
                take(part, context: context)
            }
        }
        // What went on was read earlier: the next handlers (an async channel's stream) take reads in at a read's end.
        context.fireChannelReadComplete()
        if checking == nil, readWanted {
            readWanted = false
            context.read()
        }
    }

    func read(context: ChannelHandlerContext) {
        // No more of the connection is read while a page waits for its check: a client that sends
        // request after request meanwhile fills only the socket's buffer, never this handler's.
        guard checking == nil else {
            readWanted = true
            return
        }
        context.read()
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data), passedOn > 0 { passedOn -= 1 }
        context.write(data, promise: promise)
    }

    private func answer(for request: HTTPRequest, peer: SocketAddress?) -> WebPageSnapshots.Answer? {
        // A live stream (`WebHandlers.events`) is the router's to answer, never a page.
        guard request.method == .get || request.method == .head, let path = request.path,
            !WebHandlers.asksForEvents(request.headerFields),
            (try? hosts.check(request.authority)) != nil,
            let sessionID = SessionCookie.value(
                in: request.headerFields, secure: forwarding.isSecure(peer: peer, fields: request.headerFields))
        else { return nil }
        return snapshots.answer(sessionID: sessionID, path: path)
    }

    /// Writes the page, and ends the connection when the client asked for that with this answer.
    private func respond(_ page: WebPage, to request: HTTPRequest, context: ChannelHandlerContext) {
        let (head, close) = (request.method == .head, request.headerFields[.connection]?.lowercased() == "close")
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
