import Foundation
import HTTPTypes
import Hummingbird
import SceneHostWebModel
import CoreMetrics
import SceneHostCore

/// Translates HTTP to `WebController` calls and back: the client (through trusted proxies), the
/// session cookie (`SessionCookie`), the form body (read up to its limit), the headers the
/// cross-site check needs, HTML, redirects and statuses (every 429 and 503 with `Retry-After`).
struct WebHandlers: Sendable {
    // Valid token names written here, so the unwraps cannot fail.
    static let fetchSiteField = HTTPField.Name("Sec-Fetch-Site")!
    static let securityPolicyField = HTTPField.Name("Content-Security-Policy")!
    static let noSniffField = HTTPField.Name("X-Content-Type-Options")!
    let controller: WebControllerBox
    let writer = PageWriter()
    let hosts: WebHostPolicy
    /// Who the client is, and whether it came over HTTPS (`--trusted-proxy`, `--https`).
    let forwarding: WebForwarding
    /// Where requests are counted (`/metrics`).
    let metrics: any MetricsFactory
    /// Whether the instance drains: live streams end then.
    let state: ServeState

    /// 421 for a Host this server does not answer for (DNS rebinding), before any session is touched.
    private func refusedHost(_ request: Request) -> Response? {
        do throws(WebError) {
            try hosts.check(request.head.authority)
            return nil
        } catch {
            return html(writer.renderRefusal(error.message, status: 421), status: HTTPResponse.Status(code: 421))
        }
    }

    /// GET (and HEAD, which answers the same without the body).
    func page(_ request: Request, context: WebRequestContext, head: Bool = false) async -> Response {
        if let refused = refusedHost(request) { return refused }
        if request.uri.path == PageWriter.scriptPath { return script(head: head) }
        if !head, Self.asksForEvents(request.headers) { return await events(request, context: context) }
        // A session's steady screen was answered on the event loop (SnapshotResponder); what reaches
        // here is answered on the session's owner (WebSession).
        // The client as the caps count it: a deep link's faults count against its address.
        let client = forwarding.client(peer: context.remoteAddress, fields: request.headers)
        let sessionID = SessionCookie.value(in: request.headers, secure: client.secure)
        let start = ContinuousClock.now
        // The whole target, query included: a screen URL's query names its record (`?id=2`).
        let reply = await controller.get(
            path: request.head.path ?? request.uri.path, sessionID: sessionID, client: client.address)
        count(kind: "page", status: reply.status, since: start)
        var response = respond(reply, secure: client.secure)
        if head { response.body = ResponseBody() }
        return response
    }

    func act(_ request: Request, context: WebRequestContext) async -> Response {
        if let refused = refusedHost(request) { return refused }
        let client = forwarding.client(peer: context.remoteAddress, fields: request.headers)
        var request = request
        let body: ByteBuffer
        do {
            body = try await request.collectBody(upTo: WebForm.maximumBodySize)
        } catch let error as HTTPResponseError where error.status == .contentTooLarge {
            return html(
                writer.renderRefusal(WebError.bodyTooLarge(limit: WebForm.maximumBodySize).message, status: 413),
                status: .contentTooLarge)
        } catch {
            // A broken chunk, a body cut short: the request, not its size, is at fault.
            return html(
                writer.renderRefusal(
                    WebError.malformedRequest(reason: "its body could not be read").message, status: 400),
                status: .badRequest)
        }
        let postContext = WebController.PostContext(
            origin: request.headers[.origin], fetchSite: request.headers[Self.fetchSiteField],
            host: request.head.authority, client: client.address
        )
        let start = ContinuousClock.now
        let reply = await controller.post(
            path: request.uri.path, sessionID: SessionCookie.value(in: request.headers, secure: client.secure),
            body: Array(body.readableBytesView), context: postContext)
        count(kind: "action", status: reply.status, since: start)
        return respond(reply, secure: client.secure)
    }

    /// One answered request in `/metrics`: by kind and status, and its duration by kind.
    func count(kind: String, status: Int, since start: ContinuousClock.Instant) {
        Counter(
            label: "scene_host_requests_total", dimensions: [("kind", kind), ("status", String(status))],
            factory: metrics
        ).increment()
        Timer(label: "scene_host_request_seconds", dimensions: [("kind", kind)], factory: metrics)
            .recordNanoseconds((ContinuousClock.now - start).wholeNanoseconds)
    }

    private func respond(_ reply: WebReply, secure: Bool) -> Response {
        var response: Response
        switch reply.body {
        case .page(let page):
            response = html(writer.render(page), status: HTTPResponse.Status(code: reply.status))
        case .redirect(let location):
            response = Response(status: .seeOther, headers: [.location: location, .cacheControl: "no-store"])
        case .refusal(let message):
            response = html(
                writer.renderRefusal(message, status: reply.status), status: HTTPResponse.Status(code: reply.status))
        }
        switch reply.cookie {
        case .keep:
            break
        case .set(let sessionID):
            response.setCookie(SessionCookie.set(sessionID, secure: secure))
        case .clear:
            response.setCookie(SessionCookie.clear(secure: secure))
        }
        if let seconds = reply.retryAfterSeconds { response.headers[.retryAfter] = String(seconds) }
        return response
    }

    /// The headers of every HTML answer (pages and refusals), here and in `SnapshotResponder`.
    static let pageHeaders: HTTPFields = [
        .contentType: "text/html; charset=utf-8", .cacheControl: "no-store",
        securityPolicyField:
            "default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
        noSniffField: "nosniff",
    ]

    /// The pages' one script (`PageWriter.script`): static, cached for a day.
    private func script(head: Bool) -> Response {
        let bytes = PageWriter.script.withUTF8Buffer { Array($0) }
        return Response(
            status: .ok,
            headers: [
                .contentType: "text/javascript; charset=utf-8", .cacheControl: "public, max-age=86400",
                Self.noSniffField: "nosniff",
            ],
            body: head ? ResponseBody() : ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    private func html(_ bytes: [UInt8], status: HTTPResponse.Status) -> Response {
        Response(status: status, headers: Self.pageHeaders, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}
