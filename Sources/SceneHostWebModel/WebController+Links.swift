@_spi(SceneHost) import SceneSDK
import SceneHostCore
import SceneHostNavigation
import SceneHostSessions
import SceneHostWorkers
import SceneHostFrontend

extension WebController {
    // MARK: First actions

    /// A post from a browser without a session: from the start page (or a deep link's page), it
    /// makes the session and applies the action to its initial (or linked) scene.
    package func firstAction(_ request: Posted, endedSession: Bool) async -> WebReply {
        let context = request.context
        do {
            try guardian.check(
                origin: context.origin, fetchSite: context.fetchSite, host: context.host,
                token: request.form.value("token"), expectedToken: await store.startToken)
        } catch .invalidFormToken where endedSession {
            // A form of a session that ended: the start page tells its user.
            return .redirect("/")
        } catch {
            return .refusal(403, ErrorMessage.render(error))
        }
        let link: String?
        switch request.target {
        case .start: link = nil
        case .other(let path): link = path
        case .screen: return .redirect("/")
        }
        guard request.form.value("screen") == "0" else { return .redirect("/") }
        let session: WebSession
        do {
            session = try await store.create(client: context.client)
        } catch let error as WebError {
            return .refusal(newSession: error)
        } catch {
            return failed(error)
        }
        return await firstAction(request, link: link, in: session)
    }

    /// The first action, in the session it just made, on its owner.
    private func firstAction(_ request: Posted, link: String?, in session: isolated WebSession) async -> WebReply {
        let problems = Self.textProblems(in: request.form, on: nil)
        if !problems.isEmpty {
            // Nothing to apply: the session's first page shows the problems (and the texts) at once.
            session.pendingError = Self.unkeepableNotice(problems)
            session.guards.offered = Self.typed(in: request.form)
            session.guards.problems = problems
        }
        var refused: WebReply?
        let reply = await claimed(session, request: request, tries: Int.max - 1) {
            if let link {
                let opened = await open(link, in: session)
                guard opened.status == 303 else {
                    refused = opened
                    return
                }
            }
            guard session.guards.problems.isEmpty else { return }
            await act(request.form, on: session, at: session.screens.count - 1)
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
    ///
    /// An opening that ends the scene worker counts against `client` (`WebLinkFaults`): past
    /// `[host] faults-per-session` within a minute, its GETs of that plugin's links are refused (429
    /// with Retry-After) before any worker is asked, while everyone else's go on.
    func linkPage(_ link: String, session: WebSession?, client: String) async -> WebReply {
        let plugin = await store.plugin(ofLink: link)
        if let plugin, let closed = await store.linkRefusal(client: client, plugin: plugin) {
            let error = WebError.linksClosedToClient(
                plugin: plugin, faults: closed.faults, retryAfter: closed.retryAfter)
            return .refusal(
                429, text.describe(error, plain: WebUserText.linkClosed(retryAfter: closed.retryAfter)),
                retryAfter: closed.retryAfter)
        }
        do {
            let (screen, layers, slots, titles) = try await store.preview(link: link, client: client)
            let token = if let session { session.token } else { await store.startToken }
            return .page(
                WebPage.preview(
                    screen: screen, layers: layers, slots: slots, titles: titles, token: token, error: nil,
                    formAction: "/" + link))
        } catch let error as LinkError {
            return .refusal(404, text.describe(error, plain: WebUserText.noSuchPage))
        } catch {
            if let refusal = Self.linkRefusal(error) { return .refusal(404, text.describe(error, plain: refusal)) }
            if let plugin, (error as? WorkerError)?.requestEndedItsWorker == true {
                await store.noteLinkFault(client: client, plugin: plugin)
            }
            return failed(error)
        }
    }

    /// A post from a deep link's page in a browser with a session: the link replaces the session's
    /// stacks (as `run --open` starts there), then the action applies to the linked screen.
    func linkAction(_ request: Posted, link: String, session: isolated WebSession) async -> WebReply {
        let context = request.context
        do {
            try guardian.check(
                origin: context.origin, fetchSite: context.fetchSite, host: context.host,
                token: request.form.value("token"), expectedToken: session.token)
        } catch {
            return .refusal(403, ErrorMessage.render(error))
        }
        while session.isActing { await session.actionEnded() }
        if session.guards.lastForm == request.digest, let location = session.guards.lastLocation {
            return .redirect(location)
        }
        var refused: WebReply?
        let reply = await claimed(session, request: request, tries: Int.max - 1) {
            let opened = await open(link, in: session)
            guard opened.status == 303 else {
                refused = opened
                return
            }
            await act(request.form, on: session, at: session.screens.count - 1)
        }
        return refused ?? reply
    }

    /// Opens `link` in `session`: 404 for a link that names nothing or that its scene refused; a
    /// failed opening changes nothing and is shown on the session's page.
    func open(_ link: String, in session: isolated WebSession) async -> WebReply {
        do {
            try await session.app.open(link: link)
            await Self.awaitQuickWork(of: session.app)
        } catch let error as LinkError {
            return .refusal(404, text.describe(error, plain: WebUserText.noSuchPage))
        } catch {
            if let refusal = Self.linkRefusal(error) { return .refusal(404, text.describe(error, plain: refusal)) }
            session.pendingError = text.describe(error, plain: WebUserText.actionFailed(error))
        }
        do {
            try await session.refresh(actedAt: -1)
        } catch {
            session.pendingError = text.describe(error, plain: WebUserText.sessionLost)
            await store.drop(session)
        }
        return .redirect(session.url(at: max(0, session.screens.count - 1)))
    }

    /// The user's sentence of a deep link its scene's link function refused (`LinkRefusal`), in this
    /// process or a scene worker; nil for every other error. Such a link names nothing: a 404.
    static func linkRefusal(_ error: any Error) -> String? {
        if case .linkRefused(_, _, let message)? = error as? NavigationError { return message }
        if case .remote(let failure)? = error as? WorkerError { return failure.linkRefusal }
        return nil
    }
}
