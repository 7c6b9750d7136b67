import Testing
@_spi(SceneHost) import SceneSDK
@testable import SceneHostContainer
@testable import SceneHostNavigation
@testable import SceneHostWebModel
import HostTestSupport
import SceneTestSupport

/// The web frontend's request logic over the real demo plugins: sessions made by a first action,
/// never by a page load; screens with their own URLs; earlier pages; stale forms refused;
/// errors kept for the page with the state unchanged; forged posts refused before any change.
@MainActor
@Suite("Web controller and sessions")
struct WebControllerTests {
    static let context = WebController.PostContext(
        origin: "http://h:1", fetchSite: "same-origin", host: "h:1", client: "10.0.0.1")

    private func store(
        limit: Int = 100, perClient: Int = 100, evictionGrace: Duration = .seconds(60),
        clock: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }
    ) throws -> WebSessionStore {
        let container = SceneContainer()
        try BuiltPlugins.load(["HomeScene", "DetailScene"], into: container)
        let segues = [ProbeScenes.segue(from: "Home", id: "showDetail", to: "Detail")]
        return WebSessionStore(limit: limit, perClient: perClient, evictionGrace: evictionGrace, clock: clock) {
            let navigator = Navigator(container: container, segues: segues)
            try navigator.start(at: "Home")
            return navigator
        }
    }

    private func controller(_ store: WebSessionStore? = nil, debugPages: Bool = false) throws -> WebController {
        WebController(store: try store ?? self.store(), debugPages: debugPages)
    }

    /// A first action from the start page: the new session's id (from its cookie) and the reply.
    private func begin(
        _ controller: WebController, _ fields: String, client: String = "10.0.0.1"
    ) async throws -> (id: CookieJar, reply: WebReply) {
        let context = WebController.PostContext(
            origin: "http://h:1", fetchSite: "same-origin", host: "h:1", client: client)
        let reply = await controller.post(
            path: "/", sessionID: nil,
            body: Array("token=\(await controller.store.startToken)&screen=0&\(fields)".utf8), context: context)
        guard case .set(let id) = reply.cookie else {
            throw Failure("no session from the first action: \(reply.status)")
        }
        return (CookieJar(id), reply)
    }

    /// A post from the screen at `path` as its page shows it now.
    private func act(
        _ controller: WebController, _ id: CookieJar, at path: String, _ fields: String
    ) async throws -> WebReply {
        let page = try await self.page(controller, id, path)
        return id.take(
            await controller.post(
                path: path, sessionID: id.cookie,
                body: Array("token=\(page.token)&screen=\(page.stamp)&\(fields)".utf8), context: Self.context))
    }

    private func page(_ controller: WebController, _ id: CookieJar?, _ path: String) async throws -> WebPage {
        let reply = await controller.get(path: path, sessionID: id?.cookie)
        guard case .page(let page) = reply.body else {
            throw Failure("no page at \(path): \(reply.status) \(reply.body)")
        }
        return page
    }

    private func location(_ reply: WebReply) -> String? {
        if case .redirect(let location) = reply.body { return location }
        return nil
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    @Test("page loads make no session; the start page shows the initial scene and posts to /")
    func pageLoadsMakeNoSession() async throws {
        let controller = try controller()
        for _ in 0..<50 {
            let reply = await controller.get(path: "/", sessionID: nil)
            #expect(reply.status == 200 && reply.cookie == .keep)
        }
        #expect(await controller.store.count == 0)
        let start = try await page(controller, nil, "/")
        let startToken = await controller.store.startToken
        #expect(start.title == "Home" && start.formAction == "/" && start.token == startToken)
        #expect(start.elements.first { $0.id == "message" }?.fieldLabel == "Message for Detail")
    }

    @Test("the first action makes the session, applies to its initial scene and redirects to the new screen's URL")
    func firstAction() async throws {
        let controller = try controller()
        let (id, reply) = try await begin(controller, "field.message=Hello&action=tap:showDetail")
        #expect(location(reply) == "/s/Home/Detail")
        #expect(await controller.store.count == 1)
        let detail = try await page(controller, id, "/s/Home/Detail")
        #expect(detail.elements.first { $0.id == "message" }?.text == "Hello")
        #expect(
            detail.breadcrumb.map(\.url) == ["/s/Home", "/s/Home/Detail"]
                && detail.breadcrumb.map(\.isCurrent) == [false, true])
        // `/` was the first screen's page before the session began: it shows that screen, as an earlier page.
        let start = try await page(controller, id, "/")
        #expect(
            start.isEarlier && start.title == "Home" && start.formAction == "/s/Home"
                && start.currentURL == "/s/Home/Detail")
    }

    @Test("two sessions side by side keep their own stacks")
    func sessionsApart() async throws {
        let controller = try controller()
        let one = try await begin(controller, "field.message=Hello&action=tap:showDetail").id
        let two = try await begin(controller, "action=back").id
        #expect(one.id != two.id)
        #expect(try await page(controller, one, "/s/Home/Detail").breadcrumb.map(\.name) == ["Home", "Detail"])
        #expect(try await page(controller, two, "/s/Home").breadcrumb.map(\.name) == ["Home"])
    }

    @Test("an earlier screen's URL shows it as last shown, changes nothing, and an action from it goes back first")
    func earlierPage() async throws {
        let controller = try controller()
        let id = try await begin(controller, "field.message=first&action=tap:showDetail").id
        let earlier = try await page(controller, id, "/s/Home")
        #expect(earlier.isEarlier && earlier.title == "Home" && earlier.currentURL == "/s/Home/Detail")
        #expect(earlier.elements.first { $0.id == "message" }?.text == "first")
        #expect(try await page(controller, id, "/s/Home/Detail").isEarlier == false)
        // The browser's Back, then a new action on Home: Detail is popped, then the action applies.
        let reply = try await act(controller, id, at: "/s/Home", "field.message=second&action=tap:showDetail")
        #expect(location(reply) == "/s/Home/Detail")
        let detail = try await page(controller, id, "/s/Home/Detail")
        #expect(detail.elements.first { $0.id == "message" }?.text == "second")
        #expect(detail.breadcrumb.map(\.name) == ["Home", "Detail"])
    }

    @Test("a URL of a screen no longer open redirects to the current screen with a notice")
    func screenGone() async throws {
        let controller = try controller()
        let id = try await begin(controller, "action=back").id
        let reply = await controller.get(path: "/s/Home/Detail", sessionID: id.cookie)
        #expect(location(reply) == "/s/Home")
        let page = try await page(controller, id, "/s/Home")
        #expect(
            page.error
                == "notice: The page “Detail” is no longer open (the app moved on since), so this is where you are now."
        )
    }

    @Test(
        "a form from an older state of a screen (another tab) applies nothing: a redirect to the current screen, whose page says so and offers the text back"
    )
    func staleForm() async throws {
        let controller = try controller()
        let id = try await begin(controller, "action=back").id
        let tabA = try await page(controller, id, "/s/Home")
        _ = try await act(controller, id, at: "/s/Home", "field.message=Hi&action=tap:showDetail")
        _ = try await act(controller, id, at: "/s/Home/Detail", "action=back")
        // Tab A's form of Home, from before Home went to Detail and back: Home's stamp moved on.
        let stale = await controller.post(
            path: "/s/Home", sessionID: id.cookie,
            body: Array(
                "token=\(tabA.token)&screen=\(tabA.stamp)&title=Home&field.message=old&label.message=Message&action=tap:openDetail"
                    .utf8),
            context: Self.context)
        #expect(stale.status == 303 && location(stale) == "/s/Home" && stale.cookie == .keep)
        let current = try await page(controller, id, "/s/Home")
        #expect(
            current.error
                == "notice: Your changes on “Home” were not saved: another tab or window moved the app on. This is the current screen; what you typed is shown below, to copy."
        )
        #expect(current.offered == [WebPage.Offered(label: "Message", text: "old")])
        #expect(current.breadcrumb.map(\.name) == ["Home"])
        #expect(current.elements.first { $0.id == "message" }?.text == "Hi")
        // Shown once.
        let again = try await page(controller, id, "/s/Home")
        #expect(again.error == nil && again.offered.isEmpty)
        // A form of a screen that is gone (Detail), with no text: its action was not applied.
        let gone = await controller.post(
            path: "/s/Home/Detail", sessionID: id.cookie,
            body: Array("token=\(tabA.token)&screen=999&action=tap:done".utf8), context: Self.context)
        #expect(location(gone) == "/s/Home")
        #expect(
            try await page(controller, id, "/s/Home").error
                == "notice: Your last action on that page was not applied: another tab or window moved the app on. This is the current screen."
        )
    }

    @Test("the same form sent twice (a double click) applies once; the second is answered with where the first went")
    func sameFormTwice() async throws {
        let controller = try controller()
        let id = try await begin(controller, "action=back").id
        let home = try await page(controller, id, "/s/Home")
        let body = Array("token=\(home.token)&screen=\(home.stamp)&field.message=Once&action=tap:showDetail".utf8)
        let old = id.cookie
        async let first = controller.post(path: "/s/Home", sessionID: old, body: body, context: Self.context)
        async let second = controller.post(path: "/s/Home", sessionID: old, body: body, context: Self.context)
        let replies = [await first, await second]
        #expect(
            replies.map(\.status) == [303, 303] && replies.map(location) == ["/s/Home/Detail", "/s/Home/Detail"],
            "\(replies.map(location))")
        // Both carry the session's new secret; the old one no longer reads a page after its grace.
        id.take(replies[0])
        #expect(id.cookie != old)
        let detail = try await page(controller, id, "/s/Home/Detail")
        #expect(detail.breadcrumb.count == 2 && detail.elements.first { $0.id == "message" }?.text == "Once")
        #expect(await controller.store.existing(id: id.id)?.actions == 2)
    }

    @Test(
        "two tabs post one screen's forms at once: one applies; the other, sent with the secret it replaced, is told what was not saved and offered its text"
    )
    func twoTabsAtOnce() async throws {
        let controller = try controller()
        let id = try await begin(controller, "action=back").id
        let home = try await page(controller, id, "/s/Home")
        let old = id.cookie
        func save(_ text: String) async -> WebReply {
            await controller.post(
                path: "/s/Home", sessionID: old,
                body: Array(
                    "token=\(home.token)&screen=\(home.stamp)&title=Home&label.message=Message&field.message=\(text)&action=tap:showDetail"
                        .utf8),
                context: Self.context)
        }
        async let a = save("From%20tab%20A")
        async let b = save("From%20tab%20B")
        let replies = [await a, await b]
        #expect(
            replies.map(\.status) == [303, 303] && replies.map(location) == ["/s/Home/Detail", "/s/Home/Detail"],
            "\(replies.map(\.body))")
        let applied = replies.indices.filter { if case .set = replies[$0].cookie { true } else { false } }
        try #require(applied.count == 1, "exactly one applies: \(replies.map(\.cookie))")
        #expect(replies[1 - applied[0]].cookie == .keep)
        id.take(replies[applied[0]])
        let next = try await page(controller, id, "/s/Home/Detail")
        #expect(
            next.error
                == "notice: Your changes on “Home” were not saved: another tab or window moved the app on. This is the current screen; what you typed is shown below, to copy."
        )
        let (won, lost) = applied[0] == 0 ? ("From tab A", "From tab B") : ("From tab B", "From tab A")
        #expect(next.offered == [WebPage.Offered(label: "Message", text: lost)])
        #expect(next.elements.first { $0.id == "message" }?.text == won && next.breadcrumb.count == 2)
        #expect(await controller.store.existing(id: id.id)?.actions == 2, "one action applied, after the first")
        // A form with the replaced secret and another session's token is not told anything: a bare redirect.
        let forged = await controller.post(
            path: "/s/Home", sessionID: old,
            body: Array("token=x&screen=\(home.stamp)&field.message=Z&action=tap:showDetail".utf8),
            context: Self.context)
        #expect(location(forged) == "/s/Home" && forged.cookie == .keep)
        #expect(try await page(controller, id, "/s/Home/Detail").error == nil)
    }

    @Test(
        "a double click on an action that fails: the second click is answered with the first's result and its error, not as another tab's"
    )
    func sameFailingFormTwice() async throws {
        let controller = try controller()
        let id = try await begin(controller, "action=back").id
        let home = try await page(controller, id, "/s/Home")
        let body = Array("token=\(home.token)&screen=\(home.stamp)&title=Home&action=back:Nowhere".utf8)
        let old = id.cookie
        async let first = controller.post(path: "/s/Home", sessionID: old, body: body, context: Self.context)
        async let second = controller.post(path: "/s/Home", sessionID: old, body: body, context: Self.context)
        let replies = [await first, await second]
        #expect(replies.map(location) == ["/s/Home", "/s/Home"], "\(replies.map(\.body))")
        id.take(replies[0])
        let page = try await page(controller, id, "/s/Home")
        #expect(
            page.error?.hasPrefix("error: Your last action could not be applied, so nothing was changed.") == true,
            "\(page.error ?? "none")")
        #expect(page.offered.isEmpty)
    }

    @Test("a failed route is shown once on the page, and the stack is unchanged")
    func failedActionInline() async throws {
        let controller = try controller()
        let id = try await begin(controller, "action=back").id
        _ = try await page(controller, id, "/s/Home")
        let reply = try await act(controller, id, at: "/s/Home", "action=back:Nowhere")
        #expect(location(reply) == "/s/Home")
        let page = try await page(controller, id, "/s/Home")
        // Plain words and a reference for the user; the detail is in the log (and on the page with --debug-pages).
        #expect(
            page.error?.hasPrefix(
                "error: Your last action could not be applied, so nothing was changed. (Reference: r-") == true,
            "\(page.error ?? "none")")
        #expect(page.error?.contains("Nowhere") == false)
        #expect(page.breadcrumb.map(\.name) == ["Home"])
        #expect(try await self.page(controller, id, "/s/Home").error == nil)
    }

    @Test("a post with another session's token, or from another site, changes nothing")
    func forged() async throws {
        let controller = try controller()
        let victim = try await begin(controller, "action=back").id
        let attacker = try await begin(controller, "action=back").id
        let attackerPage = try await page(controller, attacker, "/s/Home")
        let victimPage = try await page(controller, victim, "/s/Home")
        let foreign = await controller.post(
            path: "/s/Home", sessionID: victim.cookie,
            body: Array("token=\(attackerPage.token)&screen=\(victimPage.stamp)&action=tap:openDetail".utf8),
            context: Self.context)
        #expect(foreign.status == 403)
        let crossSite = await controller.post(
            path: "/s/Home", sessionID: victim.cookie,
            body: Array("token=\(victimPage.token)&screen=\(victimPage.stamp)&action=tap:openDetail".utf8),
            context: .init(origin: "http://evil.example", fetchSite: "cross-site", host: "h:1", client: "10.0.0.9"))
        #expect(crossSite.status == 403)
        guard case .refusal(let message) = crossSite.body else { throw Failure("not refused") }
        #expect(
            message
                == "error: This form was sent from another site (http://evil.example), so nothing was changed. Open the app at its own address and try again."
        )
        let anonymous = await controller.post(
            path: "/", sessionID: nil, body: Array("token=nope&screen=0&action=back".utf8), context: Self.context)
        #expect(anonymous.status == 403)
        #expect(await controller.store.count == 2)
        #expect(try await page(controller, victim, "/s/Home").breadcrumb.map(\.name) == ["Home"])
    }

    @Test("a cookie of a session that ended shows the start with a notice and clears the cookie")
    func endedSession() async throws {
        let controller = try controller()
        let reply = await controller.get(path: "/", sessionID: "0123456789abcdef")
        #expect(reply.cookie == .clear)
        guard case .page(let page) = reply.body else { throw Failure("no page") }
        #expect(
            page.error
                == "notice: Your session ended; you are back at the start. (It was idle for a long time, or the server restarted.)"
        )
        #expect(page.breadcrumb.map(\.name) == ["Home"])
        #expect(location(await controller.get(path: "/s/Home/Detail", sessionID: "0123456789abcdef")) == "/")
        // Its forms apply nothing and lead to the start.
        let post = await controller.post(
            path: "/s/Home", sessionID: "0123456789abcdef", body: Array("token=x&screen=1&action=tap:showDetail".utf8),
            context: Self.context)
        #expect(location(post) == "/")
        #expect(await controller.store.count == 0)
    }

    @Test("an idle session expires")
    func expiry() async throws {
        let moving = MovingClock()
        let controller = try controller(store(clock: moving.read))
        let id = try await begin(controller, "action=back").id
        moving.advance(by: controller.store.idleExpiry + .seconds(1))
        #expect(await controller.store.existing(id: id.id) == nil)
        #expect(await controller.store.count == 0)
    }

    @Test("screen paths: names percent-encoded, anything else is a link or nothing")
    func paths() {
        #expect(WebPath("/") == .start && WebPath("") == .start && WebPath("/?x=1") == .start)
        #expect(WebPath("/s/Home/Detail") == .screen(["Home", "Detail"]))
        #expect(WebPath("/s/A%20B") == .screen(["A B"]))
        #expect(WebPath.url(of: ["A B", "C/D"]) == "/s/A%20B/C%2FD")
        #expect(WebPath("/s/Home//Detail") == .other("s/Home//Detail"))
        #expect(WebPath("/s/%ZZ") == .other("s/%ZZ"))
        #expect(WebPath("/orders/2") == .other("orders/2"))
    }

    @Test("with --debug-pages the operator's detail is on the page too")
    func debugPages() async throws {
        let controller = try controller(debugPages: true)
        let id = try await begin(controller, "action=back").id
        _ = try await act(controller, id, at: "/s/Home", "action=back:Nowhere")
        let page = try await page(controller, id, "/s/Home")
        #expect(
            page.error?.hasSuffix("\nDetail: error: there is no scene 'Nowhere' below 'Home' in its stack (Home).")
                == true, "\(page.error ?? "none")")
    }

    @Test(
        "a planted cookie stops working at its victim's first action: the secret is replaced, the old one reads nothing"
    )
    func fixation() async throws {
        let moving = MovingClock()
        let controller = try controller(store(clock: moving.read))
        // The attacker makes a session and plants its cookie in the victim's browser.
        let planted = try await begin(controller, "action=back").id.cookie
        let victim = CookieJar(planted)
        #expect(
            try await act(controller, victim, at: "/s/Home", "field.message=my secret note&action=tap:showDetail")
                .status == 303)
        #expect(victim.cookie != planted && WebCookie.split(victim.cookie).id == WebCookie.split(planted).id)
        // Within the grace, the old secret reads nothing either: a request sent before the new cookie came is asked to reload.
        let early = await controller.get(path: "/s/Home/Detail", sessionID: planted)
        #expect(early.status == 409 && early.cookie == .keep)
        if case .refusal(let message) = early.body { #expect(message == WebError.secretRotating.message) }
        // After it, the old secret names no session: the start page, nothing of the victim's.
        moving.advance(by: .seconds(11))
        let late = await controller.get(path: "/s/Home/Detail", sessionID: planted)
        #expect(location(late) == "/")
        let start = await controller.get(path: "/", sessionID: planted)
        guard case .page(let page) = start.body else { throw Failure("no page") }
        #expect(
            start.cookie == .clear && page.breadcrumb.map(\.name) == ["Home"]
                && page.elements.first { $0.id == "message" }?.text == "")
        // A post with it applies nothing; the victim's session is untouched.
        let forged = await controller.post(
            path: "/s/Home/Detail", sessionID: planted, body: Array("token=x&screen=1&action=tap:done".utf8),
            context: Self.context)
        #expect(location(forged) == "/")
        #expect(
            try await self.page(controller, victim, "/s/Home/Detail").elements.first { $0.id == "message" }?.text
                == "my secret note")
        // A cookie with the right ID and a made-up secret is no better.
        #expect(
            location(
                await controller.get(
                    path: "/s/Home/Detail", sessionID: victim.id + "." + String(repeating: "0", count: 64))) == "/")
    }

    @Test(
        "a NUL or a direction override in a posted text is refused with the field's problem; nothing is cut or applied; the text is offered back"
    )
    func controlCharacters() async throws {
        let controller = try controller()
        let id = try await begin(controller, "action=back").id
        for (encoded, code) in [("Li%00nus", "U+0000"), ("Ada%E2%80%AE5.00", "U+202E"), ("a%0Ab", "U+000A")] {
            let reply = try await act(controller, id, at: "/s/Home", "field.message=\(encoded)&action=tap:showDetail")
            #expect(location(reply) == "/s/Home")
            let page = try await page(controller, id, "/s/Home")
            let field = try #require(page.elements.first { $0.id == "message" })
            #expect(field.text == "" && field.problem.contains("(\(code))"), "\(field.problem)")
            #expect(
                page.error == "error: Nothing was changed: the text of “Message for Detail” cannot be kept as typed.")
            #expect(page.offered.count == 1 && page.offered[0].text.contains("\u{FFFD}"))
            #expect(page.breadcrumb.map(\.name) == ["Home"])
        }
        #expect(await controller.store.existing(id: id.id)?.actions == 1)
        // Tabs and every other text are kept exactly.
        _ = try await act(
            controller, id, at: "/s/Home", "field.message=%E2%80%8Fשלום+%F0%9F%98%80&action=tap:showDetail")
        #expect(
            try await page(controller, id, "/s/Home/Detail").elements.first { $0.id == "message" }?.text
                == "\u{200F}שלום 😀")
    }
}
