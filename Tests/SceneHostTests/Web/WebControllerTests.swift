import Testing
@_spi(SceneHost) @testable import SceneHost
@_spi(SceneHost) import SceneSDK

/// The web frontend's request logic over the real demo plugins: sessions apart, posts applied,
/// errors kept for the page with the state unchanged, forged posts refused before any change.
@MainActor
@Suite("Web controller and sessions")
struct WebControllerTests {
    private func store(limit: Int = 100, clock: @escaping () -> ContinuousClock.Instant = { ContinuousClock.now }) throws -> WebSessionStore {
        let container = SceneContainer()
        try BuiltPlugins.load(["HomeScene", "DetailScene"], into: container)
        let segues = [ProbeScenes.segue(from: "Home", id: "showDetail", to: "Detail")]
        return WebSessionStore(limit: limit, clock: clock) {
            let navigator = Navigator(container: container, segues: segues)
            try navigator.start(at: "Home")
            return navigator
        }
    }

    private func post(_ controller: WebController, _ id: String, token: String, _ fields: String) async -> WebController.PostOutcome {
        let version = controller.store.existing(id: id)?.version ?? 0
        return await controller.post(sessionID: id, body: Array("token=\(token)&screen=\(version)&\(fields)".utf8), origin: "http://h:1",
                                     fetchSite: "same-origin", host: "h:1")
    }

    @Test("two sessions side by side keep their own stacks")
    func sessionsApart() async throws {
        let controller = WebController(store: try store(), render: ErrorMessage.render)
        let (_, first) = try await controller.page(sessionID: nil)
        let (_, second) = try await controller.page(sessionID: nil)
        let one = try #require(first), two = try #require(second)
        #expect(one != two)
        let token = try #require(controller.store.existing(id: one)).token
        #expect(await post(controller, one, token: token, "field.message=Hello&action=tap:showDetail") == .showPage)
        #expect(try await controller.page(sessionID: one).page.breadcrumb.map(\.name) == ["Home", "Detail"])
        #expect(try await controller.page(sessionID: two).page.breadcrumb.map(\.name) == ["Home"])
        #expect(try await controller.page(sessionID: one).page.elements.first { $0.id == "message" }?.text == "Hello")
    }

    @Test("a failed route is shown once on the page, and the stack is unchanged")
    func failedActionInline() async throws {
        let controller = WebController(store: try store(), render: ErrorMessage.render)
        let id = try #require(try await controller.page(sessionID: nil).newSessionID)
        let token = try #require(controller.store.existing(id: id)).token
        #expect(await post(controller, id, token: token, "action=back:Nowhere") == .showPage)
        let page = try await controller.page(sessionID: id).page
        #expect(page.error == "error: there is no scene 'Nowhere' below 'Home' in its stack (Home).")
        #expect(page.breadcrumb.map(\.name) == ["Home"])
        #expect(try await controller.page(sessionID: id).page.error == nil)
    }

    @Test("a post with another session's token, or from another site, changes nothing")
    func forged() async throws {
        let controller = WebController(store: try store(), render: ErrorMessage.render)
        let victim = try #require(try await controller.page(sessionID: nil).newSessionID)
        let attacker = try #require(try await controller.page(sessionID: nil).newSessionID)
        let attackerToken = try #require(controller.store.existing(id: attacker)).token
        let victimToken = try #require(controller.store.existing(id: victim)).token
        guard case .refused(403, _) = await post(controller, victim, token: attackerToken, "action=tap:openDetail") else {
            Issue.record("a foreign token was accepted")
            return
        }
        let crossSite = await controller.post(sessionID: victim, body: Array("token=\(victimToken)&action=tap:openDetail".utf8),
                                        origin: "http://evil.example", fetchSite: "cross-site", host: "h:1")
        #expect(crossSite == .refused(status: 403, message: "error: refused a form post from 'http://evil.example': only this server's own pages may post to it. Open the app at its own address."))
        #expect(try await controller.page(sessionID: victim).page.breadcrumb.map(\.name) == ["Home"])
    }

    @Test("a form from an earlier state of the session (another tab) applies nothing and says so")
    func staleForm() async throws {
        let controller = WebController(store: try store(), render: ErrorMessage.render)
        let id = try #require(try await controller.page(sessionID: nil).newSessionID)
        let session = try #require(controller.store.existing(id: id))
        let stale = "token=\(session.token)&screen=\(session.version)&field.message=old&action=tap:openDetail"
        #expect(await post(controller, id, token: session.token, "field.message=Hi&action=tap:showDetail") == .showPage)
        let outcome = await controller.post(sessionID: id, body: Array(stale.utf8), origin: "http://h:1", fetchSite: "same-origin", host: "h:1")
        #expect(outcome == .outOfDate)
        let page = try await controller.page(sessionID: id).page
        #expect(page.breadcrumb.map(\.name) == ["Home", "Detail"])
        #expect(page.error == "error: this page was out of date (another tab or a later page moved the app on), so nothing was changed. This is the current screen: try again here.")
        #expect(page.elements.first { $0.id == "message" }?.text == "Hi")
    }

    @Test("a flood of anonymous page loads evicts no session its user acted in")
    func floodEvictsNoWork() async throws {
        let controller = WebController(store: try store(limit: 5), render: ErrorMessage.render)
        let worker = try #require(try await controller.page(sessionID: nil).newSessionID)
        let token = try #require(controller.store.existing(id: worker)).token
        #expect(await post(controller, worker, token: token, "field.message=mine&action=tap:showDetail") == .showPage)
        for _ in 0..<50 { _ = try await controller.page(sessionID: nil) }
        #expect(controller.store.count == 5)
        #expect(try await controller.page(sessionID: worker).page.breadcrumb.map(\.name) == ["Home", "Detail"])
    }

    @Test("a cookie of a session that ended starts over and says so, once")
    func endedSession() async throws {
        let controller = WebController(store: try store(), render: ErrorMessage.render)
        let (page, newID) = try await controller.page(sessionID: "0123456789abcdef")
        #expect(newID != nil && newID != "0123456789abcdef")
        #expect(page.error == "notice: your session ended (it was idle for a long time, or the server restarted), so you are back at the start.")
        #expect(page.breadcrumb.map(\.name) == ["Home"])
        #expect(try await controller.page(sessionID: try #require(newID)).page.error == nil)
    }

    @Test("an idle session expires; past the limit the least recently used goes first")
    func expiryAndLimit() async throws {
        var now = ContinuousClock.now
        let sessions = try store(limit: 2, clock: { now })
        let a = try await sessions.session(id: nil).session.id
        now += .seconds(10)
        let b = try await sessions.session(id: nil).session.id
        now += .seconds(10)
        _ = try await sessions.session(id: a)
        let c = try await sessions.session(id: nil).session.id
        #expect(sessions.count == 2)
        #expect(sessions.existing(id: b) == nil)
        #expect(sessions.existing(id: a) != nil && sessions.existing(id: c) != nil)
        now += sessions.idleExpiry + .seconds(1)
        #expect(sessions.existing(id: a) == nil)
        #expect(sessions.count == 0)
    }
}
