@_spi(SceneHost) import SceneSDK
import SceneHostCore
import SceneHostFrontend
import SceneHostSessions
import SceneHostWorkers
import CoreMetrics

extension WebController {
    /// What a form post sent, besides its body: the headers the cross-site check reads and the
    /// client's address (for the caps on sessions).
    package struct PostContext: Sendable {
        package let origin: String?
        package let fetchSite: String?
        package let host: String?
        package let client: String

        package init(origin: String?, fetchSite: String?, host: String?, client: String) {
            self.origin = origin
            self.fetchSite = fetchSite
            self.host = host
            self.client = client
        }
    }

    /// Applies a form post sent to `path` by the browser whose session cookie is `cookie`.
    /// Waits for the session's scenes (in their worker) without holding up other sessions.
    package func post(path: String, sessionID cookie: String?, body: [UInt8], context: PostContext) async -> WebReply {
        let form: WebForm
        do {
            form = try WebForm(body: body)
        } catch {
            let status = if case .bodyTooLarge = error { 413 } else { 400 }
            return .refusal(status, ErrorMessage.render(error))
        }
        let request = Posted(form: form, target: WebPath(path), path: path, cookie: cookie, context: context)
        return await post(request, verified: false, tries: 0)
    }

    /// One form post, as it came.
    package struct Posted: Sendable {
        let form: WebForm
        let target: WebPath
        let path: String
        let cookie: String?
        let context: PostContext

        /// What identifies the form as sent: the path, and every field in order (its token, the
        /// screen's stamp, texts and action). Equal digests: the same form sent again. A secure
        /// field counts only as typed or not: the digest is kept in the session's store, and a hash
        /// of a short secret (a PIN) could be guessed back from it.
        var digest: String {
            var canonical = path.utf8.count.description + ":" + path
            for field in form.fields {
                let value = field.name.hasPrefix("secret.") ? (field.value.isEmpty ? "" : "(typed)") : field.value
                canonical +=
                    "|" + field.name.utf8.count.description + ":" + field.name + value.utf8.count.description + ":"
                    + value
            }
            return SessionKey(secret: canonical).hex
        }
    }

    /// The most times one post is looked at again (after waiting for an action under way, or
    /// against the session built again from the store) before it is answered as out of date.
    private static let maximumTries = 4

    /// `verified` false: this instance's copy of the session is trusted without asking the store (one
    /// request fewer per action); the claim compares the state number, and when it says this copy was
    /// out of date, the post is looked at once more against the session built again from the store.
    package func post(_ request: Posted, verified: Bool, tries: Int) async -> WebReply {
        let session: WebSession
        switch await resolve(request.cookie, verify: verified) {
        case .session(let found, .current):
            session = found
        case .session(let found, .previous):
            return await postWithReplacedSecret(request, to: found)
        case .session(_, .none), .none:
            return await firstAction(request, endedSession: request.cookie != nil)
        case .ended:
            return await firstAction(request, endedSession: true)
        case .unavailable(let error, _):
            return .refusal(503, text.describe(error, plain: WebUserText.storeDown))
        }
        if case .other(let link) = request.target { return await linkAction(request, link: link, session: session) }
        return await post(request, to: session, verified: verified, tries: tries)
    }

    /// A form sent before its browser had the session's new secret: only a repeat of the form just
    /// applied (or just tried, here: a double click on an action that failed) is answered with its
    /// result, and the new secret.
    private func postWithReplacedSecret(_ request: Posted, to found: isolated WebSession) async -> WebReply {
        if found.guards.lastForm == request.digest || found.lastAttempt == request.digest,
            let location = found.guards.lastLocation
        {
            return .redirect(location, cookie: found.secret.isEmpty ? .keep : .set(sessionID: found.cookie))
        }
        // Any other form of the session was sent before the action that replaced the secret was
        // answered: a second tab's, posted at the same moment, which lost to it. It is out of date and
        // answered as every stale form is (the notice naming what was not saved, its texts offered
        // back), never applied, and without the new secret (the browser has it from the other
        // answer; a planted cookie's owner, who holds the old secret too, is given nothing to read).
        guard
            (try? guardian.check(
                origin: request.context.origin, fetchSite: request.context.fetchSite, host: request.context.host,
                token: request.form.value("token"), expectedToken: found.token)) != nil
        else {
            return .redirect(Self.pageURL(of: request.target))
        }
        return await refuseStale(request, session: found)
    }

    /// The post to a screen of `session`, on its owner: the actions of one session take turns there.
    private func post(_ request: Posted, to session: isolated WebSession, verified: Bool, tries: Int) async -> WebReply
    {
        do {
            try guardian.check(
                origin: request.context.origin, fetchSite: request.context.fetchSite, host: request.context.host,
                token: request.form.value("token"), expectedToken: session.token)
        } catch {
            return .refusal(403, ErrorMessage.render(error))
        }
        // The same form again (a double click, a repeat after an answer that was lost): its result.
        if session.guards.lastForm == request.digest, let location = session.guards.lastLocation, !session.isActing {
            return .redirect(location)
        }
        guard await sync(session) else { return .redirect("/") }
        // A form of the start page (sent before this session began) or of a screen not open now, or
        // of an older state of one, or sent while another action of the session is under way.
        // (A container's own page is never shown: a form naming one is of no page of the session.)
        guard case .screen(let segments) = request.target, let depth = session.depth(of: segments), !session.isActing,
            request.form.value("screen") == String(session.screens[depth].stamp), session.commandsBack(to: depth) != nil
        else {
            guard tries < Self.maximumTries else { return await refuseStale(request, session: session) }
            if session.isActing {
                // Looked at again once that action ended: it may be this very form, sent twice.
                await session.actionEnded()
                return await post(request, verified: verified, tries: tries + 1)
            }
            // This copy may be out of date (another instance moved on): ask the store before refusing.
            if !verified, store.shared { return await post(request, verified: true, tries: tries + 1) }
            return await refuseStale(request, session: session)
        }
        if let refused = await refuseUnkeepableText(request, session: session, at: depth) { return refused }
        return await claimed(session, request: request, tries: tries) {
            await act(request.form, on: session, at: depth)
        }
    }

    /// A stale form: nothing applied; a redirect to the current screen, whose page says what was
    /// not applied and offers back what was typed (so the URL matches the screen, and Reload never posts).
    func refuseStale(_ request: Posted, session: isolated WebSession) async -> WebReply {
        store.counters.actionsStale.increment()
        let title = Self.title(of: request.form)
        let typed = Self.typed(in: request.form)
        let what =
            typed.isEmpty ? "Your last action on \(title) was not applied" : "Your changes on \(title) were not saved"
        // Who moved on: an action since the form's page (another tab's), or the app's own work (a
        // countdown that routed back): said as it happened, never a tab that does not exist.
        let byItself = session.movedByItself(since: Int(request.form.value("screen") ?? ""))
        let notice =
            "notice: \(what): "
            + (byItself ? "the app moved on by itself meanwhile." : "another tab or window moved the app on.")
            + " This is the current screen" + (typed.isEmpty ? "." : "; what you typed is shown below, to copy.")
        await tell(session, notice: notice, offered: typed, problems: [])
        return .redirect(session.url(at: session.screens.count - 1))
    }

    /// A form whose text cannot be kept (a control character, or more than its field takes):
    /// nothing applied; the field's problem is shown on the screen it came from, and what was typed
    /// is offered back intact.
    private func refuseUnkeepableText(
        _ request: Posted, session: isolated WebSession, at depth: Int
    ) async -> WebReply? {
        let screen = session.screens[depth].lastScreen
        let problems = Self.textProblems(in: request.form, on: screen)
        guard !problems.isEmpty else { return nil }
        await tell(
            session, notice: Self.unkeepableNotice(problems), offered: Self.typed(in: request.form, on: screen),
            problems: problems)
        return .redirect(Self.pageURL(of: request.target))
    }

    /// The problem of each text of `form` that cannot be kept (more than its field takes, a control
    /// character), at its field, labelled as `screen` labels it (by its id without a screen).
    static func textProblems(in form: WebForm, on screen: Screen?) -> [SessionGuards.Offered] {
        var problems: [SessionGuards.Offered] = []
        let label = { (id: String) in screen.map { Self.label(of: id, on: $0) } ?? id }
        for (name, length, limit) in form.tooLong {
            let id = String(name.drop { $0 != "." }.dropFirst())
            problems.append(
                SessionGuards.Offered(
                    field: id, label: label(id),
                    text:
                        "This text is \(length) characters long, and this field takes at most \(limit). Shorten it and try again."
                ))
        }
        for (name, value) in form.fields where !form.tooLong.contains(where: { $0.name == name }) {
            guard let (id, problem) = WebFieldCheck.problem(inFormField: name, value: value) else { continue }
            problems.append(SessionGuards.Offered(field: id, label: label(id), text: problem))
        }
        return problems
    }

    /// What the page says over `problems`: nothing was changed, and which texts.
    static func unkeepableNotice(_ problems: [SessionGuards.Offered]) -> String {
        let names = problems.map { "“\($0.label)”" }.joined(separator: ", ")
        return "error: Nothing was changed: the text of \(names) cannot be kept as typed."
    }

    /// Keeps a one-time notice for the session's next page, in its store too (the next page may be
    /// answered by another instance); when the store is busy with an action, this instance's copy has it.
    private func tell(
        _ session: isolated WebSession, notice: String, offered: [SessionGuards.Offered],
        problems: [SessionGuards.Offered]
    ) async {
        session.pendingError = notice
        session.guards.offered = offered
        session.guards.problems = problems
        await rewrite(session)
    }

    /// Runs `action` on `session` as one step of its stored state: the store's state number is
    /// claimed first (compare-and-set, so a form sent to two instances at once applies once), then the
    /// action runs, the cookie's secret is replaced, and the session is written before the response
    /// leaves. A claim lost to an action under way waits for it and looks at the form again (it may be
    /// the same form, sent twice); a store that fails drops this instance's copy and is a 503.
    package func claimed(
        _ session: isolated WebSession, request: Posted, tries: Int, _ action: () async -> Void
    ) async -> WebReply {
        // Marked before the claim: a second request of this session waits from here, not only once the action runs.
        session.isActing = true
        do {
            let outcome = try await store.claim(session)
            guard outcome == .claimed else {
                session.endAction()
                await store.forget(session)
                guard tries < Self.maximumTries else { return await refuseAfterLostClaim(request) }
                if case .lost(let current?) = outcome, !current.isMultiple(of: 2) || current == session.state {
                    // Another action is under way, and its holder runs (`store.claim` took over any other):
                    // wait until the store is at rest again.
                    guard await store.waitAtRest(session.key, leaving: current) else {
                        return .refusal(409, WebError.actionUnderWay.message)
                    }
                }
                // Looked at again against the session as the store holds it now: the form applies if it
                // still fits it; else it is stale (`refuseStale`), told as such with its texts offered back.
                return await post(request, verified: true, tries: tries + 1)
            }
        } catch {
            session.endAction()
            return .refusal(503, text.describe(error, plain: WebUserText.storeDown))
        }
        defer { session.endAction() }
        await store.reached(.claimed)
        // Its faults count as its client's: new sessions of one client never make "many users".
        session.app.attribute(to: session.client)
        await action()
        await store.reached(.applied)
        // Its scenes are gone (dropped while it acted): nothing to keep; the start page says why
        // (the cookie forgets the session, so a redirect could only say it ended).
        guard await store.holds(session) else {
            await store.letGo(session)
            guard let message = session.pendingError else { return .redirect("/") }
            return await startPage(error: message, cookie: .clear)
        }
        let location = session.url(at: max(0, session.screens.count - 1))
        session.rotate(now: store.wallNow)
        // Only an action that went through is answered as done when its form comes again; one that
        // failed (a crash, a refused link) is tried again, as its user asks.
        session.guards.lastForm = session.pendingError == nil ? request.digest : nil
        session.guards.lastLocation = location
        session.lastAttempt = request.digest
        do {
            guard try await persist(session) else {
                await store.forget(session)
                return .refusal(409, WebError.actionTakenOver.message)
            }
        } catch {
            await store.forget(session)
            return .refusal(503, text.describe(error, plain: WebError.actionNotKept.message.droppingPrefix))
        }
        await store.reached(.written)
        await publish(session)
        store.counters.actionsApplied.increment()
        return .redirect(location, cookie: .set(sessionID: session.cookie))
    }

    /// A post whose claims kept losing: answered as stale against the store's session (with the
    /// session's current secret, or the one the action it lost to replaced).
    private func refuseAfterLostClaim(_ request: Posted) async -> WebReply {
        switch await resolve(request.cookie) {
        case .session(let current, .current), .session(let current, .previous):
            return await refuseStale(request, session: current)
        case .session(_, .none), .none, .ended, .unavailable:
            // The session is gone, or the store does not answer: the start page says which.
            return .redirect("/")
        }
    }

    /// Brings the screen at `depth` back on top when it is not, fills the fields the form changed
    /// and runs its command; then reads the stacks again.
    package func act(_ form: WebForm, on session: isolated WebSession, at depth: Int) async {
        session.actions += 1
        var applied: [FrontendCommand] = []
        var failure: (any Error)?
        do {
            let action = try WebAction(form: form, screen: session.screens[depth].lastScreen)
            // A screen still loading (a session just rebuilt from the store) is given its moment first.
            await Self.awaitQuickWork(of: session.app)
            try await session.app.apply((session.commandsBack(to: depth) ?? []) + action.fills + [action.command])
            applied = action.fills
            await Self.awaitQuickWork(of: session.app)
        } catch let error as WebError {
            session.pendingError = error.message
        } catch {
            failure = error
            session.pendingError = text.describe(error, plain: WebUserText.actionFailed(error))
        }
        do {
            try await session.refresh(actedAt: depth)
            session.keepFilled(applied, at: depth)
        } catch {
            // A session its own faults ended keeps that message: it says why, and what to do.
            if case WorkerError.sessionEndedForFaults? = failure as? WorkerError {
            } else {
                session.pendingError = text.describe(error, plain: WebUserText.sessionLost)
            }
            await store.drop(session)
        }
    }

    // MARK: Helpers

    /// How long an action waits for the `perform` work it started (a list's load after Back, a save).
    static let quickWorkLimit: Duration = .milliseconds(250)

    /// Waits up to `quickWorkLimit` for the work an action started to end, so the page the action
    /// redirects to shows its result (without JavaScript too) when it is quick. Nothing is held up
    /// meanwhile: the wait is for the worker's unasked report (`AppSession.change`), not a request.
    /// Slower work shows its progress; the page follows it (live), or the next load shows the result.
    static func awaitQuickWork(of app: any AppSession) async {
        let clock = ContinuousClock()
        let deadline = clock.now + quickWorkLimit
        while await app.isSettling {
            let left = deadline - clock.now
            guard left > .zero else { return }
            _ = await app.change(after: app.changeCount, within: left)
        }
    }

    /// The URL a GET of the post's target shows (a deep link's, a screen's, or the start).
    static func pageURL(of target: WebPath) -> String {
        switch target {
        case .start: "/"
        case .screen(let segments): WebPath.url(of: segments)
        case .other(let link): "/" + link
        }
    }

    /// The page's title as its form sent it (`title`), quoted; "that page" without one.
    package static func title(of form: WebForm) -> String {
        guard let title = form.value("title"), !title.isEmpty, WebFieldCheck.problem(in: title) == nil else {
            return "that page"
        }
        return "“" + String(title.prefix(200)) + "”"
    }

    /// The texts a form sent, to offer back: each non-empty text field and text area, named as its
    /// page named it. Never a secure field's (`secret.ID`): a secret is not shown back.
    package static func typed(in form: WebForm, on screen: Screen? = nil) -> [SessionGuards.Offered] {
        form.fields.compactMap { name, value in
            guard !value.isEmpty,
                let id = ["field.", "area."].lazy.compactMap({
                    name.hasPrefix($0) ? String(name.dropFirst($0.count)) : nil
                }).first
            else { return nil }
            let label = form.value("label." + id) ?? screen.map { Self.label(of: id, on: $0) } ?? id
            // Shown, never applied: a control character is made visible rather than kept (a text
            // area's line breaks and tabs are its text, and stay).
            let area = name.hasPrefix("area.")
            let shown = String(
                String.UnicodeScalarView(
                    value.unicodeScalars.map {
                        WebFieldCheck.problem(in: String($0), inArea: area) == nil ? $0 : "\u{FFFD}"
                    }))
            return SessionGuards.Offered(field: id, label: String(label.prefix(200)), text: shown)
        }
    }

    /// An input's name for people on `screen`: its label, else a text field's placeholder, else its id.
    package static func label(of id: String, on screen: Screen) -> String {
        screen.element(id: id)?.fieldLabel ?? id
    }
}

extension String {
    /// The message without its leading "error: " or "notice: ".
    var droppingPrefix: String {
        for prefix in ["error: ", "notice: "] where hasPrefix(prefix) { return String(dropFirst(prefix.count)) }
        return self
    }
}
