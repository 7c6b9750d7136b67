import Logging
import PostgresNIO
import SceneHostSessions

/// The schema: three tables (the version, the sessions, settings shared by every instance), made (or brought up to
/// this build's version) by `prepare()` under an advisory lock so that instances starting together do not race.
extension PostgresSessionStore {
    /// The schema version this build writes and reads; a database at a higher one is refused. Version 2
    /// added `last_action`, version 3 the `app` of each row (`SessionStore`), version 4 the `holder` of a
    /// claim; an older database is brought up to it at start, its rows belonging to no app and their
    /// claims to no holder.
    package static let schemaVersion = 4

    /// The advisory lock key `prepare()` holds while it checks and creates the schema (any fixed
    /// number that other applications on the database are unlikely to use: "SCNHSCHM" in ASCII).
    static let schemaLock: Int64 = 0x5343_4E48_5343_484D

    package func prepare() async throws(SessionStoreError) {
        let configuration = Self.connectionConfiguration(address: address, requestTimeout: requestTimeout)
        let logger = self.logger
        // A connection of its own rather than the pool's: the pool retries a failed connect in the
        // background and its callers see only a timeout, whereas at start the cause ("connection
        // refused", "database does not exist", a failed password) is what the operator needs.
        let outcome = await PostgresDeadline.run(timeout: requestTimeout, on: pool) { () async throws -> Int? in
            let connection = try await PostgresConnection.connect(configuration: configuration, id: 0, logger: logger)
            do {
                let newer = try await connection.withTransaction(logger: logger) { connection in
                    try await Self.makeSchema(on: connection, logger: logger)
                }
                try? await connection.close()
                return newer
            } catch {
                try? await connection.close()
                throw error
            }
        }
        if let newer = try settle(outcome, failure: SessionStoreError.cannotOpen) {
            throw .schemaTooNew(location: location, found: newer, known: Self.schemaVersion)
        }
    }

    /// Creates what is missing, within the caller's transaction; returns the stored version when it
    /// is newer than this build's (and then creates nothing).
    private static func makeSchema(on connection: PostgresConnection, logger: Logger) async throws -> Int? {
        try await connection.run("SELECT pg_advisory_xact_lock(\(schemaLock))", logger: logger)
        try await connection.run(
            "CREATE TABLE IF NOT EXISTS scene_host_schema (version integer NOT NULL)", logger: logger)
        let rows = try await connection.query("SELECT max(version) FROM scene_host_schema", logger: logger).collect()
        let stored = try rows.first?.decode(Int32?.self) ?? nil
        if let stored, Int(stored) > schemaVersion { return Int(stored) }
        if stored == nil {
            try await connection.run(
                "INSERT INTO scene_host_schema (version) VALUES (\(Int32(schemaVersion)))", logger: logger)
        }
        try await connection.run(
            """
            CREATE TABLE IF NOT EXISTS scene_host_sessions (
                key bytea PRIMARY KEY,
                token text NOT NULL,
                state bigint NOT NULL,
                created bigint NOT NULL,
                last_used bigint NOT NULL,
                last_action bigint NOT NULL,
                client text NOT NULL,
                actions bigint NOT NULL,
                body bytea NOT NULL,
                app text NOT NULL DEFAULT '',
                holder bigint NOT NULL DEFAULT 0
            )
            """, logger: logger)
        if let stored, Int(stored) < schemaVersion {
            if stored < 2 {
                // Version 1 had no last action: a session's last use stands for it until its next action.
                try await connection.run(
                    "ALTER TABLE scene_host_sessions ADD COLUMN IF NOT EXISTS last_action bigint NOT NULL DEFAULT 0",
                    logger: logger)
                try await connection.run("UPDATE scene_host_sessions SET last_action = last_used", logger: logger)
            }
            if stored < 3 {
                // Before version 3 rows had no app: they keep the empty one, which is no app's (`SessionStore`).
                try await connection.run(
                    "ALTER TABLE scene_host_sessions ADD COLUMN IF NOT EXISTS app text NOT NULL DEFAULT ''",
                    logger: logger)
                try await connection.run("DROP INDEX IF EXISTS scene_host_sessions_work", logger: logger)
                try await connection.run("DROP INDEX IF EXISTS scene_host_sessions_client", logger: logger)
            }
            // Before version 4 claims named no holder: one left under way is taken over by the lease only.
            try await connection.run(
                "ALTER TABLE scene_host_sessions ADD COLUMN IF NOT EXISTS holder bigint NOT NULL DEFAULT 0",
                logger: logger)
            try await connection.run("UPDATE scene_host_schema SET version = \(Int32(schemaVersion))", logger: logger)
        }
        // Expiry by last use (it also reaches rows of no app); the caps and the eviction per app.
        try await connection.run(
            "CREATE INDEX IF NOT EXISTS scene_host_sessions_app_work ON scene_host_sessions (app, actions, last_action)",
            logger: logger)
        try await connection.run(
            "CREATE INDEX IF NOT EXISTS scene_host_sessions_last_used ON scene_host_sessions (last_used)",
            logger: logger)
        try await connection.run(
            "CREATE INDEX IF NOT EXISTS scene_host_sessions_app_client ON scene_host_sessions (app, client)",
            logger: logger)
        try await connection.run(
            "CREATE TABLE IF NOT EXISTS scene_host_settings (name text PRIMARY KEY, value text NOT NULL)",
            logger: logger)
        return nil
    }

    /// The configuration of the one connection `prepare()` makes (the pool's, as a single connection).
    static func connectionConfiguration(
        address: SessionStoreLocation.PostgresAddress, requestTimeout: Duration
    ) -> PostgresConnection.Configuration {
        var configuration = PostgresConnection.Configuration(
            host: address.host, port: address.port, username: address.user, password: address.password,
            database: address.database, tls: .disable)
        configuration.options.connectTimeout = TimeAmount(requestTimeout)
        configuration.options.additionalStartupParameters = sessionSettings(requestTimeout: requestTimeout)
        return configuration
    }
}
