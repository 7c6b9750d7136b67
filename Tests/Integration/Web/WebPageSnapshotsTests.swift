import Testing
@_spi(SceneHost) import SceneSDK
@testable import SceneHostContainer
@testable import SceneHostNavigation
@testable import SceneHostWorkers
@testable import SceneHostWebModel
import HostTestSupport
import SceneHostSessions

/// Pages answered off the main actor: only while the worker's records are those the snapshot was
/// made from; a change of them (a restore, a notice) sends the GET the slow way.
@Suite("Web page snapshots")
struct WebPageSnapshotsTests {
    private static let screens = [
        WebScreen(name: "Home", opensLayer: false, stamp: 1, lastScreen: Screen(title: "Home")),
        WebScreen(
            name: "Detail", opensLayer: false, stamp: 2,
            lastScreen: Screen(title: "Detail", elements: [.label(id: "message", text: "Hi")])),
    ]

    @Test("a snapshot answers its screens' URLs and /, while the records' generation holds")
    func answersWhileValid() throws {
        let source = WorkerSession(id: 1)
        let snapshots = WebPageSnapshots()
        snapshots.publish(
            .init(screens: Self.screens, token: "t", source: source, generation: source.generation), for: "s1")
        let top = try #require(snapshots.page(sessionID: "s1", path: "/s/Home/Detail"))
        #expect(top.title == "Detail" && !top.isEarlier && top.stamp == 2 && top.token == "t" && top.error == nil)
        #expect(snapshots.page(sessionID: "s1", path: "/s/Home")?.isEarlier == true)
        #expect(snapshots.page(sessionID: "s1", path: "/")?.title == "Home")
        #expect(snapshots.page(sessionID: "s1", path: "/s/Home/Other") == nil)
        #expect(snapshots.page(sessionID: "s1", path: "/orders/2") == nil)
        #expect(snapshots.page(sessionID: "other", path: "/s/Home") == nil)
        #expect(snapshots.takeUses()["s1"] != nil)
        // The worker changed the records (a restore, a notice): the snapshot no longer answers.
        source.update { $0.notice = .workerBusy(milliseconds: 1) }
        #expect(snapshots.page(sessionID: "s1", path: "/s/Home/Detail") == nil)
        snapshots.publish(nil, for: "s1")
        #expect(snapshots.page(sessionID: "s1", path: "/s/Home") == nil)
    }

    @Test(
        "a snapshot of a shared store's session names the state it shows: only `answer` gives its page, with the check to make"
    )
    func checkedSnapshot() throws {
        let source = WorkerSession(id: 2)
        let snapshots = WebPageSnapshots()
        let check = WebPageSnapshots.StoreCheck(key: SessionKey(secret: "s2"), state: 6)
        snapshots.publish(
            .init(screens: Self.screens, token: "t", source: source, generation: source.generation, check: check),
            for: "s2")
        #expect(
            snapshots.page(sessionID: "s2", path: "/s/Home/Detail") == nil,
            "a page that needs a check is never given without it")
        let answer = try #require(snapshots.answer(sessionID: "s2", path: "/s/Home/Detail"))
        #expect(answer.check == check && answer.page.title == "Detail")
        #expect(snapshots.answer(sessionID: "s2", path: "/s/Home/Other") == nil)
    }

    @Test("a message set for a session withdraws its snapshot, so the page that shows it is made by the router")
    @MainActor
    func messageWithdraws() async throws {
        let container = SceneContainer()
        try BuiltPlugins.load(["HomeScene", "DetailScene"], into: container)
        let store = WebSessionStore {
            let navigator = Navigator(container: container, segues: []); try navigator.start(at: "Home");
            return navigator
        }
        let session = try await store.create(client: "c")
        let source = WorkerSession(id: 9)
        let (screens, cookie) = (await session.screens, await session.cookie)
        store.snapshots.publish(
            .init(screens: screens, token: session.token, source: source, generation: source.generation), for: cookie)
        #expect(store.snapshots.page(sessionID: cookie, path: "/s/Home") != nil)
        // Published under the whole cookie: the ID alone, or an old secret, finds nothing.
        #expect(store.snapshots.page(sessionID: session.id, path: "/s/Home") == nil)
        #expect(store.snapshots.page(sessionID: session.id + "." + WebSession.randomHex(), path: "/s/Home") == nil)
        await session.tell("notice: something")
        #expect(store.snapshots.page(sessionID: cookie, path: "/s/Home") == nil)
    }
}

extension WebSession {
    /// Sets the message the session's next page shows, as a failed action does.
    fileprivate func tell(_ message: String) {
        pendingError = message
    }
}
