import Synchronization
import Testing
@_spi(SceneHost) import SceneSDK
@testable import SceneHostNavigation
@testable import SceneHostFrontend
import SceneTestSupport

/// Waits that sleep until something happens (issue 47): a live page's stream waits on them, so an
/// idle stream costs nothing. Each wait is checked for what ends it, never for how fast: a wait
/// that has no reason to end is given time to end wrongly, then woken by the reason under test.
// The limit catches a wait that never ends; on a loaded machine a task may wait minutes for a thread (LiveWaitTests).
@Suite("Waits that sleep until something happens", .timeLimit(.minutes(10)))
struct WakeupTests {
    /// How long a wait is given to end without a reason: long enough for a timer or a poll to show.
    static let quiet: Duration = .milliseconds(400)

    /// A wait running in a task of its own, and whether it ended.
    final class Watched: Sendable {
        private let flag = Atomic<Bool>(false)
        var ended: Bool { flag.load(ordering: .acquiring) }
        func end() { flag.store(true, ordering: .releasing) }
    }

    @Test("a wait sleeps until wakeAll, then returns; nothing is left waiting")
    func wakeAll() async {
        let wakeup = Wakeup()
        let watched = Watched()
        let task = Task {
            await wakeup.wait()
            watched.end()
        }
        try? await Task.sleep(for: Self.quiet)
        #expect(!watched.ended, "no wake-up without a reason")
        #expect(wakeup.waiting == 1)
        wakeup.wakeAll()
        await task.value
        #expect(watched.ended && wakeup.waiting == 0)
    }

    @Test("cancelling the waiting task ends its wait at once, and leaves no continuation behind")
    func cancellation() async {
        let wakeup = Wakeup()
        let task = Task { await wakeup.wait() }
        while wakeup.waiting == 0 { await Task.yield() }
        task.cancel()
        await task.value
        #expect(wakeup.waiting == 0 && !wakeup.isClosed)
        // A task cancelled before its wait began does not sleep at all.
        let cancelled = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            await wakeup.wait()
        }
        await cancelled.value
        #expect(wakeup.waiting == 0)
    }

    @Test("close wakes every wait, and every later wait returns at once")
    func close() async {
        let wakeup = Wakeup()
        let tasks = (0..<20).map { _ in Task { await wakeup.wait() } }
        while wakeup.waiting < 20 { await Task.yield() }
        wakeup.close()
        for task in tasks { await task.value }
        await wakeup.wait()
        #expect(wakeup.isClosed && wakeup.waiting == 0)
    }

    @Test("a change made before the wait registered is not missed: `ready` is asked once registered")
    func ready() async {
        let wakeup = Wakeup()
        await wakeup.wait { true }
        #expect(wakeup.waiting == 0)
    }

    @Test("race: the wait or the limit, whichever comes first; the other is cancelled")
    func race() async {
        let wakeup = Wakeup()
        await Wakeup.race({ await wakeup.wait() }, within: .milliseconds(50))
        #expect(wakeup.waiting == 0, "the limit came first: the wait was cancelled and left nothing")
        let task = Task { await Wakeup.race({ await wakeup.wait() }, within: .seconds(3_600)) }
        while wakeup.waiting == 0 { await Task.yield() }
        wakeup.wakeAll()
        await task.value
    }

    @MainActor
    func following() async throws -> (InProcessSession, WorkProbeFeed) {
        let feed = WorkProbeFeed()
        let navigator = Navigator(container: try WorkProbe.container(feed: feed), segues: [])
        try navigator.start(at: "Work")
        let session = InProcessSession(navigator: navigator)
        _ = try await session.settle(within: .seconds(30))
        try await session.apply([.tap(button: "follow")])
        return (session, feed)
    }

    @MainActor
    @Test(
        "in process: change(after:) sleeps while nothing changes, and returns on a change, on cancellation and when the session closes"
    )
    func inProcessChange() async throws {
        let (session, feed) = try await following()
        let watched = Watched()
        let before = session.changeCount
        let waiting = Task { @MainActor in
            let count = await session.change(after: before)
            watched.end()
            return count
        }
        try? await Task.sleep(for: Self.quiet)
        #expect(!watched.ended, "no wake-up without a change")
        feed.continuation.yield(7)
        #expect(await waiting.value > before)

        let cancelled = Task { @MainActor in await session.change(after: session.changeCount) }
        try? await Task.sleep(for: .milliseconds(20))
        cancelled.cancel()
        #expect(await cancelled.value == session.changeCount)

        let count = session.changeCount
        let closing = Task { @MainActor in await session.change(after: count) }
        try? await Task.sleep(for: .milliseconds(20))
        await session.close()
        _ = await closing.value
        // Closed: no wait sleeps any more.
        _ = await session.change(after: session.changeCount)
    }
}
