import Foundation

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
/// task group would wait for it too, so the request runs in a task of its own and the caller is
/// answered by whichever comes first, the request or the deadline; the loser is cancelled.
enum PostgresDeadline {
    static func run<Value: Sendable>(
        timeout: Duration,
        _ request: @escaping @Sendable () async throws -> Value
    ) async -> DeadlineOutcome<Value> {
        let gate = FirstOutcome<Value>()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<DeadlineOutcome<Value>, Never>) in
                gate.install(continuation)
                let work = Task {
                    do {
                        gate.finish(.finished(try await request()))
                    } catch {
                        gate.finish(.failed(error))
                    }
                }
                let timer = Task {
                    // A cancelled sleep means the request answered first: nothing to do.
                    guard (try? await Task.sleep(for: timeout)) != nil else { return }
                    gate.finish(.timedOut)
                }
                gate.hold(work, timer)
            }
        } onCancel: {
            gate.finish(.cancelled)
        }
    }
}

/// The first outcome of a deadline race, handed to the waiting caller once; later ones are dropped.
private final class FirstOutcome<Value: Sendable>: @unchecked Sendable {
    // Guards every stored property below: the tasks and the cancellation handler race to finish.
    private let lock = NSLock()
    private var continuation: CheckedContinuation<DeadlineOutcome<Value>, Never>?
    /// An outcome that came before the continuation was installed (a caller cancelled up front).
    private var early: DeadlineOutcome<Value>?
    private var done = false
    private var tasks: [Task<Void, Never>] = []

    func install(_ continuation: CheckedContinuation<DeadlineOutcome<Value>, Never>) {
        lock.lock()
        if let early {
            lock.unlock()
            continuation.resume(returning: early)
            return
        }
        self.continuation = continuation
        lock.unlock()
    }

    /// Keeps the racing tasks so that the winner cancels the loser.
    func hold(_ work: Task<Void, Never>, _ timer: Task<Void, Never>) {
        lock.lock()
        let finished = done
        if !finished { tasks = [work, timer] }
        lock.unlock()
        if finished {
            work.cancel()
            timer.cancel()
        }
    }

    func finish(_ outcome: DeadlineOutcome<Value>) {
        lock.lock()
        guard !done else {
            lock.unlock()
            return
        }
        done = true
        let waiting = continuation
        continuation = nil
        if waiting == nil { early = outcome }
        let losers = tasks
        tasks = []
        lock.unlock()
        for task in losers { task.cancel() }
        waiting?.resume(returning: outcome)
    }
}
