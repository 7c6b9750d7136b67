import SceneSDK

/// What `scene-host serve` does with a request, without HTTP: find or make the session, apply a
/// form post to its navigator, build the page. The HTTP layer (SceneHostWeb) only translates.
///
/// Posts follow post/redirect/get: a post changes the session and the browser then loads the
/// page, so reloading never repeats an action. A failed action leaves the navigator as it was
/// (its guarantee) and its message is shown once, on the next page.
@MainActor
public struct WebController {
    public let store: WebSessionStore
    let guardian = WebRequestGuard()
    /// Turns an error into the text the page shows (`ErrorMessage.render`, given by the executable:
    /// frontends sit below the one place that renders errors).
    let render: (any Error) -> String

    public init(store: WebSessionStore, render: @escaping (any Error) -> String) {
        self.store = store
        self.render = render
    }

    /// The outcome of a post.
    public enum PostOutcome: Equatable, Sendable {
        /// Done (or failed, with the message kept for the page): load the page again.
        case showPage
        /// Refused before anything changed: status 403 or 413, and the message.
        case refused(status: Int, message: String)
        /// The form came from an earlier state of the session: nothing changed; show the current
        /// page (with the notice) as a 409.
        case outOfDate
    }

    /// The page for the session named by the cookie `sessionID` (a new session if none lives).
    public func page(sessionID: String?) async throws -> (page: WebPage, newSessionID: String?) {
        let (session, created, ended) = try await store.session(id: sessionID)
        if ended { session.pendingError = render(WebError.sessionEnded) }
        if let notice = session.app.takeNotice() { session.pendingError = render(notice) }
        return (try WebPage.make(for: session), created ? session.id : nil)
    }

    /// Applies a form post to the session named `sessionID`.
    /// Waits for the session's scenes (in their worker) without holding up other sessions.
    public func post(sessionID: String?, body: [UInt8], origin: String?, fetchSite: String?, host: String?) async -> PostOutcome {
        guard let session = store.existing(id: sessionID) else {
            // No live session (expired, or a cookie-less post): nothing to change; the page starts a new one.
            do {
                try guardian.check(origin: origin, fetchSite: fetchSite, host: host, token: "", expectedToken: "-")
            } catch .invalidFormToken {
                return .showPage
            } catch {
                return .refused(status: 403, message: render(error))
            }
            return .showPage
        }
        let form: WebForm
        do {
            form = try WebForm(body: body)
            try guardian.check(origin: origin, fetchSite: fetchSite, host: host, token: form.value("token"), expectedToken: session.token)
        } catch {
            let status = if case .bodyTooLarge = error { 413 } else { 403 }
            return .refused(status: status, message: render(error))
        }
        guard form.value("screen") == String(session.version) else {
            session.pendingError = render(WebError.pageOutOfDate)
            return .outOfDate
        }
        do {
            let action = try WebAction(form: form, fieldsOnScreen: Self.fields(of: try session.app.view().screen))
            // The state moves on before the wait: a second form of the same page, sent meanwhile, is out of date.
            session.version += 1
            session.acted = true
            try await session.app.apply(action.fills + [action.command])
        } catch {
            session.pendingError = render(error)
        }
        return .showPage
    }

    private static func fields(of screen: Screen) -> [String: String] {
        var fields: [String: String] = [:]
        for case .textField(let id, _, let text) in screen.elements { fields[id] = text }
        return fields
    }
}
