import Logging
@_spi(SceneHost) import SceneSDK
import SceneHostSessions
import SceneHostWorkers
import SceneHostFrontend

/// What `scene-host serve` does with a request, without HTTP: find the session, show the page of
/// the screen a URL names, apply a form post to the screen it came from. The HTTP layer
/// (SceneHostWeb) only translates.
///
/// A GET never changes the app: a screen's URL shows the screen on top, or an earlier screen of
/// the stack as it was last shown (the browser's Back). Posts follow post/redirect/get: a post
/// from the screen on top applies to it; from an earlier screen it first goes back to it (results
/// handed back as the app's back does), then applies; the same form sent again (a double click) is
/// answered with where the first went; a form of a screen no longer open, or of an older state of
/// one, applies nothing and is answered with a redirect to the current screen, whose page says what
/// was not applied and offers back what was typed. A failed action leaves the session as it was
/// (its guarantee) and its message is shown once: plain words for the user, the detail in the log.
package struct WebController: Sendable {
    package let store: WebSessionStore
    let guardian = WebRequestGuard()
    package let text: WebUserText

    /// `debugPages` (`serve --debug-pages`) shows the operator's detail of a failure on the page as
    /// well as in `logger`.
    package init(
        store: WebSessionStore,
        logger: Logger = Logger(label: "scene-host.web", factory: { _ in SwiftLogNoOpLogHandler() }),
        debugPages: Bool = false
    ) {
        self.store = store
        self.text = WebUserText(logger: logger, debugPages: debugPages)
    }

    // MARK: Pages

    /// The page at `path` for the browser whose session cookie is `cookie`, from `client` (its address
    /// through trusted proxies, as the caps count it: a deep link's faults count against it; "?" when unknown).
    /// `consuming` false: the page of a live stream, which leaves the once-only messages for the
    /// page the browser loads (`WebPage.make(for:depth:consuming:)`).
    package func get(
        path: String, sessionID cookie: String?, client: String = "?", consuming: Bool = true
    ) async -> WebReply {
        let target = WebPath(path)
        let query = WebPath.query(of: path)
        let session: WebSession
        switch await resolve(cookie) {
        case .session(let found, .current):
            session = found
        case .session(_, .previous):
            // Sent before this browser had the session's new secret (another tab's action under way). A
            // redirect could loop while that answer is away, and the new secret goes only to a repeat of
            // the form that made it (a planted cookie's owner holds the old one too): the user reloads.
            return .refusal(409, WebError.secretRotating.message)
        case .session(_, .none), .none:
            // A cookie that names no session (or with a wrong secret) is of no use to its browser: cleared.
            return await pageWithoutSession(
                target, query: query, notice: nil, client: client, cookie: cookie == nil ? .keep : .clear)
        case .ended(let notice):
            if notice == nil, case .screen = target, WebPath.query(of: path).isEmpty { return .redirect("/") }
            return await pageWithoutSession(
                target, query: query, notice: notice ?? WebError.sessionEnded.message, client: client, cookie: .clear)
        case .unavailable(let error, let cached):
            guard let cached else { return .refusal(503, text.describe(error, plain: WebUserText.storeDown)) }
            return await cachedPage(target, of: cached)
        }
        if case .other(let link) = target { return await linkPage(link, session: session, client: client) }
        return await page(target, path: path, client: client, consuming: consuming, of: session)
    }

    /// The page of `target` in `session`, on its owner.
    private func page(
        _ target: WebPath, path: String, client: String, consuming: Bool, of session: isolated WebSession
    ) async -> WebReply {
        guard await sync(session) else { return await startPage(error: session.pendingError, cookie: .clear) }
        switch target {
        case .start, .other:
            // `/` is where the first screen was shown before the session began: the browser's Back
            // from the second screen lands here, so it shows the first screen, as any earlier page
            // (a container's: the screen shown in it).
            let page = await WebPage.make(
                for: session, depth: WebScreen.shownDepth(session.screens, for: 0), consuming: consuming)
            await forgetShownNotice(session)
            await publish(session)
            return .page(page)
        case .screen(let segments):
            var depth = session.depth(of: segments)
            // A page of a tab not shown now (the browser's Back after the user switched tabs): that tab
            // is shown again, as it was left. Never by a live stream: it follows its page, and a
            // page of the other tab still open in a second browser tab must not switch tabs under the first.
            // When what it names is gone from that tab, the page says so as for any screen no longer open.
            if depth == nil, consuming {
                depth = await showSlots(of: segments, in: session)
            }
            // A URL naming another record than the one this screen shows (a copied URL): its link opens it.
            let query = WebPath.query(of: path)
            if !query.isEmpty, depth.map({ session.screens[$0].query != WebPath.queryText(of: path) }) ?? true,
                let link = WebRecordLink.link(scene: segments.last?.name ?? "", query: query, links: session.app.links)
            {
                return await linkPage(link, session: session, client: client)
            }
            guard let depth else {
                // A session just built again keeps the note that says why the screen is gone (its stack was cut).
                // (A live stream's look leaves no message: the page it followed is its tab's to explain.)
                if consuming, !session.justRebuilt {
                    session.pendingError =
                        WebError.screenNoLongerOpen(title: session.title(ofScene: segments.last?.name ?? "")).message
                }
                return .redirect(session.url(at: session.screens.count - 1))
            }
            // A container's URL (a link of the way there): its page is the screen shown in it.
            if WebScreen.isContainer(session.screens, at: depth) {
                return .redirect(session.url(at: WebScreen.shownDepth(session.screens, for: depth)))
            }
            let page = await WebPage.make(for: session, depth: depth, consuming: consuming)
            await forgetShownNotice(session)
            await publish(session)
            return .page(page)
        }
    }

    /// The last copy this instance holds of a session whose store does not answer, marked: better
    /// than no page while the store is away.
    private func cachedPage(_ target: WebPath, of cached: isolated WebSession) async -> WebReply {
        cached.pendingError = WebError.storeDownShowingCache.message
        let depth: Int =
            if case .screen(let segments) = target { cached.depth(of: segments) ?? cached.screens.count - 1 } else { 0 }
        return .page(await WebPage.make(for: cached, depth: WebScreen.shownDepth(cached.screens, for: max(0, depth))))
    }

    /// The page of a browser without a (live) session: the start page, a deep link's page, or the
    /// link a screen URL's query names (a URL copied from another browser).
    private func pageWithoutSession(
        _ target: WebPath, query: [(name: String, value: String)], notice: String?, client: String,
        cookie: WebReply.Cookie = .keep
    ) async -> WebReply {
        switch target {
        case .other(let link):
            return await linkPage(link, session: nil, client: client)
        case .screen(let segments):
            if let link = WebRecordLink.link(scene: segments.last?.name ?? "", query: query, links: await store.links())
            {
                return await linkPage(link, session: nil, client: client)
            }
            return notice == nil ? .redirect("/") : await startPage(error: notice, cookie: cookie)
        case .start:
            return await startPage(error: notice, cookie: cookie)
        }
    }

    /// What a request's cookie names now, and how its secret stands.
    package enum Found: Sendable {
        case session(WebSession, WebSession.SecretMatch)
        case none
        case ended(notice: String?)
        case unavailable(SessionStoreError, cached: WebSession?)
    }

    /// The session `cookie` (`ID.SECRET`) names, checked against its secret.
    package func resolve(_ cookie: String?, verify: Bool = true) async -> Found {
        guard let cookie else { return .none }
        let (id, secret) = WebCookie.split(cookie)
        switch await store.resolve(id: id, verify: verify) {
        case .session(let session):
            // A session built again from the store learns its secret from the first request that shows it.
            let match = await session.check(secret: secret, now: store.wallNow)
            // This instance's copy may be behind the store (another instance rotated the secret): asked again.
            if match != .current, !verify, store.shared { return await resolve(cookie, verify: true) }
            return .session(session, match)
        case .none: return .none
        case .ended(let notice): return .ended(notice: notice)
        case .unavailable(let error, let cached): return .unavailable(error, cached: cached)
        }
    }

    // MARK: Shared steps

    /// Reads the session's stacks again (a worker that ended may have restored them, or cut them),
    /// and takes what happened to it that its user has not been told. False when its scenes are
    /// gone: the session is dropped and its last message kept for the start page.
    func sync(_ session: isolated WebSession) async -> Bool {
        // Background work may have changed a screen since the last action: the worker is asked
        // for the session as it is now (only when its last report said work was running).
        if let failures = try? await session.app.settle(within: .zero), let failure = failures.last {
            session.pendingError = text.describe(failure, plain: WebUserText.notice(failure), kind: .notice)
        }
        if let notice = await session.app.takeNotice() {
            session.pendingError = text.describe(notice, plain: WebUserText.notice(notice), kind: .notice)
        }
        do {
            try await session.refresh(actedAt: .max)
            return true
        } catch {
            session.pendingError = text.describe(error, plain: WebUserText.sessionLost)
            await store.drop(session)
            return false
        }
    }

    /// Makes the session's snapshot what its pages show now (`WebSessionStore.publish`).
    func publish(_ session: isolated WebSession) async {
        await store.publish(session, session.snapshot(checked: store.shared), cookie: session.cookie)
    }

    /// A page just showed the message the store's row held: the row forgets it too (written as an
    /// action would be, by claim and write), so no instance shows it again from the row. Left for the
    /// next write when an action is under way, or when the store does not answer (the message may then
    /// be shown once more, never lost).
    private func forgetShownNotice(_ session: isolated WebSession) async {
        guard session.rowHoldsNotice, session.pendingError == nil, session.guards.offered.isEmpty,
            session.guards.problems.isEmpty
        else { return }
        await rewrite(session)
    }

    /// Writes `session` as this instance holds it now, outside an action (a notice to keep for its next
    /// page, or one a page showed and the row must forget), by claim and write as an action is, unless
    /// an action of it is under way here: that action's write carries it. A claim lost or a store that
    /// does not answer leaves it for the next write (a notice is then only on this instance's copy, or
    /// shown once more); the session is as the store holds it.
    func rewrite(_ session: isolated WebSession) async {
        guard store.shared, !session.isActing else { return }
        session.isActing = true
        defer { session.endAction() }
        do {
            guard try await store.claim(session) == .claimed else { return }
            _ = try await persist(session)
        } catch {
            // Counted by `claim` and `persist`; see above.
        }
    }

    /// Writes the session as its owner holds it now, after the action whose claim it holds
    /// (`WebSessionStore.persist`): false when the store no longer holds the state it claimed.
    func persist(_ session: isolated WebSession) async throws(SessionStoreError) -> Bool {
        let now = store.wallNow
        let row = await session.row(state: session.state + 1, now: now)
        return try await store.persist(session, row: row, now: now)
    }

    func startPage(error: String?, cookie: WebReply.Cookie) async -> WebReply {
        do {
            let start = try await store.startScreen()
            var page = WebPage.start(
                screen: start.screen, scene: start.scene, token: await store.startToken, error: error)
            page.live = start.live
            return .page(page, cookie: cookie)
        } catch {
            return failed(error)
        }
    }

    /// The refusal of a page or session that could not be made: 503 for a failure that passes by itself
    /// (a plugin refused for a cooling period, with when it is tried again; a busy worker), else 500.
    /// Every 500 is logged as an error with its cause (`WebUserText.describe`).
    package func failed(_ error: any Error) -> WebReply {
        guard let fault = error as? WorkerError, fault.isRetryable else {
            return .refusal(500, text.describe(error, plain: WebUserText.pageFailed(error), answering: 500))
        }
        let message = text.describe(error, plain: WebUserText.pageFailed(error))
        if case .pluginRefused(_, _, let retryIn) = fault { return .refusal(503, message, retryAfter: max(1, retryIn)) }
        return .refusal(503, message)
    }
}
