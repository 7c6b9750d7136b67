import Foundation
import HTTPTypes
import Hummingbird
import SceneHost

/// Translates HTTP to `WebController` calls and back: the session cookie, the form body (read
/// up to its limit), the headers the cross-site check needs, HTML and redirects.
struct WebHandlers: Sendable {
    static let cookieName = "scene_host_session"
    // Valid token names written here, so the unwraps cannot fail.
    static let fetchSiteField = HTTPField.Name("Sec-Fetch-Site")!
    static let securityPolicyField = HTTPField.Name("Content-Security-Policy")!
    static let noSniffField = HTTPField.Name("X-Content-Type-Options")!
    let controller: WebControllerBox
    let template: PageTemplate
    let hosts: WebHostPolicy

    /// 421 for a Host this server does not answer for (DNS rebinding), before any session is touched.
    private func refusedHost(_ request: Request) -> Response? {
        do throws(WebError) {
            try hosts.check(request.head.authority)
            return nil
        } catch {
            return html(template.renderRefusal(ErrorMessage.render(error)), status: HTTPResponse.Status(code: 421))
        }
    }

    func page(_ request: Request) async throws -> Response {
        if let refused = refusedHost(request) { return refused }
        let sessionID = request.cookies[Self.cookieName]?.value
        let result = await controller.page(sessionID: sessionID)
        switch result {
        case .success(let (page, newSession)):
            var response = html(template.render(page), status: .ok)
            if let newSession {
                response.setCookie(Cookie(name: Self.cookieName, value: newSession, path: "/", httpOnly: true, sameSite: .strict))
            }
            return response
        case .failure(let error):
            return html(template.renderRefusal(ErrorMessage.render(error)), status: .internalServerError)
        }
    }

    func act(_ request: Request) async throws -> Response {
        if let refused = refusedHost(request) { return refused }
        var request = request
        let body: ByteBuffer
        do {
            body = try await request.collectBody(upTo: WebForm.maximumBodySize)
        } catch {
            return html(template.renderRefusal(ErrorMessage.render(WebError.bodyTooLarge(limit: WebForm.maximumBodySize))), status: .contentTooLarge)
        }
        let bytes = Array(body.readableBytesView)
        let sessionID = request.cookies[Self.cookieName]?.value
        let origin = request.headers[.origin]
        let fetchSite = request.headers[Self.fetchSiteField]
        let host = request.head.authority
        let outcome = await controller.post(sessionID: sessionID, body: bytes, origin: origin, fetchSite: fetchSite, host: host)
        switch outcome {
        case .showPage:
            return Response(status: .seeOther, headers: [.location: "/"])
        case .outOfDate:
            // The current screen, with the notice, in answer to the stale form (nothing was applied).
            switch await controller.page(sessionID: sessionID) {
            case .success(let (page, _)): return html(template.render(page), status: .conflict)
            case .failure(let error): return html(template.renderRefusal(ErrorMessage.render(error)), status: .internalServerError)
            }
        case .refused(let status, let message):
            return html(template.renderRefusal(message), status: HTTPResponse.Status(code: status))
        }
    }

    private func html(_ text: String, status: HTTPResponse.Status) -> Response {
        Response(
            status: status,
            headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store",
                      Self.securityPolicyField: "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
                      Self.noSniffField: "nosniff"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: text))
        )
    }
}
