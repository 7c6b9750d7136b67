import PostgresNIO
import Synchronization

/// The store's postgres-nio client, replaceable by a fresh one, and the service that runs it and
/// every request (`run`).
///
/// Everything the store runs in the background runs inside `run()`, the store's service in `serve`'s
/// one `ServiceGroup` (`SessionStore.run`): the current client's own `run()`, the requests
/// (`PostgresDeadline`, through `submit`) and the instance lock's connecting. A request made before
/// `run()` starts waits for it within its deadline, then fails with `PostgresPoolError.notRunning`;
/// once `run()` has ended (its task cancelled, or `close()`), requests fail at once.
///
/// postgres-nio's pool, when it cannot connect for a minute, fails its requests at once ("circuit
/// breaker") and retries with a backoff that grows to a minute: after a long outage it could take
/// that long to notice the server is back. The store then checks the server with a connection of
/// its own, at most once a second (`mayProbe`), and when that succeeds swaps in a fresh client
/// (`replace`), which connects at once: `run()` starts it and cancels the stale one. A client in that
/// state holds no connection, so nothing in flight is lost with it.
final class PostgresPool: Sendable {
    private let makeClient: @Sendable () -> PostgresClient
    private let state: Mutex<State>
    /// Rung when `State.queue` gains work; finished by `close()`. Holds one ring at most: `run()`
    /// takes the whole queue at each.
    private let doorbell: AsyncStream<Void>
    private let ring: AsyncStream<Void>.Continuation

    private enum Phase {
        /// `run()` was not called yet: work waits in the queue.
        case idle
        case running
        /// `run()` takes no more work and waits for what it started.
        case stopping
        case ended
    }

    /// What `run()` starts in its task group.
    private enum Work: Sendable {
        /// A client to run until `retired` finishes (it was replaced) or the pool stops.
        case client(PostgresClient, retired: AsyncStream<Never>)
        /// A request; `abandon` answers its caller when the pool stops before starting it.
        case job(@Sendable () async -> Void, abandon: @Sendable (PostgresPoolError) -> Void)
    }

    private struct State {
        var client: PostgresClient
        /// Finishing it retires `client` (`Work.client`).
        var retire: AsyncStream<Never>.Continuation
        var retired: AsyncStream<Never>
        var queue: [Work] = []
        var phase = Phase.idle
        var closed = false
        /// `close()` calls waiting for `run()` to end.
        var endWaiters: [CheckedContinuation<Void, Never>] = []
        var lastProbe: ContinuousClock.Instant?
        var probeFailure: String?
    }

    init(_ makeClient: @escaping @Sendable () -> PostgresClient) {
        self.makeClient = makeClient
        let (retired, retire) = AsyncStream<Never>.makeStream()
        state = Mutex(State(client: makeClient(), retire: retire, retired: retired))
        (doorbell, ring) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    /// The client requests go to now.
    var current: PostgresClient {
        state.withLock { $0.client }
    }

    /// Whether `run()` was called (a request waiting for it is then only slow, not unserved).
    var hasStarted: Bool {
        state.withLock { $0.phase != .idle }
    }

    /// Runs the current client, each fresh one `replace` swaps in (cancelling the stale one) and every
    /// submitted request, until the task is cancelled or `close()` is called; then cancels them and
    /// returns once they have ended. A pool runs once: a second call, or one after `close()`, returns at once.
    func run() async {
        let first = state.withLock { state -> Work? in
            guard state.phase == .idle, !state.closed else { return nil }
            state.phase = .running
            return .client(state.client, retired: state.retired)
        }
        guard let first else { return }
        await withDiscardingTaskGroup { group in
            Self.start(first, in: &group)
            // Ends when the task is cancelled (the group's shutdown) or `close()` finishes the doorbell.
            for await _ in doorbell {
                let work = state.withLock { state -> [Work] in
                    // Closed: what is left is answered below rather than started.
                    guard !state.closed else { return [] }
                    defer { state.queue = [] }
                    return state.queue
                }
                for item in work { Self.start(item, in: &group) }
            }
            let (left, reason) = state.withLock { state in
                state.phase = .stopping
                defer { state.queue = [] }
                return (state.queue, state.closed ? PostgresPoolError.closed : .stopped)
            }
            for case .job(_, let abandon) in left { abandon(reason) }
            group.cancelAll()
        }
        let waiters = state.withLock { state in
            state.phase = .ended
            defer { state.endWaiters = [] }
            return state.endWaiters
        }
        for waiter in waiters { waiter.resume() }
    }

    private static func start(_ work: Work, in group: inout DiscardingTaskGroup) {
        switch work {
        case .client(let client, let retired):
            group.addTask {
                await withDiscardingTaskGroup { running in
                    running.addTask { await client.run() }
                    // Ends when the client is retired, or this task is cancelled.
                    for await _ in retired {}
                    running.cancelAll()
                }
            }
        case .job(let job, _):
            group.addTask { await job() }
        }
    }

    /// Hands `job` to `run()`, which starts it at once, or when it starts; `abandon` answers the
    /// job's caller when the pool stops before starting it. Throws when the pool takes no more work.
    func submit(
        _ job: @escaping @Sendable () async -> Void,
        abandon: @escaping @Sendable (PostgresPoolError) -> Void
    ) throws(PostgresPoolError) {
        try enqueue(.job(job, abandon: abandon))
    }

    private func enqueue(_ work: Work) throws(PostgresPoolError) {
        try state.withLock { state throws(PostgresPoolError) in
            guard !state.closed else { throw .closed }
            switch state.phase {
            case .idle, .running: state.queue.append(work)
            case .stopping, .ended: throw .stopped
            }
        }
        ring.yield()
    }

    /// Whether a probe of the server may run now on behalf of `stale` (the client still in use, no
    /// probe within the last second); otherwise the reason the last probe failed, if any.
    func mayProbe(for stale: PostgresClient) -> (allowed: Bool, lastFailure: String?) {
        let now = ContinuousClock.now
        return state.withLock { state in
            guard !state.closed, state.client === stale else { return (false, state.probeFailure) }
            if let lastProbe = state.lastProbe, now - lastProbe < .seconds(1) { return (false, state.probeFailure) }
            state.lastProbe = now
            return (true, nil)
        }
    }

    /// Remembers why the last probe failed, for the requests that fail before the next one.
    func probeFailed(_ reason: String) {
        state.withLock { $0.probeFailure = reason }
    }

    /// Replaces `stale` by a fresh client, unless another request did already or the pool stopped;
    /// `run()` starts it and cancels the stale one.
    func replace(_ stale: PostgresClient) {
        let makeClient = self.makeClient
        let rang = state.withLock { state -> Bool in
            guard !state.closed, state.client === stale else { return false }
            switch state.phase {
            case .stopping, .ended: return false
            case .idle, .running: break
            }
            let fresh = makeClient()
            let (retired, retire) = AsyncStream<Never>.makeStream()
            state.retire.finish()
            state.client = fresh
            state.retire = retire
            state.retired = retired
            state.probeFailure = nil
            // An idle pool's `run()` starts the current client itself.
            guard state.phase == .running else { return false }
            state.queue.append(.client(fresh, retired: retired))
            return true
        }
        if rang { ring.yield() }
    }

    /// Stops the pool: `run()` cancels its clients (their connections close) and requests, and this
    /// returns once it has ended; requests fail from now on.
    func close() async {
        let (running, left) = state.withLock { state -> (Bool, [Work]) in
            state.closed = true
            guard state.phase == .idle else { return (true, []) }
            // Never run: the requests waiting for it are answered now.
            defer { state.queue = [] }
            return (false, state.queue)
        }
        for case .job(_, let abandon) in left { abandon(.closed) }
        ring.finish()
        guard running else { return }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ended = state.withLock { state -> Bool in
                guard state.phase != .ended else { return true }
                state.endWaiters.append(continuation)
                return false
            }
            if ended { continuation.resume() }
        }
    }
}

/// Why a request could not be handed to the store's service (`PostgresPool`).
enum PostgresPoolError: Error, CustomStringConvertible {
    /// The service did not run the request by its deadline: nothing ran the store's service.
    case notRunning
    /// The service ended (`serve`'s group shut down): no request runs any more.
    case stopped
    /// The store was closed.
    case closed

    var description: String {
        switch self {
        case .notRunning: "the store's service is not running (nothing started its connection pool)"
        case .stopped: "the store's service has stopped"
        case .closed: "the store is closed"
        }
    }
}
