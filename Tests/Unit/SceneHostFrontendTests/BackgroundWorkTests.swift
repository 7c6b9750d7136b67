#if canImport(Glibc)
import Glibc
#endif
import Testing
@_spi(SceneHost) import SceneSDK
@testable import SceneHostCore
@testable import SceneHostNavigation
@testable import SceneHostFrontend
import SceneTestSupport
import TestSupport

/// The navigator and the in-process session with scenes that work in the background: a settle
/// waits for the work, an error it did not catch becomes a notice, and a scene that leaves has its
/// work cancelled: its late result is heard of by no one, and its four parts are released.
@MainActor
@Suite("Background work on a navigator")
struct BackgroundWorkTests {
    func navigator() throws -> Navigator {
        let navigator = Navigator(container: try WorkProbe.container(), segues: [])
        try navigator.start(at: "Work")
        return navigator
    }

    func status(_ navigator: Navigator) throws -> String {
        guard case .label(_, let text)? = try navigator.screen().element(id: "status") else { return "" }
        return text
    }

    @Test("settle waits for the load, and each task that ends is heard of")
    func settle() async throws {
        let navigator = try navigator()
        var ended = 0
        navigator.onWorkEnded = { ended += 1 }
        #expect(!navigator.workSettled)
        #expect(await navigator.settle(within: .seconds(5)))
        #expect(try status(navigator) == "Loaded" && ended == 1)
    }

    @Test(
        "a screen that changes on its own: the in-process session counts it, wakes who waits, and makes its descriptor readable once"
    )
    func changesOnTheirOwn() async throws {
        let feed = WorkProbeFeed()
        let navigator = Navigator(container: try WorkProbe.container(feed: feed), segues: [])
        try navigator.start(at: "Work")
        let session = InProcessSession(navigator: navigator)
        _ = try await session.settle(within: .seconds(5))
        try await session.apply([.tap(button: "follow")])
        let (busy, settling) = (await session.isBusy, await session.isSettling)
        #expect(busy && !settling, "an observe task runs, and is nothing to wait for")
        let descriptor = try #require(session.changeDescriptor)
        #expect(!(await session.takeChanges()))
        let before = session.changeCount
        feed.continuation.yield(4)
        // Bounds scaled (`Slack`): on a loaded machine the feed's task may wait long for a thread.
        let after = await session.change(after: before, within: Slack.scaled(.seconds(5)))
        #expect(after > before)
        #expect(try await session.screen().element(id: "followed") == .label(id: "followed", text: "Followed 4"))
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let pollLimit = Int32(Slack.scaled(.seconds(1)).components.seconds * 1000)
        #expect(poll(&entry, 1, pollLimit) == 1, "the terminal's wait wakes")
        #expect(await session.takeChanges())
        #expect(!(await session.takeChanges()), "taken once")
        // Nothing changes: a wait ends at its limit with the same count.
        let quiet = ContinuousClock.now
        #expect(await session.change(after: session.changeCount, within: .milliseconds(150)) == session.changeCount)
        #expect(ContinuousClock.now - quiet >= .milliseconds(100))
        await session.close()
    }

    @Test("an error the work did not catch is a notice once; the screen stays")
    func failure() async throws {
        let session = InProcessSession(navigator: try navigator())
        _ = try await session.settle(within: .seconds(5))
        try await session.apply([.tap(button: "fail")])
        let failures = try await session.settle(within: .seconds(5))
        #expect(
            failures.map(ErrorMessage.render) == [
                "notice: the background work of scene 'Work' failed: the shelf is locked. The screen is as it was; try again."
            ])
        #expect(try await session.settle(within: .seconds(5)).isEmpty)
        #expect(try status(session.navigator) == "Loaded")
    }

    @Test(
        "a scene popped while its 30 s load runs: the load is cancelled, nobody hears of it, and its four parts are released"
    )
    func poppedSceneReleased() async throws {
        let navigator = try navigator()
        _ = await navigator.settle(within: .seconds(5))
        try navigator.execute(.tap(button: "slow"))
        let parts = WeakPart.all(of: try #require(navigator.top))
        var heard = 0
        navigator.onWorkEnded = { heard += 1 }
        try navigator.back()
        for _ in 0..<200 where parts.contains(where: { $0.object != nil }) { await Task.yield() }
        #expect(parts.allSatisfy { $0.object == nil }, "alive: \(parts.filter { $0.object != nil }.map(\.name))")
        #expect(heard == 0)
        #expect(navigator.workSettled && navigator.takeWorkFailure() == nil)
        #expect(try status(navigator) == "Loaded")
    }

    @Test("closing the session cancels every scene's work")
    func closeCancels() async throws {
        let navigator = try navigator()
        try navigator.execute(.tap(button: "slow"))
        let parts = WeakPart.all(of: try #require(navigator.top))
        navigator.closeAll()
        for _ in 0..<200 where parts.contains(where: { $0.object != nil }) { await Task.yield() }
        #expect(parts.allSatisfy { $0.object == nil })
    }
}

extension BackgroundWorkTests {
    @Test("a scene covered while its load runs keeps loading, and shows it when it is on top again")
    func coveredSceneKeepsWorking() async throws {
        let navigator = Navigator(container: try WorkProbe.container(), segues: [])
        try navigator.start(at: "Work")
        try navigator.execute(.tap(button: "slow"))
        try navigator.back()
        #expect(await navigator.settle(within: .seconds(5)))
        #expect(try status(navigator) == "Loaded")
    }
}
