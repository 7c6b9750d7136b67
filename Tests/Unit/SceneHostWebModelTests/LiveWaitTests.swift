import Synchronization
import Testing
import SceneHostFrontend
@testable import SceneHostWebModel

/// A live page's stream between two pages (issue 47, point 6): it sleeps until the session
/// changes, a deadline (its keep-alive), or a stop (the drain, its client gone), and ends at once
/// when cancelled. Outcomes are checked, not speed: a wait with no reason to end is given time to
/// end wrongly, then woken by the reason under test.
// The limit catches a wait that never ends, not a slow one: on a loaded machine the end-to-end tests that wait on
// child processes can hold every thread of the cooperative pool for minutes, and these tasks wait for a thread.
@Suite("A live stream's wait", .timeLimit(.minutes(10)))
struct LiveWaitTests {
    static let quiet: Duration = .milliseconds(400)
    static let never = ContinuousClock.now + .seconds(3_600)

    /// A session's change count as `AppSession.change(after:)` waits on it, without a session.
    final class Changes: Sendable {
        let wakeup = Wakeup()
        private let count = Atomic<UInt64>(0)
        /// How many waits for a change began: an idle stream's wait begins once, however long it sleeps.
        private let asked = Atomic<Int>(0)
        var asks: Int { asked.load(ordering: .relaxed) }

        func change() {
            count.wrappingAdd(1, ordering: .relaxed)
            wakeup.wakeAll()
        }

        func end() { wakeup.close() }

        /// Waits past `seen`: nil once ended (the session is gone).
        func wait(after seen: UInt64) async -> UInt64? {
            asked.wrappingAdd(1, ordering: .relaxed)
            await wakeup.wait { self.count.load(ordering: .relaxed) != seen }
            if wakeup.isClosed || Task.isCancelled { return nil }
            return count.load(ordering: .relaxed)
        }
    }

    final class Outcome: Sendable {
        private let wake = Mutex<LiveWake?>(nil)
        var value: LiveWake? { wake.withLock { $0 } }
        func set(_ value: LiveWake) { wake.withLock { $0 = value } }
    }

    /// A stream's wait in a task of its own, with what ended it once it ended.
    func waiting(
        _ changes: Changes, stops: [Wakeup], until deadline: ContinuousClock.Instant = never
    ) -> (Task<LiveWake, Never>, Outcome) {
        let outcome = Outcome()
        let task = Task {
            let wake = await LiveWait.next(until: deadline, stops: stops) { await changes.wait(after: 0) }
            outcome.set(wake)
            return wake
        }
        return (task, outcome)
    }

    @Test("an idle stream's wait does not return without a change, and returns with the count on a change")
    func change() async {
        let changes = Changes(), drain = Wakeup(), gone = Wakeup()
        let (task, outcome) = waiting(changes, stops: [drain, gone])
        // On a loaded machine the task may start late: its first ask is waited for (bounded), then it is given time to ask again wrongly.
        for _ in 0..<500 where changes.asks == 0 { try? await Task.sleep(for: .milliseconds(10)) }
        try? await Task.sleep(for: Self.quiet)
        #expect(outcome.value == nil, "no wake-up without a change")
        #expect(changes.asks == 1, "the change was asked once, not polled")
        changes.change()
        #expect(await task.value == .changed(1))
        #expect(
            changes.wakeup.waiting == 0 && drain.waiting == 0 && gone.waiting == 0,
            "the losers' waits were cancelled, none left behind")
    }

    @Test("the drain wakes every idle stream at once, and they stop")
    func drain() async {
        let drain = Wakeup()
        let streams = (0..<50).map { _ in waiting(Changes(), stops: [drain, Wakeup()]) }
        try? await Task.sleep(for: Self.quiet)
        #expect(streams.allSatisfy { $0.1.value == nil })
        drain.close()
        for (task, _) in streams { #expect(await task.value == .stopped) }
        #expect(drain.waiting == 0)
        // A stream that begins while the instance drains does not wait at all.
        let changes = Changes()
        #expect(await LiveWait.next(until: Self.never, stops: [drain]) { await changes.wait(after: 0) } == .stopped)
        #expect(changes.asks == 0)
    }

    @Test("the client going away stops its stream only")
    func clientGone() async {
        let drain = Wakeup(), mine = Wakeup()
        let (task, _) = waiting(Changes(), stops: [drain, mine])
        let (other, otherOutcome) = waiting(Changes(), stops: [drain, Wakeup()])
        try? await Task.sleep(for: .milliseconds(50))
        mine.close()
        #expect(await task.value == .stopped)
        try? await Task.sleep(for: Self.quiet)
        #expect(otherOutcome.value == nil)
        other.cancel()
        #expect(await other.value == .stopped)
    }

    @Test("cancelling the stream's task ends its wait at once; no continuation is left")
    func cancellation() async {
        let changes = Changes(), drain = Wakeup()
        let (task, _) = waiting(changes, stops: [drain])
        while changes.wakeup.waiting == 0 || drain.waiting == 0 { await Task.yield() }
        task.cancel()
        #expect(await task.value == .stopped)
        #expect(changes.wakeup.waiting == 0 && drain.waiting == 0)
    }

    @Test("the session ending wakes its stream: gone")
    func sessionEnds() async {
        let changes = Changes()
        let (task, _) = waiting(changes, stops: [Wakeup()])
        try? await Task.sleep(for: .milliseconds(50))
        changes.end()
        #expect(await task.value == .gone)
    }

    @Test("the deadline (the keep-alive) ends a quiet wait")
    func deadline() async {
        let changes = Changes()
        let wake = await LiveWait.next(until: .now + .milliseconds(100), stops: [Wakeup()]) {
            await changes.wait(after: 0)
        }
        #expect(wake == .deadline)
        #expect(changes.wakeup.waiting == 0)
    }
}
