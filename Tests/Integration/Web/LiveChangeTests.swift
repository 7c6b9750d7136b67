import Synchronization
import Testing
@_spi(SceneHost) import SceneSDK
@testable import SceneHostNavigation
@testable import SceneHostWebModel
import HostTestSupport
import SceneTestSupport
@testable import SceneHostFrontend

/// What a live page's stream waits on between two pages (issue 47, point 6), on a real session:
/// `WebController.liveChange` sleeps while the session does not change (no timer, no polling),
/// and returns on a change, when its task is cancelled, and when the session ends. Checked for
/// outcomes, not speed: the wait is given time to end wrongly, then woken by the reason under test.
@MainActor
// The limit catches a wait that never ends; on a loaded machine a task may wait minutes for a thread (LiveWaitTests).
@Suite("A live stream's wait on a real session", .timeLimit(.minutes(10)))
struct LiveChangeTests {
    static let quiet: Duration = .milliseconds(400)

    final class Ended: Sendable {
        private let flag = Atomic<Bool>(false)
        var value: Bool { flag.load(ordering: .acquiring) }
        func set() { flag.store(true, ordering: .releasing) }
    }

    /// A controller over the WorkProbe scene, and a session whose `observe` task follows `feed`.
    func following() async throws -> (WebController, CookieJar, WorkProbeFeed) {
        let feed = WorkProbeFeed()
        let container = try WorkProbe.container(feed: feed)
        let controller = WebController(
            store: WebSessionStore {
                let navigator = Navigator(container: container, segues: [])
                try navigator.start(at: "Work")
                return navigator
            })
        let context = WebController.PostContext(
            origin: "http://h:1", fetchSite: "same-origin", host: "h:1", client: "10.0.0.1")
        let reply = await controller.post(
            path: "/", sessionID: nil,
            body: Array("token=\(await controller.store.startToken)&screen=0&action=tap:follow".utf8),
            context: context)
        guard case .set(let cookie) = reply.cookie else {
            throw Failure("no session from the first action: \(reply.status)")
        }
        return (controller, CookieJar(cookie), feed)
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    @Test("an idle stream's wait does not return without a change, and returns promptly with the new count on one")
    func change() async throws {
        let (controller, jar, feed) = try await following()
        let cookie = jar.cookie
        let count = try #require(
            await controller.liveCount(sessionID: cookie), "a session whose observe task runs is live")
        let ended = Ended()
        let wait = Task { @MainActor in
            defer { ended.set() }
            return await controller.liveChange(sessionID: cookie, after: count)
        }
        try? await Task.sleep(for: Self.quiet)
        #expect(!ended.value, "no wake-up without a change")
        feed.continuation.yield(5)
        let changed = try #require(await wait.value)
        #expect(changed > count)
    }

    @Test("cancelling the stream's task ends its wait at once (nil)")
    func cancellation() async throws {
        let (controller, jar, _) = try await following()
        let cookie = jar.cookie
        let count = try #require(await controller.liveCount(sessionID: cookie))
        let wait = Task { @MainActor in await controller.liveChange(sessionID: cookie, after: count) }
        try? await Task.sleep(for: .milliseconds(50))
        wait.cancel()
        #expect(await wait.value == nil)
    }

    @Test("the session ending (let go by this instance) wakes its stream's wait: nil, the stream ends")
    func sessionEnds() async throws {
        let (controller, jar, _) = try await following()
        let cookie = jar.cookie
        let count = try #require(await controller.liveCount(sessionID: cookie))
        let ended = Ended()
        let wait = Task { @MainActor in
            defer { ended.set() }
            return await controller.liveChange(sessionID: cookie, after: count)
        }
        try? await Task.sleep(for: Self.quiet)
        #expect(!ended.value)
        guard case .session(let session, _) = await controller.resolve(cookie, verify: false) else {
            throw Failure("the session is gone")
        }
        await controller.store.forget(session)
        #expect(await wait.value == nil)
    }

    @Test("the stream's whole wait: a drain stops an idle stream on a real session")
    func drain() async throws {
        let (controller, jar, _) = try await following()
        let cookie = jar.cookie
        let count = try #require(await controller.liveCount(sessionID: cookie))
        let drain = Wakeup()
        let wait = Task {
            await LiveWait.next(until: .now + .seconds(3_600), stops: [drain]) { @MainActor in
                await controller.liveChange(sessionID: cookie, after: count)
            }
        }
        try? await Task.sleep(for: Self.quiet)
        drain.close()
        #expect(await wait.value == .stopped)
    }
}
