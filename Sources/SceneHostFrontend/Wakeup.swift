import Synchronization

/// Tasks that sleep until something happens, woken all at once: by `wakeAll` (something changed:
/// each waiter looks again), or for good by `close` (what they wait on is over: every wait from
/// then on returns at once).
///
/// A wait costs nothing while it sleeps (no timer, no polling), and it ends at once when its task
/// is cancelled, leaving nothing behind: so a wait can be raced against others (a deadline, a
/// drain) in a task group whose losers are cancelled. A session's change count
/// (`AppSession.change(after:)`), `serve`'s drain and a live stream's client use it.
package final class Wakeup: Sendable {
    private struct State {
        var next: UInt64 = 0
        var waiting: [UInt64: CheckedContinuation<Void, Never>] = [:]
        var closed = false
    }

    private let state = Mutex(State())

    package init() {}

    /// Whether `close` was called.
    package var isClosed: Bool { state.withLock(\.closed) }

    /// Tasks waiting now (tests: a cancelled or woken wait leaves none behind).
    package var waiting: Int { state.withLock(\.waiting.count) }

    /// Sleeps until `wakeAll` or `close` is called, or the task is cancelled. Returns at once when
    /// this was closed, the task is cancelled, or `ready` is true: it is asked once the wait is
    /// registered, so a change made just before the wait (whose `wakeAll` found nobody) is not missed.
    /// `ready` runs on the caller's actor, synchronously.
    package func wait(isolation: isolated (any Actor)? = #isolation, unless ready: () -> Bool = { false }) async {
        let id = state.withLock { state in
            defer { state.next &+= 1 }
            return state.next
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation(isolation: isolation) { (continuation: CheckedContinuation<Void, Never>) in
                let registered = state.withLock { state in
                    guard !state.closed else { return false }
                    state.waiting[id] = continuation
                    return true
                }
                guard registered else { return continuation.resume() }
                // A cancellation before the registration found nothing to resume: it is seen here.
                if ready() || Task.isCancelled { resume(id) }
            }
        } onCancel: {
            resume(id)
        }
    }

    /// Wakes every task waiting now.
    package func wakeAll() {
        let woken = state.withLock { state in
            defer { state.waiting = [:] }
            return Array(state.waiting.values)
        }
        for continuation in woken { continuation.resume() }
    }

    /// Wakes every task waiting now, and makes every later wait return at once.
    package func close() {
        let woken = state.withLock { state in
            state.closed = true
            defer { state.waiting = [:] }
            return Array(state.waiting.values)
        }
        for continuation in woken { continuation.resume() }
    }

    private func resume(_ id: UInt64) {
        state.withLock { $0.waiting.removeValue(forKey: id) }?.resume()
    }

    /// Runs `wait` until it returns or `limit` passes, whichever comes first; the other is cancelled
    /// (so `wait` must end when cancelled, as `Wakeup.wait` does).
    package static func race(_ wait: @escaping @Sendable () async -> Void, within limit: Duration) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await wait() }
            group.addTask { try? await Task.sleep(for: limit) }
            await group.next()
            group.cancelAll()
        }
    }
}
