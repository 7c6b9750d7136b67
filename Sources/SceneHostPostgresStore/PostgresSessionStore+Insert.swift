import Logging
import PostgresNIO
import SceneHostSessions

/// `insert`: the caps and the eviction, in one transaction.
extension PostgresSessionStore {
    /// The advisory lock key every insert holds, so that the counts it checks stay true until it
    /// commits, across every instance on the database ("SCNHINSR" in ASCII).
    static let insertLock: Int64 = 0x5343_4E48_494E_5352

    package func insert(
        _ session: StoredSession, limits: SessionLimits, now: Int64
    ) async throws(SessionStoreError) -> SessionInsertion {
        // A cap of zero or less admits nothing; LIMIT would refuse a negative number.
        guard limits.perClient > 0 else { return .tooManyForClient }
        let logger = self.logger
        let (cutoff, overflow) = now.subtractingReportingOverflow(limits.evictionGrace)
        let idleSince = overflow ? (limits.evictionGrace > 0 ? Int64.min : Int64.max) : cutoff
        let app = self.app.identity
        return try await request { client in
            try await client.withTransaction(logger: logger) { connection in
                try await Self.insert(
                    session, app: app, limits: limits, idleSince: idleSince, on: connection, logger: logger)
            }
        }
    }

    private static func insert(
        _ session: StoredSession, app: String, limits: SessionLimits, idleSince: Int64,
        on connection: PostgresConnection,
        logger: Logger
    ) async throws -> SessionInsertion {
        try await connection.run("SELECT pg_advisory_xact_lock(\(insertLock))", logger: logger)
        let client = session.client
        // Counting at most `cap` rows is all the check needs, and bounds its cost on a large table.
        let perClient = Int64(limits.perClient)
        let inUse = SessionLimits.inUseActions
        let held = try await connection.query(
            """
            SELECT count(*) FROM (SELECT 1 FROM scene_host_sessions WHERE app = \(app) AND client = \(client) AND actions >= \(inUse)
                                  LIMIT \(perClient)) AS held
            """, logger: logger
        ).collect()
        if try held.first?.decode(Int64.self) ?? 0 >= perClient { return .tooManyForClient }

        var evicted: SessionKey?
        let total = Int64(max(limits.total, 0))
        let stored = try await connection.query(
            """
            SELECT count(*) FROM (SELECT 1 FROM scene_host_sessions WHERE app = \(app) LIMIT \(total)) AS stored
            """, logger: logger
        ).collect()
        if try stored.first?.decode(Int64.self) ?? 0 >= total {
            // Least work first: fewest actions, then the oldest last action (page loads move neither). The
            // test is repeated outside the subquery: a session another instance acted on after the subquery
            // read it is re-checked on its new row, and kept.
            let dropped = try await connection.query(
                """
                DELETE FROM scene_host_sessions
                WHERE key = (SELECT key FROM scene_host_sessions WHERE app = \(app) AND last_action <= \(idleSince)
                             ORDER BY actions, last_action, key LIMIT 1)
                  AND app = \(app) AND last_action <= \(idleSince)
                RETURNING key
                """, logger: logger
            ).collect()
            guard let row = dropped.first else { return .full }
            // A key of the wrong length is no session of ours; it is gone all the same.
            evicted = SessionKey(digest: Array(try row.decode(ByteBuffer.self).readableBytesView))
        }

        let key = ByteBuffer(bytes: session.key.digest)
        let body = ByteBuffer(bytes: session.body)
        try await connection.run(
            """
            INSERT INTO scene_host_sessions (key, token, state, created, last_used, last_action, client, actions, body, app)
            VALUES (\(key), \(session.token), \(session.state), \(session.created), \(session.lastUsed), \(session.lastAction),
                    \(client), \(session.actions), \(body), \(app))
            """, logger: logger)
        // A caller answered with a timeout was told nothing changed: roll back rather than commit late.
        try Task.checkCancellation()
        return .inserted(evicted: evicted)
    }
}
