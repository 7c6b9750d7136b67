import Foundation
import PostgresNIO

/// The store's postgres-nio connection pool and the task that runs it, replaceable by a fresh one.
///
/// postgres-nio's pool, when it cannot connect for a minute, fails its requests at once ("circuit
/// breaker") and retries with a backoff that grows to a minute: after a long outage it could take
/// that long to notice the server is back. The store then checks the server with a connection of
/// its own, at most once a second (`mayProbe`), and when that succeeds swaps in a fresh pool
/// (`replace`), which connects at once. A pool in that state holds no connection, so nothing in
/// flight is lost with it.
final class PostgresPool: @unchecked Sendable {
    private let makeClient: @Sendable () -> PostgresClient
    // Guards every stored property below: requests on many tasks read and replace the pool.
    private let lock = NSLock()
    private var client: PostgresClient
    private var runner: Task<Void, Never>
    private var lastProbe: ContinuousClock.Instant?
    private var probeFailure: String?
    private var closed = false

    init(_ makeClient: @escaping @Sendable () -> PostgresClient) {
        self.makeClient = makeClient
        let client = makeClient()
        self.client = client
        runner = Task { await client.run() }
    }

    deinit {
        runner.cancel()
    }

    /// The pool requests go to now (after `close()`, a closed one: its requests fail at once).
    var current: PostgresClient {
        lock.withLock { client }
    }

    /// Whether a probe of the server may run now on behalf of `stale` (the pool still in use, no
    /// probe within the last second); otherwise the reason the last probe failed, if any.
    func mayProbe(for stale: PostgresClient) -> (allowed: Bool, lastFailure: String?) {
        let now = ContinuousClock.now
        return lock.withLock {
            guard !closed, client === stale else { return (false, probeFailure) }
            if let lastProbe, now - lastProbe < .seconds(1) { return (false, probeFailure) }
            lastProbe = now
            return (true, nil)
        }
    }

    /// Remembers why the last probe failed, for the requests that fail before the next one.
    func probeFailed(_ reason: String) {
        lock.withLock { probeFailure = reason }
    }

    /// Replaces `stale` by a fresh pool, unless another request did already or the store is closed.
    func replace(_ stale: PostgresClient) {
        let old: Task<Void, Never>? = lock.withLock {
            guard !closed, client === stale else { return nil }
            let fresh = makeClient()
            let previous = runner
            client = fresh
            runner = Task { await fresh.run() }
            probeFailure = nil
            return previous
        }
        old?.cancel()
    }

    /// Stops the pool: its connections close, and requests fail from now on.
    func close() async {
        let running = lock.withLock {
            closed = true
            return runner
        }
        running.cancel()
        await running.value
    }
}
