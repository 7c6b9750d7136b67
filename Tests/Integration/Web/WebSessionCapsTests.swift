import Testing
@_spi(SceneHost) import SceneSDK
@testable import SceneHostContainer
@testable import SceneHostNavigation
@testable import SceneHostWebModel
import HostTestSupport
import SceneTestSupport

/// The caps on new sessions, over the real demo plugins and an injected clock (no sleeps): users
/// behind one address (a NAT) all start sessions at a human pace while a fast client behind it is
/// slowed by 429 with Retry-After; an attacker who fills the store and loads its sessions' pages
/// every minute keeps no newcomer out; sessions used once fill no per-client share.
@MainActor
@Suite("Web session caps")
struct WebSessionCapsTests {
    /// A controller whose store has `limit` sessions, `perClient` in use per address, `rate`, on `clock`.
    private func controller(
        limit: Int = 100, perClient: Int = 100, rate: WebSessionRate = .standard,
        clock: @escaping @Sendable () -> ContinuousClock.Instant
    ) throws -> WebController {
        let container = SceneContainer()
        try BuiltPlugins.load(["HomeScene", "DetailScene"], into: container)
        let segues = [ProbeScenes.segue(from: "Home", id: "showDetail", to: "Detail")]
        return WebController(
            store: WebSessionStore(limit: limit, perClient: perClient, rate: rate, clock: clock) {
                let navigator = Navigator(container: container, segues: segues)
                try navigator.start(at: "Home")
                return navigator
            })
    }

    private func context(_ client: String) -> WebController.PostContext {
        WebController.PostContext(origin: "http://h:1", fetchSite: "same-origin", host: "h:1", client: client)
    }

    /// A first action from the start page, as `client`.
    private func start(_ controller: WebController, client: String, _ fields: String = "action=back") async -> WebReply
    {
        await controller.post(
            path: "/", sessionID: nil,
            body: Array("token=\(await controller.store.startToken)&screen=0&\(fields)".utf8), context: context(client))
    }

    /// A first action that must make a session: its id.
    private func begin(
        _ controller: WebController, client: String, _ fields: String = "action=back"
    ) async throws -> CookieJar {
        let reply = await start(controller, client: client, fields)
        guard case .set(let id) = reply.cookie else {
            throw Failure("no session for \(client): \(reply.status) \(reply.body)")
        }
        return CookieJar(id)
    }

    /// A post from the screen the session shows now (`Home` or `Detail`).
    private func act(
        _ controller: WebController, _ id: CookieJar, client: String, _ fields: String
    ) async throws -> WebReply {
        let current = await controller.get(path: "/", sessionID: id.cookie)
        guard case .page(var page) = current.body else { throw Failure("no page: \(current.status)") }
        if page.isEarlier {
            guard case .page(let top) = await controller.get(path: page.currentURL, sessionID: id.cookie).body else {
                throw Failure("no current page")
            }
            page = top
        }
        return id.take(
            await controller.post(
                path: page.formAction, sessionID: id.cookie,
                body: Array("token=\(page.token)&screen=\(page.stamp)&\(fields)".utf8),
                context: context(client)))
    }

    /// Whether the session `id` still lives (its page is no start page saying it ended).
    private func lives(_ controller: WebController, _ id: CookieJar) async -> Bool {
        let reply = await controller.get(path: "/", sessionID: id.cookie)
        return reply.cookie != .clear
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    @Test(
        "many users behind one address all start sessions at a human pace; a fast client behind it gets 429 with Retry-After, its neighbours' sessions keep working, and a neighbour starts one after the Retry-After"
    )
    func natNeighbours() async throws {
        let moving = MovingClock()
        let controller = try controller(rate: WebSessionRate(burst: 5, perMinute: 30), clock: moving.read)
        let nat = "203.0.113.10"
        // Forty users behind the NAT arrive one every three seconds (the rate refills one every two).
        var users: [CookieJar] = []
        for _ in 0..<40 {
            moving.advance(by: .seconds(3))
            users.append(try await begin(controller, client: nat, "field.message=hi&action=tap:showDetail"))
        }
        #expect(Set(users.map(\.id)).count == 40)
        // One client behind it starts sessions in a loop: its burst, then refusals that say when to come back.
        var started = 0
        var refusals: [WebReply] = []
        for _ in 0..<20 {
            let reply = await start(controller, client: nat)
            if case .set = reply.cookie { started += 1 } else { refusals.append(reply) }
        }
        // The last neighbour took a token a moment ago: four of the burst are left.
        #expect(started == 4 && refusals.count == 16)
        #expect(refusals.allSatisfy { $0.status == 429 && $0.retryAfter == 2 && $0.retryAfterSeconds == 2 })
        guard case .refusal(let message) = refusals.first?.body else { throw Failure("no refusal page") }
        #expect(
            message
                == "error: your address started new sessions faster than this server allows, so no new one was started. Use a tab you have open, or try again in 2 seconds."
        )
        // The neighbours' sessions work on: the rate limits starts, never a session's actions.
        for id in users.prefix(10) {
            let reply = try await act(controller, id, client: nat, "action=back")
            #expect(reply.status == 303, "\(reply.status) \(reply.body)")
        }
        // A neighbour who arrives now is told to wait, and after the wait starts a session.
        let neighbour = await start(controller, client: nat)
        #expect(neighbour.status == 429)
        moving.advance(by: .seconds(try #require(neighbour.retryAfter)))
        _ = try await begin(controller, client: nat)
        // Another address was never slowed.
        _ = try await begin(controller, client: "198.51.100.1")
    }

    @Test(
        "an attacker who fills the store and loads its sessions' pages every minute keeps no newcomer out: each newcomer evicts an attacker's session, never the user who acts"
    )
    func touchingHoldsNoPlace() async throws {
        let moving = MovingClock()
        let controller = try controller(limit: 6, clock: moving.read)
        let userClient = "198.51.100.7"
        let user = try await begin(controller, client: userClient, "field.message=mine&action=tap:showDetail")
        _ = try await act(controller, user, client: userClient, "action=back")
        _ = try await act(controller, user, client: userClient, "field.message=again&action=tap:showDetail")
        var attackers: [CookieJar] = []
        for index in 0..<5 { attackers.append(try await begin(controller, client: "203.0.113.\(index)")) }
        // Full, and every session acted within the grace: a newcomer is refused, told when to come back.
        let early = await start(controller, client: "192.0.2.50")
        #expect(early.status == 503 && early.retryAfter == 60)
        guard case .refusal(let message) = early.body else { throw Failure("no refusal page") }
        #expect(
            message
                == "error: the server is full (6 sessions, all in use), so no new session was started. Try again in a minute."
        )
        // Three minutes: the attacker loads every page of its sessions each minute; the user acts each minute.
        for minute in 0..<3 {
            moving.advance(by: .seconds(60))
            for id in attackers { _ = await controller.get(path: "/", sessionID: id.cookie) }
            let reply = try await act(
                controller, user, client: userClient, minute.isMultiple(of: 2) ? "action=back" : "action=tap:showDetail"
            )
            #expect(reply.status == 303)
        }
        // Each newcomer takes the place of one of the attacker's sessions.
        var newcomers: [CookieJar] = []
        for index in 0..<5 {
            newcomers.append(try await begin(controller, client: "192.0.2.\(60 + index)"))
            var living = 0
            for id in attackers where await lives(controller, id) { living += 1 }
            #expect(living == 4 - index, "newcomer \(index + 1) should evict one attacker's session")
            #expect(await lives(controller, user))
        }
        // Now only the user (who acted within the minute) and newcomers are left: a sixth newcomer waits.
        #expect(await start(controller, client: "192.0.2.99").status == 503)
        #expect(await lives(controller, user))
        for id in newcomers { #expect(await lives(controller, id)) }
    }

    @Test(
        "sessions used once fill no share of their address; sessions in use do, up to --sessions-per-client, then 429 with Retry-After"
    )
    func inUseShare() async throws {
        let moving = MovingClock()
        let controller = try controller(perClient: 2, clock: moving.read)
        let client = "203.0.113.20"
        var once: [CookieJar] = []
        for _ in 0..<4 { once.append(try await begin(controller, client: client)) }
        // Two of them are used again: now in use, the address's whole share.
        for id in once.prefix(2) {
            moving.advance(by: .seconds(1))
            #expect(try await act(controller, id, client: client, "action=tap:showDetail").status == 303)
        }
        let refused = await start(controller, client: client)
        #expect(refused.status == 429 && refused.retryAfter == 60)
        guard case .refusal(let message) = refused.body else { throw Failure("no refusal page") }
        #expect(
            message
                == "error: your address already holds 2 sessions in use, the most one address may hold, so no new one was started. Use a tab you have open, or wait until one of them expires."
        )
        _ = try await begin(controller, client: "203.0.113.21")
    }

    @Test(
        "a token bucket: a burst, then one token per refill interval; a client not seen for long starts full; past the remembered clients, full ones are forgotten first"
    )
    func buckets() {
        let start = ContinuousClock.now
        var buckets = WebSessionBuckets(rate: WebSessionRate(burst: 3, perMinute: 6), remembered: 4)
        for _ in 0..<3 { #expect(buckets.take("a", now: start) == nil) }
        #expect(buckets.take("a", now: start) == .seconds(10))
        #expect(buckets.take("a", now: start + .seconds(4)) == .seconds(6), "a refusal takes no token")
        #expect(buckets.take("a", now: start + .seconds(10)) == nil)
        #expect(buckets.take("a", now: start + .seconds(11))?.retryAfterSeconds == 9)
        #expect(buckets.take("b", now: start + .seconds(11)) == nil, "each client has its own bucket")
        // Full again after 30 s idle: the burst once more, never more than the burst.
        for _ in 0..<3 { #expect(buckets.take("a", now: start + .seconds(3600)) == nil) }
        #expect(buckets.take("a", now: start + .seconds(3600)) != nil)
        // Five clients when four are remembered: "b" is full again by now, so it is the one forgotten.
        for name in ["c", "d", "e"] { #expect(buckets.take(name, now: start + .seconds(3600)) == nil) }
        #expect(buckets.count == 4)
        #expect(buckets.take("a", now: start + .seconds(3600)) != nil, "an empty bucket is kept")
        #expect(Duration.milliseconds(1).retryAfterSeconds == 1 && Duration.milliseconds(1001).retryAfterSeconds == 2)
    }

    @Test("every 429 and 503 reply carries a Retry-After; other replies none")
    func retryAfterDefaults() {
        #expect(WebReply.refusal(503, "store down").retryAfterSeconds == WebReply.defaultRetryAfter)
        #expect(WebReply.refusal(429, "x").retryAfterSeconds == WebReply.defaultRetryAfter)
        #expect(WebReply.refusal(newSession: .startingTooFast(retryAfter: 7)).retryAfterSeconds == 7)
        #expect(WebReply.refusal(newSession: .serverFull(sessions: 3, retryAfter: 60)).status == 503)
        #expect(WebReply.refusal(403, "no").retryAfterSeconds == nil)
        #expect(WebReply.redirect("/").retryAfterSeconds == nil)
    }
}
