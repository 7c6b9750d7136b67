import Logging
import PostgresNIO
import SceneHostSessions

/// Sessions kept in PostgreSQL, shared by every `scene-host serve` instance that names the same database.
///
/// The store owns a postgres-nio connection pool, which runs, with every request, inside `run()`: the
/// store's service in `serve`'s one `ServiceGroup` (`PostgresPool`). Whoever makes the store runs it:
/// without it, requests answer `.unavailable` (at their deadline when it never ran, at once after it
/// ended). Connections are plain TCP without TLS: the database is meant to be on the loopback
/// interface or a private network. Every request answers within `requestTimeout`: a server that
/// is down or does not answer gives `SessionStoreError.unavailable`, never a hang, and the same
/// store works again once the server is back (the pool reconnects; after an outage of over a
/// minute the store swaps in a fresh pool, see `PostgresPool`). The server drops a statement that
/// outlives `requestTimeout` (`statement_timeout`), so a request answered with a timeout is
/// normally not carried out later; a commit whose answer was lost on the way can still have been.
/// Errors name the address without its password. Every row carries its app (`app`, `SessionStore`):
/// several apps may share one database.
///
/// Each store object is an instance (`instance`): a claim names it in the row's `holder`, and it holds
/// an advisory lock keyed by it on a connection of its own (`PostgresInstanceLock`), by which the other
/// instances know it runs (`pg_locks`). A claim whose holder's lock is not held is taken over at once.
package final class PostgresSessionStore: SessionStore {
    package let location: String
    package let app: SessionApp
    let address: SessionStoreLocation.PostgresAddress
    let requestTimeout: Duration
    let logger: Logger
    let pool: PostgresPool
    /// This instance's advisory lock and its connection (made on the first claim).
    let instanceLock: PostgresInstanceLock

    /// This store's identity as a claim's holder (random per store opened, so per process start).
    package var instance: Int64 { instanceLock.identity }

    /// A store at `address` for the sessions of `app`, ready for `prepare()`; nothing is connected
    /// until the first request.
    ///
    /// `requestTimeout` bounds every request, including the wait for a connection and, at
    /// `prepare()`, connecting itself.
    package init(
        address: SessionStoreLocation.PostgresAddress, app: SessionApp, requestTimeout: Duration, logger: Logger
    ) {
        self.address = address
        self.app = app
        self.location = address.description
        self.requestTimeout = requestTimeout
        self.logger = logger
        let configuration = Self.clientConfiguration(address: address, requestTimeout: requestTimeout)
        let pool = PostgresPool { PostgresClient(configuration: configuration, backgroundLogger: logger) }
        self.pool = pool
        instanceLock = PostgresInstanceLock(
            address: address, requestTimeout: requestTimeout, pool: pool, logger: logger)
    }

    /// Runs the connection pool and every request of this store until the task is cancelled or the
    /// store is closed (`PostgresPool.run`); runs once.
    package func run() async {
        await pool.run()
    }

    static func clientConfiguration(
        address: SessionStoreLocation.PostgresAddress, requestTimeout: Duration
    ) -> PostgresClient.Configuration {
        var configuration = PostgresClient.Configuration(
            host: address.host, port: address.port, username: address.user, password: address.password,
            database: address.database, tls: .disable)
        configuration.options.connectTimeout = requestTimeout
        configuration.options.additionalStartupParameters = sessionSettings(requestTimeout: requestTimeout)
        // A few connections serve one instance's requests; many instances share one server.
        configuration.options.maximumConnections = 10
        return configuration
    }

    /// Settings every connection starts with: the server gives up a statement, or a transaction
    /// left open, once its caller has been answered with a timeout, so that a late request is rolled
    /// back rather than carried out after the caller was told nothing changed.
    static func sessionSettings(requestTimeout: Duration) -> [(String, String)] {
        // 0 would turn the timeouts off.
        let limit = String(max(milliseconds(requestTimeout), 1))
        return [
            ("application_name", "scene-host"), ("statement_timeout", limit),
            ("idle_in_transaction_session_timeout", limit),
        ]
    }

    package func load(_ key: SessionKey) async throws(SessionStoreError) -> StoredSession? {
        let keyBytes = ByteBuffer(bytes: key.digest)
        let app = self.app.identity
        let rows = try await request { client in
            try await client.query(
                """
                SELECT key, token, state, created, last_used, last_action, client, actions, body
                FROM scene_host_sessions WHERE key = \(keyBytes) AND app = \(app)
                """
            ).collect()
        }
        guard let row = rows.first else { return nil }
        return try Self.session(from: row)
    }

    package func state(of key: SessionKey) async throws(SessionStoreError) -> Int64? {
        let keyBytes = ByteBuffer(bytes: key.digest)
        let app = self.app.identity
        let rows = try await request { client in
            try await client.query("SELECT state FROM scene_host_sessions WHERE key = \(keyBytes) AND app = \(app)")
                .collect()
        }
        guard let row = rows.first else { return nil }
        return try Self.decode(row, as: Int64.self)
    }

    package func claim(_ key: SessionKey, from state: Int64, now: Int64) async throws(SessionStoreError) -> SessionClaim
    {
        let keyBytes = ByteBuffer(bytes: key.digest)
        let app = self.app.identity
        let lock = instanceLock
        // One round trip: the update, or where the session was. The outer SELECT reads the statement's
        // snapshot, so a claim lost to a concurrent one may read the old state (the caller treats it as
        // lost to an action under way). The claim names this instance, whose lock is held first.
        let rows = try await request { client in
            let instance = try await lock.ensureHeld()
            return try await client.query(
                """
                WITH claimed AS (
                    UPDATE scene_host_sessions SET state = state + 1, last_used = \(now), holder = \(instance)
                    WHERE key = \(keyBytes) AND app = \(app) AND state = \(state) RETURNING state)
                SELECT true, state FROM claimed
                UNION ALL
                SELECT false, state FROM scene_host_sessions WHERE key = \(keyBytes) AND app = \(app) AND NOT EXISTS (SELECT 1 FROM claimed)
                """
            ).collect()
        }
        guard let row = rows.first else { return .lost(current: nil) }
        let won: Bool, current: Int64
        do {
            (won, current) = try row.decode((Bool, Int64).self)
        } catch {
            throw .malformedRow(reason: "its state is damaged")
        }
        return won ? .claimed : .lost(current: current)
    }

    package func reclaim(
        _ key: SessionKey, from state: Int64, now: Int64, staleBefore: Int64, includingOwn: Bool
    ) async throws(SessionStoreError) -> Bool {
        guard !state.isMultiple(of: 2) else { return false }
        let keyBytes = ByteBuffer(bytes: key.digest)
        let app = self.app.identity
        let lock = instanceLock
        // The holder is running while its advisory lock (two keys: its identity's halves, `PostgresInstanceLock`)
        // is granted to a session of this database; 0 names no holder (a claim of an older build): the lease decides.
        let rows = try await request { client in
            let instance = try await lock.ensureHeld()
            return try await client.query(
                """
                UPDATE scene_host_sessions SET state = state + 2, last_used = \(now), holder = \(instance)
                WHERE key = \(keyBytes) AND app = \(app) AND state = \(state) AND (
                    last_used < \(staleBefore)
                    OR (holder = \(instance) AND \(includingOwn))
                    OR (holder <> 0 AND holder <> \(instance) AND NOT EXISTS (
                        SELECT 1 FROM pg_locks
                        WHERE locktype = 'advisory' AND granted AND objsubid = 2
                          AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
                          AND classid::int8 = ((holder >> 32) & 4294967295) AND objid::int8 = (holder & 4294967295))))
                RETURNING 1
                """
            ).collect()
        }
        return rows.count == 1
    }

    package func release(_ key: SessionKey, from state: Int64) async throws(SessionStoreError) -> Bool {
        guard !state.isMultiple(of: 2) else { return false }
        let keyBytes = ByteBuffer(bytes: key.digest)
        let app = self.app.identity
        let instance = self.instance
        let rows = try await request { client in
            try await client.query(
                """
                UPDATE scene_host_sessions SET state = state + 1, holder = 0
                WHERE key = \(keyBytes) AND app = \(app) AND state = \(state) AND holder = \(instance) RETURNING 1
                """
            ).collect()
        }
        return rows.count == 1
    }

    package func write(_ session: StoredSession, expecting expected: Int64) async throws(SessionStoreError) -> Bool {
        let keyBytes = ByteBuffer(bytes: session.key.digest)
        let body = ByteBuffer(bytes: session.body)
        let app = self.app.identity
        let rows = try await request { client in
            try await client.query(
                """
                UPDATE scene_host_sessions SET token = \(session.token), state = \(session.state),
                    created = \(session.created), last_used = \(session.lastUsed), last_action = \(session.lastAction),
                    client = \(session.client),
                    actions = \(session.actions), body = \(body), holder = 0
                WHERE key = \(keyBytes) AND app = \(app) AND state = \(expected) RETURNING 1
                """
            ).collect()
        }
        return rows.count == 1
    }

    package func touch(_ key: SessionKey, now: Int64) async throws(SessionStoreError) {
        let keyBytes = ByteBuffer(bytes: key.digest)
        let app = self.app.identity
        _ = try await request { client in
            try await client.query(
                """
                UPDATE scene_host_sessions SET last_used = greatest(last_used, \(now))
                WHERE key = \(keyBytes) AND app = \(app) AND state % 2 = 0
                """
            ).collect().count
        }
    }

    package func delete(_ key: SessionKey) async throws(SessionStoreError) {
        let keyBytes = ByteBuffer(bytes: key.digest)
        let app = self.app.identity
        _ = try await request { client in
            try await client.query("DELETE FROM scene_host_sessions WHERE key = \(keyBytes) AND app = \(app)").collect()
                .count
        }
    }

    package func expire(usedBefore cutoff: Int64) async throws(SessionStoreError) -> Int {
        let app = self.app.identity
        // Rows of no app (written before schema 3) go too once idle: no app reads them, and none else would drop them.
        let rows = try await request { client in
            try await client.query(
                """
                WITH dropped AS (DELETE FROM scene_host_sessions WHERE app IN (\(app), '') AND last_used < \(cutoff) RETURNING 1)
                SELECT count(*) FROM dropped
                """
            ).collect()
        }
        return try count(from: rows)
    }

    package func count() async throws(SessionStoreError) -> Int {
        let app = self.app.identity
        let rows = try await request { client in
            try await client.query("SELECT count(*) FROM scene_host_sessions WHERE app = \(app)").collect()
        }
        return try count(from: rows)
    }

    package func startToken(proposed: String) async throws(SessionStoreError) -> String {
        let rows = try await request { client in
            try await client.query(
                """
                WITH added AS (
                    INSERT INTO scene_host_settings (name, value) VALUES ('start-token', \(proposed))
                    ON CONFLICT (name) DO NOTHING RETURNING value)
                SELECT value FROM added UNION ALL SELECT value FROM scene_host_settings WHERE name = 'start-token'
                """
            ).collect()
        }
        guard let row = rows.first else { throw .malformedRow(reason: "the stored start token is missing") }
        return try Self.decode(row, as: String.self)
    }

    package func ping() async throws(SessionStoreError) {
        _ = try await request { client in
            try await client.query("SELECT 1").collect().count
        }
    }

    /// Stops the pool: open connections are closed (this instance's lock's too), `run()` returns, and
    /// later requests fail with `.unavailable`.
    package func close() async {
        await instanceLock.close()
        await pool.close()
    }

    // MARK: - Running requests

    /// Runs `body` against the pool within `requestTimeout`; any failure is `.unavailable`.
    func request<Value: Sendable>(
        _ body: @escaping @Sendable (PostgresClient) async throws -> Value
    ) async throws(SessionStoreError) -> Value {
        let clock = ContinuousClock()
        let deadline = clock.now + requestTimeout
        let client = pool.current
        let outcome = await PostgresDeadline.run(timeout: requestTimeout, on: pool) { try await body(client) }
        guard case .failed(let error) = outcome, PostgresFailureReason.isCircuitOpen(error) else {
            return try settle(outcome, failure: SessionStoreError.unavailable)
        }
        return try await retryOnFreshPool(replacing: client, until: deadline, error: error, body)
    }

    /// After the pool's "circuit breaker" refused a request (see `PostgresPool`): checks the server
    /// with a connection of its own and, when it answers, runs the request again on a fresh pool.
    /// The refused request never reached the server, so running it again is safe.
    private func retryOnFreshPool<Value: Sendable>(
        replacing stale: PostgresClient, until deadline: ContinuousClock.Instant, error: any Error,
        _ body: @escaping @Sendable (PostgresClient) async throws -> Value
    ) async throws(SessionStoreError) -> Value {
        let probe = pool.mayProbe(for: stale)
        guard probe.allowed else {
            throw .unavailable(
                location: location,
                reason: probe.lastFailure.map { "cannot connect: \($0)" } ?? PostgresFailureReason.describe(error))
        }
        let configuration = Self.connectionConfiguration(address: address, requestTimeout: requestTimeout)
        let logger = self.logger
        let clock = ContinuousClock()
        let reached = await PostgresDeadline.run(timeout: deadline - clock.now, on: pool) {
            let connection = try await PostgresConnection.connect(configuration: configuration, id: 0, logger: logger)
            try? await connection.close()
        }
        switch reached {
        case .finished:
            logger.info(
                "session store reachable again; starting a fresh connection pool", metadata: ["location": "\(location)"]
            )
            pool.replace(stale)
            let fresh = pool.current
            let retried = await PostgresDeadline.run(timeout: deadline - clock.now, on: pool) { try await body(fresh) }
            return try settle(retried, failure: SessionStoreError.unavailable)
        case .failed(let probeError):
            let reason = PostgresFailureReason.describe(probeError)
            pool.probeFailed(reason)
            throw .unavailable(location: location, reason: "cannot connect: \(reason)")
        case .timedOut:
            throw .unavailable(location: location, reason: "timed out after \(Self.milliseconds(requestTimeout)) ms")
        case .cancelled:
            throw .unavailable(location: location, reason: "the request was cancelled")
        }
    }

    /// The value of `outcome`, or the error `failure` makes from this store's location and a short reason.
    func settle<Value>(
        _ outcome: DeadlineOutcome<Value>,
        failure: (_ location: String, _ reason: String) -> SessionStoreError
    ) throws(SessionStoreError) -> Value {
        switch outcome {
        case .finished(let value):
            return value
        case .failed(let error):
            if let storeError = error as? SessionStoreError { throw storeError }
            if error is PostgresDecodingError {
                throw SessionStoreError.malformedRow(reason: "a column did not decode")
            }
            let reason = PostgresFailureReason.describe(error)
            logger.debug("session store request failed", metadata: ["location": "\(location)", "reason": "\(reason)"])
            throw failure(location, reason)
        case .timedOut:
            throw failure(location, "timed out after \(Self.milliseconds(requestTimeout)) ms")
        case .cancelled:
            throw failure(location, "the request was cancelled")
        }
    }

    static func milliseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }

    // MARK: - Rows

    static func session(from row: PostgresRow) throws(SessionStoreError) -> StoredSession {
        let columns: (ByteBuffer, String, Int64, Int64, Int64, Int64, String, Int64, ByteBuffer)
        do {
            columns = try row.decode((ByteBuffer, String, Int64, Int64, Int64, Int64, String, Int64, ByteBuffer).self)
        } catch {
            throw .malformedRow(reason: "a column did not decode")
        }
        guard let key = SessionKey(digest: Array(columns.0.readableBytesView)) else {
            throw .malformedRow(reason: "its key is not 32 bytes")
        }
        return StoredSession(
            key: key, token: columns.1, state: columns.2, created: columns.3, lastUsed: columns.4,
            lastAction: columns.5, client: columns.6, actions: columns.7, body: Array(columns.8.readableBytesView))
    }

    static func decode<Column: PostgresDecodable>(
        _ row: PostgresRow, as type: Column.Type
    ) throws(SessionStoreError) -> Column {
        do {
            return try row.decode(Column.self)
        } catch {
            throw .malformedRow(reason: "a column did not decode")
        }
    }

    /// The single `count(*)` of `rows`: a count that does not read is the server's fault, not a session's.
    func count(from rows: [PostgresRow]) throws(SessionStoreError) -> Int {
        guard let row = rows.first, let count = try? row.decode(Int64.self) else {
            throw .unavailable(location: location, reason: "a count came back without a number")
        }
        return Int(count)
    }
}

extension PostgresConnection {
    /// Runs a statement whose rows are not needed, and waits until the server has finished it.
    func run(_ statement: PostgresQuery, logger: Logger) async throws {
        _ = try await query(statement, logger: logger).collect()
    }
}
