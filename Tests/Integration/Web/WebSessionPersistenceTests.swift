import Foundation
import Testing
@_spi(SceneHost) import SceneSDK
@testable import SceneHostContainer
@testable import SceneHostNavigation
@testable import SceneHostSessions
@testable import SceneHostWebModel
@testable import SceneHostSQLiteStore
import HostTestSupport
import TestSupport
import SceneTestSupport

/// Sessions kept in a store, over the real demo plugins: a new server on the same store (a
/// restart) shows every session where its user left it, stamps and field texts included; two
/// servers on one store serve one session in turn, and one form sent to both applies once; a
/// damaged row ends that session only; a store that stops answering changes nothing and says so.
@MainActor
@Suite("Web sessions kept in a store")
struct WebSessionPersistenceTests {
    static let context = WebController.PostContext(
        origin: "http://h:1", fetchSite: "same-origin", host: "h:1", client: "10.0.0.1")

    /// A server (a controller and its sessions) on `durable`, with Home and Detail (and `extra` plugins).
    private func server(
        _ durable: any SessionStore, extra: [String] = [],
        clock: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }
    ) async throws -> WebController {
        let container = SceneContainer()
        try BuiltPlugins.load(["HomeScene", "DetailScene"] + extra, into: container)
        let segues = [ProbeScenes.segue(from: "Home", id: "showDetail", to: "Detail")]
        let controller = WebController(
            store: WebSessionStore(patience: Slack.scaled(.milliseconds(300)), durable: durable, clock: clock) {
                let navigator = Navigator(container: container, segues: segues)
                try navigator.start(at: "Home")
                return navigator
            })
        try await controller.store.prepare()
        return controller
    }

    /// The SQLite store in `folder`, prepared (as `serve` prepares it at start).
    private func sqlite(_ folder: TemporaryFolder) async throws -> SQLiteSessionStore {
        let store = try SQLiteSessionStore(path: folder.path("sessions.sqlite"), app: SessionApp(name: "persistence"))
        try await store.prepare()
        return store
    }

    private func begin(_ controller: WebController, _ fields: String) async throws -> CookieJar {
        let reply = await controller.post(
            path: "/", sessionID: nil,
            body: Array("token=\(await controller.store.startToken)&screen=0&\(fields)".utf8), context: Self.context)
        guard case .set(let id) = reply.cookie else {
            throw Failure("no session from the first action: \(reply.status) \(reply.body)")
        }
        return CookieJar(id)
    }

    private func page(_ controller: WebController, _ id: CookieJar?, _ path: String) async throws -> WebPage {
        let reply = await controller.get(path: path, sessionID: id?.cookie)
        guard case .page(let page) = reply.body else {
            throw Failure("no page at \(path): \(reply.status) \(reply.body)")
        }
        return page
    }

    private func post(
        _ controller: WebController, _ id: CookieJar, _ path: String, token: String, stamp: Int, _ fields: String
    ) async -> WebReply {
        id.take(
            await controller.post(
                path: path, sessionID: id.cookie, body: Array("token=\(token)&screen=\(stamp)&\(fields)".utf8),
                context: Self.context))
    }

    private func text(_ page: WebPage, _ id: String) -> String? { page.elements.first { $0.id == id }?.text }

    private func location(_ reply: WebReply) -> String? {
        if case .redirect(let location) = reply.body { return location }
        return nil
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    @Test("a server started again on the store shows each session's screens, texts and stamps; its forms still apply")
    func restart() async throws {
        let folder = try TemporaryFolder()
        let first = try await server(try await sqlite(folder))
        let id = try await begin(first, "field.message=Kept%20across&action=tap:showDetail")
        let seen = try await page(first, id, "/s/Home/Detail")
        let earlier = try await page(first, id, "/s/Home")
        // The first server is gone (its sessions' scenes too); a second one opens the same file.
        await first.store.forget(try #require(await first.store.existing(id: id.id)))
        let second = try await server(try await sqlite(folder))
        let detail = try await page(second, id, "/s/Home/Detail")
        #expect(text(detail, "message") == "Kept across" && detail.stamp == seen.stamp && detail.error == nil)
        let home = try await page(second, id, "/s/Home")
        #expect(home.isEarlier && text(home, "message") == "Kept across" && home.stamp == earlier.stamp)
        // A form of the page the user held before the restart applies.
        let back = await post(second, id, "/s/Home/Detail", token: seen.token, stamp: seen.stamp, "action=tap:done")
        #expect(back.status == 303)
        #expect(try await page(second, id, "/s/Home").title == "Home")
    }

    @Test("two servers on one store serve one session in turn, each seeing the other's step")
    func twoInstances() async throws {
        let folder = try TemporaryFolder()
        let one = try await server(try await sqlite(folder)), two = try await server(try await sqlite(folder))
        let id = try await begin(one, "field.message=First&action=tap:showDetail")
        let onTwo = try await page(two, id, "/s/Home/Detail")
        #expect(text(onTwo, "message") == "First")
        let done = await post(two, id, "/s/Home/Detail", token: onTwo.token, stamp: onTwo.stamp, "action=tap:done")
        #expect(done.status == 303)
        // A form of the page the second server showed, posted to the first, whose copy is out of date:
        // it builds the session again from the store and applies the form.
        let homeOnTwo = try await page(two, id, "/s/Home")
        let across = await post(
            one, id, "/s/Home", token: homeOnTwo.token, stamp: homeOnTwo.stamp,
            "field.message=Second&action=tap:showDetail")
        #expect(across.status == 303)
        #expect(text(try await page(two, id, "/s/Home/Detail"), "message") == "Second")
        // And back: the second server's copy is now the out-of-date one.
        let onOne = try await page(one, id, "/s/Home/Detail")
        #expect(
            await post(two, id, "/s/Home/Detail", token: onOne.token, stamp: onOne.stamp, "action=tap:done").status
                == 303)
        let home = try await page(one, id, "/s/Home")
        #expect(home.title == "Home" && !home.isEarlier && home.breadcrumb.count == 1)
    }

    @Test(
        "every server on a store shows the same start token: a start page from one, its first action posted to the other"
    )
    func sharedStartToken() async throws {
        let folder = try TemporaryFolder()
        let one = try await server(try await sqlite(folder)), two = try await server(try await sqlite(folder))
        let (first, second) = (await one.store.startToken, await two.store.startToken)
        #expect(first == second)
        let start = try await page(one, nil, "/")
        let reply = await two.post(
            path: "/", sessionID: nil,
            body: Array("token=\(start.token)&screen=0&field.message=Across&action=tap:showDetail".utf8),
            context: Self.context)
        guard case .set(let cookie) = reply.cookie else {
            throw Failure("the first action was refused: \(reply.status) \(reply.body)")
        }
        #expect(text(try await page(one, CookieJar(cookie), "/s/Home/Detail"), "message") == "Across")
    }

    @Test(
        "one form posted to two servers at once applies once; the other waits for it and is answered with where it went"
    )
    func sameFormTwice() async throws {
        let folder = try TemporaryFolder()
        let store = try await sqlite(folder)
        let one = try await server(store), two = try await server(try await sqlite(folder))
        let id = try await begin(one, "action=back")
        let home = try await page(one, id, "/s/Home")
        _ = try await page(two, id, "/s/Home")
        let before = try #require(try await store.state(of: SessionKey(secret: id.id)))
        async let a = post(
            one, id, "/s/Home", token: home.token, stamp: home.stamp, "field.message=Once&action=tap:showDetail")
        async let b = post(
            two, id, "/s/Home", token: home.token, stamp: home.stamp, "field.message=Once&action=tap:showDetail")
        let replies = [await a, await b]
        #expect(replies.map(\.status) == [303, 303])
        #expect(
            Set(replies.compactMap { reply -> String? in if case .redirect(let to) = reply.body { to } else { nil } })
                == ["/s/Home/Detail"])
        // One claim and one write: the state moved by two, and Detail was pushed once.
        #expect(try await store.state(of: SessionKey(secret: id.id)) == before + 2)
        let detail = try await page(two, id, "/s/Home/Detail")
        #expect(detail.breadcrumb.count == 2 && text(detail, "message") == "Once")
    }

    @Test("an action left under way by another instance that runs: refused while its lease runs, taken over after it")
    func runningInstanceMidAction() async throws {
        let folder = try TemporaryFolder()
        let moving = MovingClock()
        let store = try await sqlite(folder)
        let one = try await server(store, clock: moving.read)
        let id = try await begin(one, "field.message=before&action=tap:showDetail")
        let detail = try await page(one, id, "/s/Home/Detail")
        // Another instance (running: its lock is held) claims the next state, and never writes it (stuck).
        let other = try await sqlite(folder)
        let key = SessionKey(secret: id.id)
        let state = try #require(try await store.state(of: key))
        #expect(state.isMultiple(of: 2))
        #expect(try await other.claim(key, from: state, now: one.store.wallNow) == .claimed)
        let refused = await post(one, id, "/s/Home/Detail", token: detail.token, stamp: detail.stamp, "action=tap:done")
        #expect(refused.status == 409)
        if case .refusal(let message) = refused.body { #expect(message == WebError.actionUnderWay.message) }
        moving.advance(by: one.store.actionLease + .seconds(11))
        let shown = try await page(one, id, "/s/Home/Detail")
        #expect(text(shown, "message") == "before")
        let taken = await post(one, id, "/s/Home/Detail", token: shown.token, stamp: shown.stamp, "action=tap:done")
        #expect(taken.status == 303)
        // Claimed by the other instance (+1), taken over (+2), written (+1): at rest again.
        #expect(try await store.state(of: key) == state + 4)
        #expect(try await page(one, id, "/s/Home").title == "Home")
        await other.close()
    }

    @Test(
        "an action left under way by an instance that died (its lock let go of as kill -9 leaves it): taken over at once, no lease waited for"
    )
    func deadInstanceMidAction() async throws {
        let folder = try TemporaryFolder()
        let store = try await sqlite(folder)
        let one = try await server(store)
        let id = try await begin(one, "field.message=before&action=tap:showDetail")
        let detail = try await page(one, id, "/s/Home/Detail")
        let dead = try await sqlite(folder)
        let key = SessionKey(secret: id.id)
        let state = try #require(try await store.state(of: key))
        #expect(try await dead.claim(key, from: state, now: one.store.wallNow) == .claimed)
        dead.instanceLock.end(removingFile: false)
        // This server's copy is the row's (the claim changed no stacks): its form applies at once.
        let taken = await post(one, id, "/s/Home/Detail", token: detail.token, stamp: detail.stamp, "action=tap:done")
        #expect(taken.status == 303, "\(taken.status) \(taken.body)")
        #expect(try await store.state(of: key) == state + 4)
        #expect(try await page(one, id, "/s/Home").title == "Home")
        // Seen from a server that builds the session from the row left odd (a restart): the same.
        let again = try await page(one, id, "/s/Home")
        let next = try await sqlite(folder)
        #expect(try await next.claim(key, from: state + 4, now: one.store.wallNow) == .claimed)
        next.instanceLock.end(removingFile: false)
        let two = try await server(try await sqlite(folder))
        let onTwo = await post(
            two, id, "/s/Home", token: again.token, stamp: again.stamp, "field.message=after&action=tap:showDetail")
        #expect(onTwo.status == 303, "\(onTwo.status) \(onTwo.body)")
        #expect(text(try await page(two, id, "/s/Home/Detail"), "message") == "after")
        await dead.close()
        await next.close()
    }

    @Test(
        "this server's own claim that none of its requests has under way (its request never wrote it): taken over at once"
    )
    func ownClaimLeftOver() async throws {
        let folder = try TemporaryFolder()
        let store = try await sqlite(folder)
        let one = try await server(store)
        let id = try await begin(one, "field.message=before&action=tap:showDetail")
        let detail = try await page(one, id, "/s/Home/Detail")
        let key = SessionKey(secret: id.id)
        let state = try #require(try await store.state(of: key))
        // The server's own store (its instance) claims, as a request does that then ends without a write.
        #expect(try await store.claim(key, from: state, now: one.store.wallNow) == .claimed)
        let taken = await post(one, id, "/s/Home/Detail", token: detail.token, stamp: detail.stamp, "action=tap:done")
        #expect(taken.status == 303, "\(taken.status) \(taken.body)")
        #expect(try await store.state(of: key) == state + 4)
    }

    @Test(
        "two tabs post one screen's forms at once, to two servers: one applies; the other's next page says what was not saved and offers its text"
    )
    func twoTabsAtOnce() async throws {
        let folder = try TemporaryFolder()
        let one = try await server(try await sqlite(folder)), two = try await server(try await sqlite(folder))
        let id = try await begin(one, "action=back")
        let home = try await page(one, id, "/s/Home")
        _ = try await page(two, id, "/s/Home")
        let cookie = id.cookie
        func save(_ server: WebController, _ text: String) async -> WebReply {
            await server.post(
                path: "/s/Home", sessionID: cookie,
                body: Array(
                    "token=\(home.token)&screen=\(home.stamp)&title=Home&label.message=Message&field.message=\(text)&action=tap:showDetail"
                        .utf8),
                context: Self.context)
        }
        async let a = save(one, "From%20tab%20A")
        async let b = save(two, "From%20tab%20B")
        let replies = [await a, await b]
        #expect(replies.map(\.status) == [303, 303], "\(replies.map(\.body))")
        let applied = replies.indices.filter { if case .set = replies[$0].cookie { true } else { false } }
        try #require(applied.count == 1, "exactly one applies: \(replies.map(\.cookie))")
        let (winner, loser) = (applied[0], 1 - applied[0])
        #expect(replies[loser].cookie == .keep, "the stale answer carries no new secret")
        #expect(location(replies[loser]) == "/s/Home/Detail", "the current screen")
        // The browser holds the winner's cookie (one jar for both tabs); the loser's page is its next.
        id.take(replies[winner])
        let next = try await page(winner == 0 ? two : one, id, "/s/Home/Detail")
        #expect(
            next.error
                == "notice: Your changes on “Home” were not saved: another tab or window moved the app on. This is the current screen; what you typed is shown below, to copy."
        )
        let (won, lost) = winner == 0 ? ("From tab A", "From tab B") : ("From tab B", "From tab A")
        #expect(next.offered == [WebPage.Offered(label: "Message", text: lost)])
        #expect(text(next, "message") == won && next.breadcrumb.count == 2)
    }

    @Test(
        "the upkeep drops sessions idle across every instance: a session another server made and left is gone from the store once idle"
    )
    func upkeepExpiresIdleSessions() async throws {
        let folder = try TemporaryFolder()
        let store = try await sqlite(folder)
        let moving = MovingClock()
        let one = try await server(store, clock: moving.read), two = try await server(try await sqlite(folder))
        let id = try await begin(two, "action=back")
        let key = SessionKey(secret: id.id)
        #expect(try await store.state(of: key) != nil)
        // Nothing happens to it while no upkeep runs; once past the idle expiry on this server's clock, its upkeep drops it.
        // (A minute past it: on a loaded machine the session may be made seconds after this server's clock began.)
        moving.advance(by: one.store.idleExpiry + .seconds(60))
        #expect(try await store.state(of: key) != nil)
        let upkeep = Task { await one.store.upkeep() }
        defer { upkeep.cancel() }
        var kept = true
        for _ in 0..<(20 * Slack.factor) where kept {
            kept = try await store.state(of: key) != nil
            if kept { try await Task.sleep(for: .milliseconds(50)) }
        }
        #expect(!kept, "the idle session is still stored")
    }

    @Test(
        "a write that fails leaves no claim that blocks: this server's next action takes it over at once, and once the store answers it is let go of for every server"
    )
    func failedWriteLeavesNothingBlocking() async throws {
        let folder = try TemporaryFolder()
        let flaky = FlakyStore(try await sqlite(folder))
        let one = try await server(flaky), two = try await server(try await sqlite(folder))
        // The instance's upkeep lets go of a failed write's claim, as `serve` runs it beside its requests.
        let upkeep = Task { await one.store.upkeep() }
        defer { upkeep.cancel() }
        let id = try await begin(one, "field.message=kept&action=tap:showDetail")
        let key = SessionKey(secret: id.id)
        // On this server: the next action after the failure applies (no 409 after waiting for itself).
        var detail = try await page(one, id, "/s/Home/Detail")
        flaky.failWrites = true
        #expect(
            await post(one, id, "/s/Home/Detail", token: detail.token, stamp: detail.stamp, "action=tap:done").status
                == 503)
        flaky.failWrites = false
        detail = try await page(one, id, "/s/Home/Detail")
        #expect(
            await post(one, id, "/s/Home/Detail", token: detail.token, stamp: detail.stamp, "action=tap:done").status
                == 303)
        // On another server: the failed write's claim is let go of once the store answers again.
        let home = try await page(one, id, "/s/Home")
        flaky.failWrites = true
        #expect(
            await post(
                one, id, "/s/Home", token: home.token, stamp: home.stamp, "field.message=lost&action=tap:showDetail"
            ).status == 503)
        let left = try #require(try await flaky.inner.state(of: key))
        #expect(!left.isMultiple(of: 2), "the claim is left while the store does not take writes")
        flaky.failWrites = false
        var state = left
        for _ in 0..<200 where state == left {
            try await Task.sleep(for: .milliseconds(50))
            state = try #require(try await flaky.inner.state(of: key))
        }
        #expect(state == left + 1, "let go of: at rest, as before the action")
        let onTwo = try await page(two, id, "/s/Home")
        #expect(
            onTwo.title == "Home" && onTwo.stamp == home.stamp && onTwo.breadcrumb.count == 1,
            "the session as before the failed action")
        #expect(
            await post(
                two, id, "/s/Home", token: onTwo.token, stamp: onTwo.stamp, "field.message=again&action=tap:showDetail"
            ).status == 303)
        #expect(text(try await page(one, id, "/s/Home/Detail"), "message") == "again")
    }

    @Test("a damaged row ends that session with a notice and deletes it; other sessions go on")
    func damagedRow() async throws {
        let folder = try TemporaryFolder()
        let store = try await sqlite(folder)
        let one = try await server(store)
        let hurt = try await begin(one, "action=back"),
            fine = try await begin(one, "field.message=ok&action=tap:showDetail")
        var row = try #require(try await store.load(SessionKey(secret: hurt.id)))
        row.body = Array("garbage".utf8)
        row.state += 10
        #expect(try await store.write(row, expecting: row.state - 10))
        let reply = await one.get(path: "/s/Home", sessionID: hurt.cookie)
        #expect(reply.status == 200 && reply.cookie == .clear)
        guard case .page(let start) = reply.body else { throw Failure("no start page: \(reply.body)") }
        #expect(start.error == SessionStoreError.malformedRow(reason: "it is not a scene-host session").message)
        #expect(try await store.load(SessionKey(secret: hurt.id)) == nil)
        #expect(text(try await page(one, fine, "/s/Home/Detail"), "message") == "ok")
    }

    @Test("a stored stack naming a scene that is gone is cut below it, with a notice")
    func sceneGone() async throws {
        let folder = try TemporaryFolder()
        let store = try await sqlite(folder)
        let one = try await server(store)
        let id = try await begin(one, "field.message=deep&action=tap:showDetail")
        var row = try #require(try await store.load(SessionKey(secret: id.id)))
        var body = try SessionBody(decoding: row.body)
        body.places.append(
            SessionBody.Place(
                record: SceneRecord(name: "Removed", opensLayer: false, input: nil), stamp: body.nextStamp,
                lastScreen: Screen(title: "Removed")))
        body.nextStamp += 1
        row.body = body.encoded()
        row.state += 2
        #expect(try await store.write(row, expecting: row.state - 2))
        let moved = await one.get(path: "/s/Home/Detail/Removed", sessionID: id.cookie)
        #expect(moved.status == 303)
        let page = try await page(one, id, "/s/Home/Detail")
        #expect(page.title == "Detail" && text(page, "message") == "deep")
        #expect(
            page.error?.hasPrefix(
                "notice: Your session was read back after the server restarted or moved; the stack was restored below 'Removed'"
            ) == true,
            "\(page.error ?? "no notice")")
    }

    @Test(
        "while the store is down: a cached page shows with a notice, an action changes nothing (503); then work resumes"
    )
    func storeDown() async throws {
        let folder = try TemporaryFolder()
        let flaky = FlakyStore(try await sqlite(folder))
        let one = try await server(flaky)
        let id = try await begin(one, "field.message=before&action=tap:showDetail")
        let detail = try await page(one, id, "/s/Home/Detail")
        flaky.down = true
        let shown = try await page(one, id, "/s/Home/Detail")
        #expect(text(shown, "message") == "before" && shown.error == WebError.storeDownShowingCache.message)
        let refused = await post(one, id, "/s/Home/Detail", token: detail.token, stamp: detail.stamp, "action=tap:done")
        #expect(
            refused.status == 503 && refused.retryAfterSeconds == WebReply.defaultRetryAfter,
            "every 503 says when to try again")
        flaky.down = false
        let after = try await page(one, id, "/s/Home/Detail")
        #expect(after.title == "Detail" && text(after, "message") == "before")
        #expect(
            await post(one, id, "/s/Home/Detail", token: after.token, stamp: after.stamp, "action=tap:done").status
                == 303)
    }

    @Test(
        "an action whose write fails is not kept: this server drops its copy, and the session is what the store holds")
    func writeFails() async throws {
        let folder = try TemporaryFolder()
        let flaky = FlakyStore(try await sqlite(folder))
        let one = try await server(flaky)
        let id = try await begin(one, "field.message=kept&action=tap:showDetail")
        let detail = try await page(one, id, "/s/Home/Detail")
        flaky.failWrites = true
        let reply = await post(one, id, "/s/Home/Detail", token: detail.token, stamp: detail.stamp, "action=tap:done")
        #expect(reply.status == 503 && reply.retryAfterSeconds == WebReply.defaultRetryAfter)
        if case .refusal(let message) = reply.body {
            #expect(message.hasPrefix(WebError.actionNotKept.message + " (Reference: r-"), "\(message)")
        }
        flaky.failWrites = false
        let page = try await page(one, id, "/s/Home/Detail")
        #expect(page.title == "Detail" && text(page, "message") == "kept")
    }
}
