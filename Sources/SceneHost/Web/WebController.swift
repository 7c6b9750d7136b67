@_spi(SceneHost) import SceneSDK

/// What `scene-host serve` does with a request, without HTTP: find the session, show the page of
/// the screen a URL names, apply a form post to the screen it came from. The HTTP layer
/// (SceneHostWeb) only translates.
///
/// A GET never changes the app: a screen's URL shows the screen on top, or an earlier screen of
/// the stack as it was last shown (the browser's Back). Posts follow post/redirect/get: a post
/// from the screen on top applies to it; from an earlier screen it first goes back to it (results
/// handed back as the app's back does), then applies; from a screen no longer open, or an older
/// state of one, it applies nothing (409). The redirect goes to the URL of the screen then on
/// top. A failed action leaves the session as it was (its guarantee) and its message is shown once.
@MainActor
public struct WebController {
    public let store: WebSessionStore
    let guardian = WebRequestGuard()

    public init(store: WebSessionStore) {
        self.store = store
    }

    // MARK: Pages

    /// The page at `path` for the browser whose cookie names `sessionID`.
    public func get(path: String, sessionID: String?) async -> WebReply {
        let target = WebPath(path)
        let session: WebSession
        switch await store.resolve(id: sessionID) {
        case .session(let found):
            session = found
        case .none:
            if case .other(let link) = target { return await linkPage(link, session: nil) }
            return await startPage(error: nil, cookie: .keep)
        case .ended(let notice):
            if case .other(let link) = target { return await linkPage(link, session: nil) }
            // A screen of a session that is gone: the start page says so (and forgets the cookie).
            if case .screen = target, notice == nil { return .redirect("/") }
            return await startPage(error: notice ?? WebError.sessionEnded.message, cookie: .clear)
        case .unavailable(let error, let cached):
            guard let cached else { return .refusal(503, ErrorMessage.render(error)) }
            // The last copy this instance holds, marked: better than no page while the store is away.
            cached.pendingError = WebError.storeDownShowingCache.message
            let depth: Int = if case .screen(let names) = target { cached.depth(of: names) ?? cached.screens.count - 1 } else { 0 }
            return .page(WebPage.make(for: cached, depth: max(0, depth)))
        }
        if case .other(let link) = target { return await linkPage(link, session: session) }
        guard await sync(session) else { return await startPage(error: session.pendingError, cookie: .clear) }
        switch target {
        case .start, .other:
            // `/` is where the first screen was shown before the session began: the browser's Back
            // from the second screen lands here, so it shows the first screen, as any earlier page.
            let page = WebPage.make(for: session, depth: 0)
            store.publish(session)
            return .page(page)
        case .screen(let names):
            guard let depth = session.depth(of: names) else {
                // A session just built again keeps the note that says why the screen is gone (its stack was cut).
                if !session.justRebuilt { session.pendingError = WebError.screenNoLongerOpen(path: WebPath.url(of: names)).message }
                return .redirect(session.url(at: session.screens.count - 1))
            }
            let page = WebPage.make(for: session, depth: depth)
            store.publish(session)
            return .page(page)
        }
    }

    // MARK: Actions

    /// What a form post sent, besides its body: the headers the cross-site check reads and the
    /// client's address (for the per-client cap on sessions).
    public struct PostContext: Sendable {
        public let origin: String?
        public let fetchSite: String?
        public let host: String?
        public let client: String

        public init(origin: String?, fetchSite: String?, host: String?, client: String) {
            self.origin = origin
            self.fetchSite = fetchSite
            self.host = host
            self.client = client
        }
    }

    /// Applies a form post sent to `path` by the browser whose cookie names `sessionID`.
    /// Waits for the session's scenes (in their worker) without holding up other sessions.
    public func post(path: String, sessionID: String?, body: [UInt8], context: PostContext) async -> WebReply {
        let form: WebForm
        do {
            form = try WebForm(body: body)
        } catch {
            let status = if case .bodyTooLarge = error { 413 } else { 400 }
            return .refusal(status, ErrorMessage.render(error))
        }
        return await post(form, to: WebPath(path), sessionID: sessionID, context: context, verified: false)
    }

    /// `verified` false: this instance's copy of the session is trusted without asking the store (one
    /// request fewer per action); the claim compares the state number, and when it says this copy was
    /// out of date before the form came, or the form does not match the copy, the post is looked at once
    /// more against the session built again from the store (`verified` true). A claim lost to an
    /// action under way is refused, never retried, so one form sent to two instances applies once.
    private func post(_ form: WebForm, to target: WebPath, sessionID: String?, context: PostContext, verified: Bool) async -> WebReply {
        let session: WebSession
        switch await store.resolve(id: sessionID, verify: verified) {
        case .session(let found):
            session = found
        case .none, .ended:
            return await firstAction(form, to: target, endedSession: sessionID != nil, context: context)
        case .unavailable:
            return .refusal(503, WebError.storeDown.message)
        }
        if case .other(let link) = target { return await linkAction(form, link: link, session: session, context: context) }
        do {
            try guardian.check(origin: context.origin, fetchSite: context.fetchSite, host: context.host,
                               token: form.value("token"), expectedToken: session.token)
        } catch {
            return .refusal(403, ErrorMessage.render(error))
        }
        guard await sync(session) else { return .redirect("/") }
        // A form of the start page (sent before this session began) or of a screen not open now, or
        // of an older state of one, or sent while another action of the session is under way.
        guard case .screen(let names) = target, let depth = session.depth(of: names), !session.isActing,
              form.value("screen") == String(session.screens[depth].stamp) else {
            // This copy may be out of date (another instance moved on): ask the store before refusing.
            if !verified, store.shared, !session.isActing { return await post(form, to: target, sessionID: sessionID, context: context, verified: true) }
            return outOfDate(session)
        }
        let again: (() async -> WebReply)? = verified ? nil : {
            await self.post(form, to: target, sessionID: sessionID, context: context, verified: true)
        }
        return await claimed(session, outOfDateCopy: again) {
            await act(form, on: session, at: depth)
        }
    }

    /// The 409 page of a form that applies nothing: the current screen, with the notice.
    private func outOfDate(_ session: WebSession) -> WebReply {
        store.counters.actionsStale.increment()
        session.pendingError = WebError.pageOutOfDate.message
        return .page(WebPage.make(for: session), status: 409)
    }

    /// Runs `action` on `session` as one step of its stored state: the store's state number is
    /// claimed first (compare-and-set, so a form sent to two instances at once applies once), then the
    /// action runs, then the session is written before the response leaves. A lost claim is a 409; a
    /// store that fails drops this instance's copy (the session is what the store holds) and is a 503.
    private func claimed(_ session: WebSession, cookie: WebReply.Cookie = .keep, outOfDateCopy: (() async -> WebReply)? = nil,
                         _ action: () async -> Void) async -> WebReply {
        do {
            let outcome = try await store.claim(session)
            guard outcome == .claimed else {
                store.forget(session)
                // This copy was out of date before the form came (the store was at rest at another
                // state): the form is looked at once more against the session as the store holds it.
                if case .lost(let current?) = outcome, current.isMultiple(of: 2), current != session.state, let outOfDateCopy {
                    return await outOfDateCopy()
                }
                // Another request has an action of the session under way, or moved it on first.
                if case .session(let current) = await store.resolve(id: session.id) { return outOfDate(current) }
                return .redirect("/")
            }
        } catch {
            return .refusal(503, WebError.storeDown.message)
        }
        // Its faults count as its client's: new sessions of one client never make "many users".
        (session.app as? PooledSession)?.session.attribute(to: session.client)
        await action()
        // Its scenes are gone (dropped while it acted): nothing to keep; the start page says why
        // (the cookie forgets the session, so a redirect could only say it ended).
        guard store.holds(session) else {
            guard let message = session.pendingError else { return .redirect("/") }
            return await startPage(error: message, cookie: .clear)
        }
        do {
            guard try await store.persist(session) else {
                store.forget(session)
                return .refusal(409, WebError.pageOutOfDate.message)
            }
        } catch {
            store.forget(session)
            return .refusal(503, WebError.actionNotKept.message)
        }
        store.counters.actionsApplied.increment()
        return .redirect(session.url(at: max(0, session.screens.count - 1)), cookie: cookie)
    }

    /// A post from a browser without a session: from the start page, it makes the session and
    /// applies the action to its initial scene.
    private func firstAction(_ form: WebForm, to target: WebPath, endedSession: Bool, context: PostContext) async -> WebReply {
        do {
            try guardian.check(origin: context.origin, fetchSite: context.fetchSite, host: context.host,
                               token: form.value("token"), expectedToken: store.startToken)
        } catch .invalidFormToken where endedSession {
            // A form of a session that ended: the start page tells its user.
            return .redirect("/")
        } catch {
            return .refusal(403, ErrorMessage.render(error))
        }
        let link: String?
        switch target {
        case .start: link = nil
        case .other(let path): link = path
        case .screen: return .redirect("/")
        }
        guard form.value("screen") == "0" else { return .redirect("/") }
        let session: WebSession
        do {
            session = try await store.create(client: context.client)
        } catch let error as WebError {
            let status = if case .tooManySessions = error { 429 } else { 503 }
            return .refusal(status, ErrorMessage.render(error))
        } catch {
            return .refusal(Self.failureStatus(error), ErrorMessage.render(error))
        }
        var refused: WebReply?
        let reply = await claimed(session, cookie: .set(sessionID: session.id)) {
            if let link {
                let opened = await open(link, in: session)
                guard opened.status == 303 else {
                    refused = opened
                    return
                }
            }
            await act(form, on: session, at: session.screens.count - 1)
        }
        if let refused {
            await store.drop(session)
            return refused
        }
        return reply
    }

    // MARK: Deep links

    /// The page of a deep link (`/orders/2`): what opening it shows, built in a session of its own
    /// and dropped, so the GET changes no one's session. Its form posts to the link: acting there
    /// opens the link in the browser's session (making one on a first action), then applies.
    private func linkPage(_ link: String, session: WebSession?) async -> WebReply {
        do {
            let (screen, layers) = try await store.preview(link: link)
            return .page(WebPage.preview(screen: screen, layers: layers, token: session?.token ?? store.startToken, error: nil, formAction: "/" + link))
        } catch let error as LinkError {
            return .refusal(404, ErrorMessage.render(error))
        } catch {
            return .refusal(500, ErrorMessage.render(error))
        }
    }

    /// A post from a deep link's page in a browser with a session: the link replaces the session's
    /// stacks (as `run --open` starts there), then the action applies to the linked screen.
    private func linkAction(_ form: WebForm, link: String, session: WebSession, context: PostContext) async -> WebReply {
        do {
            try guardian.check(origin: context.origin, fetchSite: context.fetchSite, host: context.host,
                               token: form.value("token"), expectedToken: session.token)
        } catch {
            return .refusal(403, ErrorMessage.render(error))
        }
        guard !session.isActing else { return outOfDate(session) }
        var refused: WebReply?
        let reply = await claimed(session) {
            let opened = await open(link, in: session)
            guard opened.status == 303 else {
                refused = opened
                return
            }
            await act(form, on: session, at: session.screens.count - 1)
        }
        return refused ?? reply
    }

    /// Opens `link` in `session`: 404 for a link that names nothing; a failed opening changes nothing
    /// and is shown on the session's page.
    private func open(_ link: String, in session: WebSession) async -> WebReply {
        do {
            try await session.app.open(link: link)
        } catch let error as LinkError {
            return .refusal(404, ErrorMessage.render(error))
        } catch {
            session.pendingError = ErrorMessage.render(error)
        }
        do {
            try session.refresh(actedAt: -1)
        } catch {
            session.pendingError = ErrorMessage.render(error)
            await store.drop(session)
        }
        return .redirect(session.url(at: max(0, session.screens.count - 1)))
    }

    /// Brings the screen at `depth` back on top when it is not, fills the fields the form changed
    /// and runs its command; then reads the stacks again.
    private func act(_ form: WebForm, on session: WebSession, at depth: Int) async {
        session.actions += 1
        session.isActing = true
        var applied: [FrontendCommand] = []
        do {
            let action = try WebAction(form: form, fieldsOnScreen: Self.fields(of: session.screens[depth].lastScreen))
            try await session.app.apply(session.commandsBack(to: depth) + action.fills + [action.command])
            applied = action.fills
        } catch {
            session.pendingError = ErrorMessage.render(error)
        }
        do {
            try session.refresh(actedAt: depth)
            session.keepFilled(applied, at: depth)
        } catch {
            session.pendingError = ErrorMessage.render(error)
            await store.drop(session)
        }
        session.isActing = false
        store.publish(session)
    }

    /// Reads the session's stacks again (a worker that ended may have restored them, or cut them),
    /// and takes what happened to it that its user has not been told. False when its scenes are
    /// gone: the session is dropped and its last message kept for the start page.
    private func sync(_ session: WebSession) async -> Bool {
        if let notice = session.app.takeNotice() { session.pendingError = ErrorMessage.render(notice) }
        do {
            try session.refresh(actedAt: .max)
            return true
        } catch {
            session.pendingError = ErrorMessage.render(error)
            await store.drop(session)
            return false
        }
    }

    private func startPage(error: String?, cookie: WebReply.Cookie) async -> WebReply {
        do {
            let start = try await store.startScreen()
            return .page(WebPage.start(screen: start.screen, scene: start.scene, token: store.startToken, error: error), cookie: cookie)
        } catch {
            return .refusal(Self.failureStatus(error), ErrorMessage.render(error))
        }
    }

    /// 503 for a failure that passes by itself (a plugin refused for a cooling period, a busy worker), else 500.
    private static func failureStatus(_ error: any Error) -> Int {
        (error as? WorkerError)?.isRetryable == true ? 503 : 500
    }

    private static func fields(of screen: Screen) -> [String: String] {
        var fields: [String: String] = [:]
        for case .textField(let id, _, let text, _, _) in screen.elements { fields[id] = text }
        return fields
    }
}
