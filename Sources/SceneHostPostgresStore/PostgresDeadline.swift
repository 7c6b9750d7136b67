import Synchronization

/// How a request run under a deadline ended (`PostgresDeadline.run`).
enum DeadlineOutcome<Value: Sendable>: Sendable {
    case finished(Value)
    case failed(any Error)
    /// The deadline passed first; the request may still reach the server later.
    case timedOut
    /// The caller's task was cancelled first.
    case cancelled
}

/// Runs a request with a deadline that holds even when the request does not listen for cancellation.
///
/// postgres-nio gives up a wait for a pooled connection when its task is cancelled, but not a
/// statement already sent: that waits for the server's answer or for the connection to close. A
/// task group of the caller's would wait for it too, so the request runs in the store's service
/// instead (`PostgresPool.submit`, a child of its `run()`), and the caller waits only for the
/// request's outcome or its own deadline, whichever comes first; the request is then cancelled and
/// goes on in the service until it ends. A request the service has not started by the deadline (it
/// never ran) fails with `PostgresPoolError.notRunning`; one the service can no longer take fails at once.
enum PostgresDeadline {
    static func run<Value: Sendable>(
        timeout: Duration, on pool: PostgresPool,
        _ request: @escaping @Sendable () async throws -> Value
    ) async -> DeadlineOutcome<Value> {
        let outcome = Settlement<Value>()
        do {
            try pool.submit({ await settle(outcome, by: request) }, abandon: { outcome.settle(.failed($0)) })
        } catch {
            return .failed(error)
        }
        let first = await withTaskGroup(of: Void.self) { group in
            group.addTask {
                // A cancelled sleep: the caller was answered or cancelled first.
                guard (try? await Task.sleep(for: timeout)) != nil else { return }
                outcome.settle(.timedOut)
            }
            let first = await outcome.wait() ?? .cancelled
            group.cancelAll()
            return first
        }
        // Tells the request it lost, when the deadline or the caller's cancellation came first.
        outcome.settle(first)
        if case .timedOut = first, !pool.hasStarted { return .failed(PostgresPoolError.notRunning) }
        return first
    }

    /// Runs `request` in the store's service until it ends; it is cancelled as soon as anything
    /// settles `outcome` (its deadline, its caller's cancellation, the service's end).
    private static func settle<Value: Sendable>(
        _ outcome: Settlement<Value>, by request: @escaping @Sendable () async throws -> Value
    ) async {
        // Its caller was answered while it waited for the service.
        guard !outcome.isSettled else { return }
        await withDiscardingTaskGroup { group in
            group.addTask {
                do {
                    outcome.settle(.finished(try await request()))
                } catch {
                    outcome.settle(.failed(error))
                }
            }
            // Nil: the service itself is ending; its callers are answered now, not when the request ends.
            if await outcome.wait() == nil { outcome.settle(.failed(PostgresPoolError.stopped)) }
            group.cancelAll()
        }
    }
}

/// An outcome settled once and awaited by any number of tasks; later settlements are dropped.
final class Settlement<Value: Sendable>: Sendable {
    private struct State {
        var outcome: DeadlineOutcome<Value>?
        var waiters: [UInt64: CheckedContinuation<DeadlineOutcome<Value>?, Never>] = [:]
        var nextWaiter: UInt64 = 0
    }

    private let state = Mutex(State())

    var isSettled: Bool {
        state.withLock { $0.outcome != nil }
    }

    /// Settles with `outcome` unless it is settled already, and wakes every waiter.
    func settle(_ outcome: DeadlineOutcome<Value>) {
        let waiters = state.withLock { state -> [CheckedContinuation<DeadlineOutcome<Value>?, Never>] in
            guard state.outcome == nil else { return [] }
            state.outcome = outcome
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume(returning: outcome) }
    }

    /// The outcome once settled; nil as soon as the waiting task is cancelled (the outcome stays
    /// open for the others).
    func wait() async -> DeadlineOutcome<Value>? {
        let id = state.withLock { state in
            defer { state.nextWaiter += 1 }
            return state.nextWaiter
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<DeadlineOutcome<Value>?, Never>) in
                let now = state.withLock { state -> DeadlineOutcome<Value>?? in
                    if let outcome = state.outcome { return .some(outcome) }
                    // A cancellation whose handler ran before this wait was registered found nothing to resume.
                    if Task.isCancelled { return .some(nil) }
                    state.waiters[id] = continuation
                    return nil
                }
                if let now { continuation.resume(returning: now) }
            }
        } onCancel: {
            let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
            waiter?.resume(returning: nil)
        }
    }
}
