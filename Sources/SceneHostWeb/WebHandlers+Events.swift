import HTTPTypes
import Hummingbird
import NIOCore
import SceneHostWebModel
import Synchronization

/// A page's live stream: Server-Sent Events on the screen's own URL, for a session whose screen
/// may change on its own (its background work runs). The page's script (`PageWriter.script`)
/// opens it only on a page marked live, and puts each page it brings in place.
///
/// Each event `screen` carries the whole page of that URL, as a GET would answer it now (the page
/// is made the same way, so it is what a reload would show); a page the same as the last sent is
/// not sent again. When the session's work has ended, the last page is followed by `end`, and the
/// script closes the stream; so is a page that became an earlier one (another tab moved on), without
/// its page, so it stays as the user sees it. When the screen left by itself (its work routed on or
/// back, no action was taken), `location` with the URL of the screen on top comes first: the page
/// goes there, as the app did. A session with nothing to follow is answered 204, which tells the
/// browser not to connect again. A session has at most `streamsPerSession` open (429 past it), and a
/// stream makes at most one page per `minimumInterval`, however fast its screen changes.
///
/// Between two pages a stream sleeps (`LiveWait`): it wakes when the session's screen changes, when
/// the session ends or this instance lets go of its copy, when the client goes away (its connection's
/// input ends, or it closes: `ClientGoneWatch`), when the instance drains (`ServeState.drain`: every
/// stream ends at once, so none holds the shutdown back), and at the end of its lifetime. Nothing
/// runs meanwhile: an idle stream costs no CPU between changes. Its keep-alive is written by its
/// connection (`StreamKeepAlive`, a timer of the event loop), not by its task. A stream lasts at
/// most `streamLifetime` (the browser connects again).
extension WebHandlers {
    static let streamsPerSession = 8
    static let streamLifetime: Duration = .seconds(300)
    /// The longest a stream stays silent: then its connection sends a comment line (`: still here`,
    /// `StreamKeepAlive`), so a proxy does not cut it as idle (it must stay under the proxy's read
    /// timeout: examples/deploy/nginx.conf's `proxy_read_timeout 30s`), and a client that vanished
    /// without closing its connection is found when the write fails.
    static let keepAlive: Duration = .seconds(25)
    /// The least time between two pages of one stream: a scene (or a plugin) changing its screen
    /// as fast as it can costs the host at most 50 pages a second per stream.
    static let minimumInterval: Duration = .milliseconds(20)

    /// Whether the request asks for an event stream (an `EventSource`'s `Accept`).
    static func asksForEvents(_ headers: HTTPFields) -> Bool {
        headers[.accept]?.lowercased().contains("text/event-stream") ?? false
    }

    func events(_ request: Request, context: WebRequestContext) async -> Response {
        let client = forwarding.client(peer: context.remoteAddress, fields: request.headers)
        let sessionID = SessionCookie.value(in: request.headers, secure: client.secure)
        // The page's own stamp comes as the query parameter `live` (the script adds it): the
        // stream follows that state of the screen only, and ends when the screen is another state
        // (another tab's action): that page stays as its user sees it, and its form is refused as
        // stale, as without the stream. The screen's own URL is what is left.
        let (path, followed) = Self.splitLive(request.head.path ?? request.uri.path)
        guard let sessionID, let start = await controller.liveCount(sessionID: sessionID) else {
            // The start page of a browser without a session follows the shared preview's work (a load).
            if path == "/", await !controller.holdsSession(sessionID: sessionID) { return await previewEvents() }
            count(kind: "events", status: 204, since: .now)
            return Response(status: .noContent, headers: [.cacheControl: "no-store"])
        }
        guard let slot = controller.admitStream(sessionID, limit: Self.streamsPerSession) else {
            return tooManyStreams()
        }
        count(kind: "events", status: 200, since: .now)
        let actions = await controller.actionCount(sessionID: sessionID)
        let (controller, writer, state, channel) = (controller, writer, state, context.channel)
        return Response(
            status: .ok, headers: Self.streamHeaders,
            body: ResponseBody { body in
                // Held to the stream's end; freed with the response should it never be sent.
                defer { withExtendedLifetime(slot) {} }
                var seen = start
                var last: [UInt8] = []
                let clock = ContinuousClock()
                let ends = clock.now + Self.streamLifetime
                var lastPage = clock.now - Self.minimumInterval
                // What ends the stream's sleep besides its session: the drain, and its client going away.
                let stops = [state.drain] + [await ClientGoneWatch.gone(of: channel)].compactMap { $0 }
                // The browser's reconnection wait, should the stream end without `end`.
                try await body.write(ByteBuffer(string: "retry: 2000\n\n"))
                streaming: while true {
                    let wake = await LiveWait.next(until: ends, stops: stops) { [seen] in
                        await controller.liveChange(sessionID: sessionID, after: seen)
                    }
                    let now: UInt64
                    switch wake {
                    case .stopped, .gone, .deadline:
                        break streaming
                    case .changed(let count):
                        guard count != seen else { continue streaming }
                        now = count
                    }
                    // Made as a GET makes it, but leaving the once-only messages (a field's problem, a
                    // notice) to the page the browser loads: a stream still running when its tab posted
                    // must not take them away from the page the post leads to.
                    let since = clock.now - lastPage
                    if since < Self.minimumInterval { try? await Task.sleep(for: Self.minimumInterval - since) }
                    lastPage = clock.now
                    let reply = await controller.get(
                        path: path, sessionID: sessionID, client: client.address, consuming: false)
                    // What this page made changed the count too (a notice taken): counted from here.
                    seen = await controller.liveCount(sessionID: sessionID) ?? now
                    // Another tab moved the app on (the screen is gone, earlier, or in another state), or
                    // the session ended: this page stays as the user sees it, and what it does next is
                    // answered as without the stream (a stale form is refused, with what was typed offered back).
                    guard case .page(let page) = reply.body, reply.status == 200, !page.isEarlier,
                        followed.map({ $0 == page.stamp }) ?? true
                    else {
                        if let actions,
                            let url = await controller.movedByItself(sessionID: sessionID, actions: actions),
                            url != path
                        {
                            try await body.write(ByteBuffer(bytes: Self.event("location", Array(url.utf8))))
                        }
                        try await body.write(ByteBuffer(string: "event: end\ndata: \n\n"))
                        break
                    }
                    let html = writer.render(page)
                    if html != last {
                        try await body.write(ByteBuffer(bytes: Self.event("screen", html)))
                        last = html
                    }
                    if !page.live {
                        try await body.write(ByteBuffer(string: "event: end\ndata: \n\n"))
                        break
                    }
                    if clock.now >= ends { break }
                }
                try await body.finish(nil)
            })
    }

    /// The most streams that follow the start page's shared preview at once (every browser without a
    /// session shares them); past it, 429 with Retry-After.
    static let previewStreams = 256

    /// The start page's stream for a browser without a session: the shared preview's screen as its
    /// work changes it (`WebSessionStore.livePreviewChange`), then `end` once the work ended (a preview
    /// whose work ended already: its last page and `end`). 204 when there is no preview at all.
    private func previewEvents() async -> Response {
        let key = ""
        guard let slot = controller.admitStream(key, limit: Self.previewStreams) else { return tooManyStreams() }
        // The preview's work may have ended since the page was made: its last page, then `end`.
        let store = controller.store
        var found = await store.livePreviewChange(after: nil)
        if found == nil, let now = await store.previewNow() { found = (now, 0) }
        guard let first = found else {
            count(kind: "events", status: 204, since: .now)
            return Response(status: .noContent, headers: [.cacheControl: "no-store"])
        }
        count(kind: "events", status: 200, since: .now)
        let (controller, writer, state) = (controller, writer, state)
        return Response(
            status: .ok, headers: Self.streamHeaders,
            body: ResponseBody { body in
                defer { withExtendedLifetime(slot) {} }
                try await body.write(ByteBuffer(string: "retry: 2000\n\n"))
                var last: [UInt8] = []
                var current = first
                let clock = ContinuousClock()
                let ends = clock.now + Self.streamLifetime
                while true {
                    var page = WebPage.start(
                        screen: current.start.screen, scene: current.start.scene,
                        token: await controller.store.startToken, error: nil)
                    page.live = current.start.live
                    let html = writer.render(page)
                    if html != last {
                        try await body.write(ByteBuffer(bytes: Self.event("screen", html)))
                        last = html
                    }
                    guard current.start.live, clock.now < ends else { break }
                    let wake = await LiveWait.next(until: ends, stops: [state.drain]) { [count = current.count] in
                        await controller.store.livePreviewChange(after: count)?.count
                    }
                    guard case .changed(let count) = wake, let now = await controller.store.previewNow() else { break }
                    current = (now, count)
                }
                try await body.write(ByteBuffer(string: "event: end\ndata: \n\n"))
                try await body.finish(nil)
            })
    }

    /// The headers of every event stream.
    static let streamHeaders: HTTPFields = [
        .contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-store", noSniffField: "nosniff",
    ]

    /// 429 with Retry-After: the stream's limit is reached.
    private func tooManyStreams() -> Response {
        count(kind: "events", status: 429, since: .now)
        return Response(status: .tooManyRequests, headers: [.retryAfter: "5", .cacheControl: "no-store"])
    }

    /// The screen's URL without the query parameter `live`, and that parameter's stamp, if any.
    static func splitLive(_ target: String) -> (path: String, stamp: Int?) {
        guard let question = target.firstIndex(of: "?") else { return (target, nil) }
        var stamp: Int?
        let kept = target[target.index(after: question)...].split(separator: "&", omittingEmptySubsequences: false)
            .filter { pair in
                guard pair.hasPrefix("live=") else { return true }
                stamp = Int(pair.dropFirst(5))
                return false
            }
        let path = String(target[..<question])
        return (kept.isEmpty ? path : path + "?" + kept.joined(separator: "&"), stamp)
    }

    /// One event: its name, then each line of `data` as a `data:` line (any of CR, LF, CR LF ends a line in SSE).
    static func event(_ name: String, _ data: [UInt8]) -> [UInt8] {
        var bytes = Array("event: \(name)\ndata: ".utf8)
        bytes.reserveCapacity(bytes.count + data.count + data.count / 32 + 8)
        var index = 0
        while index < data.count {
            let byte = data[index]
            if byte == 0x0D || byte == 0x0A {
                bytes.append(contentsOf: "\ndata: ".utf8)
                if byte == 0x0D, index + 1 < data.count, data[index + 1] == 0x0A { index += 1 }
            } else {
                bytes.append(byte)
            }
            index += 1
        }
        bytes.append(contentsOf: "\n\n".utf8)
        return bytes
    }
}
