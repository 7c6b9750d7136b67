import Foundation
import GRDB
import Synchronization
import SceneHostSessions

/// The default session store: an SQLite file (through GRDB) that every `serve` of one machine may
/// share. WAL mode, so page loads read while an action writes; a write waits up to
/// `busyTimeout` for another process's, then fails as `unavailable`.
///
/// The file passes `SessionStoreFile.prepare` (trust checks, 0600, its folder 0700) before SQLite
/// opens it. Schema version `SQLiteSessionStore.schemaVersion`; a newer one is refused at start.
/// Every row carries its app (`app`, `SessionStore`): several apps may share one file.
///
/// Each store object is an instance (`instance`): a claim names it in the row's `holder`, and while
/// the store is open it holds the `flock` of its file beside the database (`SQLiteInstanceLock`), by
/// which the other instances know it runs. A claim whose holder's lock is free is taken over at once.
package final class SQLiteSessionStore: SessionStore {
    /// The schema this build writes and reads (2 added `last_action`, 3 the `app` of each row, 4 the
    /// `holder` of a claim; an older file is brought up to it at start, its rows belonging to no app and
    /// their claims to no holder).
    package static let schemaVersion = 4
    package let path: String
    package let app: SessionApp
    private let pool: DatabasePool
    /// A read-only connection of its own for `stateAtOnce`, opened at its first use; the lock is only
    /// ever tried (a caller that finds it taken reads the usual way).
    private let atOnce = Mutex<(queue: DatabaseQueue?, closed: Bool)>((nil, false))
    /// This instance's lock file, held while the store is open.
    let instanceLock: SQLiteInstanceLock

    /// This store's identity as a claim's holder (random per store opened, so per process start).
    package var instance: Int64 { instanceLock.identity }

    /// Opens (making when missing) the store at `path`, for the sessions of `app`.
    package init(path: String, app: SessionApp, busyTimeout: Duration = .seconds(5)) throws(SessionStoreError) {
        try SessionStoreFile.prepare(path: path)
        self.path = path
        self.app = app
        var configuration = Configuration()
        configuration.busyMode = .timeout(TimeInterval(busyTimeout.components.seconds))
        configuration.label = "scene-host sessions"
        do {
            pool = try DatabasePool(path: path, configuration: configuration)
        } catch {
            throw .cannotOpen(location: "sqlite:\(path)", reason: Self.reason(error))
        }
        do {
            instanceLock = try SQLiteInstanceLock(beside: path)
        } catch {
            try? pool.close()
            throw .cannotOpen(location: "sqlite:\(path)", reason: error.reason)
        }
    }

    package var location: String { "sqlite:\(path)" }

    package func prepare() async throws(SessionStoreError) {
        // The lock files killed instances left behind.
        SQLiteInstanceLock.sweep(beside: path)
        let known = Self.schemaVersion
        let found: Int
        do {
            found = try await pool.write { db -> Int in
                try db.execute(sql: "CREATE TABLE IF NOT EXISTS scene_host_schema (version INTEGER NOT NULL)")
                if let stored = try DatabaseValue.fetchOne(db, sql: "SELECT max(version) FROM scene_host_schema"),
                    !stored.isNull
                {
                    // A version that is no number was not written by any scene-host: refused as too new to read.
                    let version = Int.fromDatabaseValue(stored) ?? Int.max
                    guard version < known else { return version }
                    if version < 2 {
                        // Version 1 had no last action: a session's last use stands for it until its next action.
                        try db.execute(
                            sql: "ALTER TABLE scene_host_sessions ADD COLUMN last_action INTEGER NOT NULL DEFAULT 0")
                        try db.execute(sql: "UPDATE scene_host_sessions SET last_action = last_used")
                    }
                    if version < 3 {
                        // Before version 3 rows had no app: they keep the empty one, which is no app's (`SessionStore`).
                        try db.execute(sql: "ALTER TABLE scene_host_sessions ADD COLUMN app TEXT NOT NULL DEFAULT ''")
                        try db.execute(sql: "DROP INDEX IF EXISTS scene_host_sessions_client")
                        try db.execute(sql: "DROP INDEX IF EXISTS scene_host_sessions_work")
                        try Self.makeIndexes(db)
                    }
                    // Before version 4 claims named no holder: one left under way is taken over by the lease only.
                    try db.execute(sql: "ALTER TABLE scene_host_sessions ADD COLUMN holder INTEGER NOT NULL DEFAULT 0")
                    try db.execute(sql: "UPDATE scene_host_schema SET version = ?", arguments: [known])
                    return known
                }
                try db.execute(
                    sql: """
                        CREATE TABLE IF NOT EXISTS scene_host_sessions (
                            key BLOB PRIMARY KEY NOT NULL, token TEXT NOT NULL, state INTEGER NOT NULL,
                            created INTEGER NOT NULL, last_used INTEGER NOT NULL, last_action INTEGER NOT NULL,
                            client TEXT NOT NULL, actions INTEGER NOT NULL, body BLOB NOT NULL, app TEXT NOT NULL DEFAULT '',
                            holder INTEGER NOT NULL DEFAULT 0) WITHOUT ROWID
                        """)
                try Self.makeIndexes(db)
                try db.execute(
                    sql:
                        "CREATE TABLE IF NOT EXISTS scene_host_settings (name TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL) WITHOUT ROWID"
                )
                try db.execute(sql: "INSERT INTO scene_host_schema (version) VALUES (?)", arguments: [known])
                return known
            }
        } catch {
            throw .cannotOpen(location: location, reason: Self.reason(error))
        }
        guard found <= known else { throw .schemaTooNew(location: location, found: found, known: known) }
    }

    /// The indexes of schema 3: expiry by last use (it also reaches rows of no app), the caps and the eviction per app.
    private static func makeIndexes(_ db: Database) throws {
        try db.execute(
            sql: "CREATE INDEX IF NOT EXISTS scene_host_sessions_last_used ON scene_host_sessions (last_used)")
        try db.execute(
            sql: "CREATE INDEX IF NOT EXISTS scene_host_sessions_app_client ON scene_host_sessions (app, client)")
        try db.execute(
            sql:
                "CREATE INDEX IF NOT EXISTS scene_host_sessions_app_work ON scene_host_sessions (app, actions, last_action)"
        )
    }

    package func load(_ key: SessionKey) async throws(SessionStoreError) -> StoredSession? {
        let app = self.app.identity
        return try await reading { db in
            guard
                let row = try Row.fetchOne(
                    db, sql: "SELECT * FROM scene_host_sessions WHERE key = ? AND app = ?",
                    arguments: [Data(key.digest), app])
            else { return nil }
            return try Self.session(from: row)
        }
    }

    package func state(of key: SessionKey) async throws(SessionStoreError) -> Int64? {
        let app = self.app.identity
        return try await reading { db in
            guard
                let stored = try DatabaseValue.fetchOne(
                    db, sql: "SELECT state FROM scene_host_sessions WHERE key = ? AND app = ?",
                    arguments: [Data(key.digest), app])
            else { return nil }
            guard let state = Int64.fromDatabaseValue(stored) else {
                throw SessionStoreError.malformedRow(reason: "its state is damaged")
            }
            return state
        }
    }

    /// Read on a read-only connection of its own, which never waits: SQLite's busy handler is off
    /// (a locked file answers `.unknown` at once), and so is the wait for the connection (another
    /// caller holding it answers `.unknown` too). In WAL mode a reader is not held up by writers.
    package func stateAtOnce(of key: SessionKey) -> StateAtOnce {
        let app = self.app.identity
        let read: StateAtOnce? = atOnce.withLockIfAvailable { connection -> StateAtOnce in
            guard !connection.closed else { return .unknown }
            do {
                if connection.queue == nil {
                    var configuration = Configuration()
                    configuration.readonly = true
                    configuration.busyMode = .immediateError
                    configuration.label = "scene-host sessions, read at once"
                    connection.queue = try DatabaseQueue(path: path, configuration: configuration)
                }
                guard let queue = connection.queue else { return .unknown }
                // One statement, prepared once and kept with the connection; no transaction around it (a
                // single SELECT reads one consistent snapshot of the file on its own).
                return try queue.inDatabase { db in
                    let statement = try db.cachedStatement(
                        sql: "SELECT state FROM scene_host_sessions WHERE key = ? AND app = ?")
                    guard let stored = try DatabaseValue.fetchOne(statement, arguments: [Data(key.digest), app]) else {
                        return .state(nil)
                    }
                    return Int64.fromDatabaseValue(stored).map { .state($0) } ?? .unknown
                }
            } catch {
                return .unknown
            }
        }
        return read ?? .unknown
    }

    package func insert(
        _ session: StoredSession, limits: SessionLimits, now: Int64
    ) async throws(SessionStoreError) -> SessionInsertion {
        let app = self.app.identity
        return try await writing { db in
            let held =
                try Int.fetchOne(
                    db, sql: "SELECT count(*) FROM scene_host_sessions WHERE app = ? AND client = ? AND actions >= ?",
                    arguments: [app, session.client, SessionLimits.inUseActions]) ?? 0
            guard held < limits.perClient else { return .tooManyForClient }
            var evicted: SessionKey?
            let total =
                try Int.fetchOne(db, sql: "SELECT count(*) FROM scene_host_sessions WHERE app = ?", arguments: [app])
                ?? 0
            if total >= limits.total {
                let (cutoff, overflow) = now.subtractingReportingOverflow(limits.evictionGrace)
                let before = overflow ? (limits.evictionGrace > 0 ? Int64.min : Int64.max) : cutoff
                // Least work first: fewest actions, then the oldest last action (page loads move neither).
                let victim = try DatabaseValue.fetchOne(
                    db,
                    sql: """
                        SELECT key FROM scene_host_sessions WHERE app = ? AND last_action <= ?
                        ORDER BY actions, last_action, key LIMIT 1
                        """, arguments: [app, before])
                guard let victim else { return .full }
                // A damaged key (a row written by hand) is evicted like any other; it names no session of ours.
                try db.execute(sql: "DELETE FROM scene_host_sessions WHERE key = ?", arguments: [victim])
                evicted = Data.fromDatabaseValue(victim).flatMap { SessionKey(digest: Array($0)) }
            }
            try db.execute(
                sql: """
                    INSERT INTO scene_host_sessions (key, token, state, created, last_used, last_action, client, actions, body, app)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """, arguments: Self.arguments(session, app: app))
            return .inserted(evicted: evicted)
        }
    }

    package func claim(_ key: SessionKey, from state: Int64, now: Int64) async throws(SessionStoreError) -> SessionClaim
    {
        let (app, instance) = (self.app.identity, self.instance)
        return try await writing { db in
            try db.execute(
                sql:
                    "UPDATE scene_host_sessions SET state = state + 1, last_used = ?, holder = ? WHERE key = ? AND app = ? AND state = ?",
                arguments: [now, instance, Data(key.digest), app, state])
            if db.changesCount == 1 { return .claimed }
            // In the same write transaction: no other writer moved it between the two statements.
            guard
                let stored = try DatabaseValue.fetchOne(
                    db, sql: "SELECT state FROM scene_host_sessions WHERE key = ? AND app = ?",
                    arguments: [Data(key.digest), app])
            else {
                return .lost(current: nil)
            }
            guard let current = Int64.fromDatabaseValue(stored) else {
                throw SessionStoreError.malformedRow(reason: "its state is damaged")
            }
            return .lost(current: current)
        }
    }

    package func reclaim(
        _ key: SessionKey, from state: Int64, now: Int64, staleBefore: Int64, includingOwn: Bool
    ) async throws(SessionStoreError) -> Bool {
        guard !state.isMultiple(of: 2) else { return false }
        let (app, instance, path) = (self.app.identity, self.instance, self.path)
        return try await writing { db in
            // In one write transaction (GRDB's are IMMEDIATE): the row cannot move between the look and the update.
            guard
                let row = try Row.fetchOne(
                    db,
                    sql: "SELECT last_used, holder FROM scene_host_sessions WHERE key = ? AND app = ? AND state = ?",
                    arguments: [Data(key.digest), app, state])
            else { return false }
            let lastUsed = Int64.fromDatabaseValue(row["last_used"] as DatabaseValue) ?? .max
            let holder = Int64.fromDatabaseValue(row["holder"] as DatabaseValue) ?? 0
            let free: Bool =
                if lastUsed < staleBefore {
                    true
                } else if holder == instance {
                    includingOwn
                } else {
                    // 0: a claim of an older build, which names no holder; the lease alone decides.
                    holder != 0 && !SQLiteInstanceLock.isRunning(holder, beside: path)
                }
            guard free else { return false }
            try db.execute(
                sql:
                    "UPDATE scene_host_sessions SET state = state + 2, last_used = ?, holder = ? WHERE key = ? AND app = ? AND state = ?",
                arguments: [now, instance, Data(key.digest), app, state])
            return db.changesCount == 1
        }
    }

    package func release(_ key: SessionKey, from state: Int64) async throws(SessionStoreError) -> Bool {
        guard !state.isMultiple(of: 2) else { return false }
        let (app, instance) = (self.app.identity, self.instance)
        return try await writing { db in
            try db.execute(
                sql:
                    "UPDATE scene_host_sessions SET state = state + 1, holder = 0 WHERE key = ? AND app = ? AND state = ? AND holder = ?",
                arguments: [Data(key.digest), app, state, instance])
            return db.changesCount == 1
        }
    }

    package func write(_ session: StoredSession, expecting expected: Int64) async throws(SessionStoreError) -> Bool {
        let app = self.app.identity
        return try await writing { db in
            try db.execute(
                sql: """
                    UPDATE scene_host_sessions SET token = ?, state = ?, created = ?, last_used = ?, last_action = ?, client = ?, actions = ?,
                        body = ?, holder = 0
                    WHERE key = ? AND app = ? AND state = ?
                    """,
                arguments: [
                    session.token, session.state, session.created, session.lastUsed, session.lastAction, session.client,
                    session.actions, Data(session.body), Data(session.key.digest), app, expected,
                ])
            return db.changesCount == 1
        }
    }

    package func touch(_ key: SessionKey, now: Int64) async throws(SessionStoreError) {
        let app = self.app.identity
        try await writing { db in
            try db.execute(
                sql:
                    "UPDATE scene_host_sessions SET last_used = max(last_used, ?) WHERE key = ? AND app = ? AND state % 2 = 0",
                arguments: [now, Data(key.digest), app])
        }
    }

    package func delete(_ key: SessionKey) async throws(SessionStoreError) {
        let app = self.app.identity
        try await writing { db in
            try db.execute(
                sql: "DELETE FROM scene_host_sessions WHERE key = ? AND app = ?", arguments: [Data(key.digest), app])
        }
    }

    package func expire(usedBefore cutoff: Int64) async throws(SessionStoreError) -> Int {
        let app = self.app.identity
        return try await writing { db in
            // Rows of no app (written before schema 3) go too once idle: no app reads them, and none else would drop them.
            try db.execute(
                sql: "DELETE FROM scene_host_sessions WHERE app IN (?, '') AND last_used < ?", arguments: [app, cutoff])
            return db.changesCount
        }
    }

    package func count() async throws(SessionStoreError) -> Int {
        let app = self.app.identity
        return try await reading { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM scene_host_sessions WHERE app = ?", arguments: [app]) ?? 0
        }
    }

    package func startToken(proposed: String) async throws(SessionStoreError) -> String {
        try await writing { db in
            try db.execute(
                sql: "INSERT OR IGNORE INTO scene_host_settings (name, value) VALUES ('start-token', ?)",
                arguments: [proposed])
            let stored = try DatabaseValue.fetchOne(
                db, sql: "SELECT value FROM scene_host_settings WHERE name = 'start-token'")
            guard let stored, let token = String.fromDatabaseValue(stored) else {
                throw SessionStoreError.malformedRow(reason: "the stored start token is damaged")
            }
            return token
        }
    }

    package func ping() async throws(SessionStoreError) {
        _ = try await reading { db in try Int.fetchOne(db, sql: "SELECT 1") }
    }

    /// Closes the database and lets go of this instance's lock (its file is removed).
    package func close() async {
        atOnce.withLock { connection in
            try? connection.queue?.close()
            connection = (nil, true)
        }
        try? pool.close()
        instanceLock.end(removingFile: true)
    }

    // MARK: Rows

    private static func arguments(_ session: StoredSession, app: String) -> StatementArguments {
        [
            Data(session.key.digest), session.token, session.state, session.created, session.lastUsed,
            session.lastAction, session.client,
            session.actions, Data(session.body), app,
        ]
    }

    /// A row as a session; a column of the wrong type (a row written by hand) is damaged
    /// (`malformedRow`), never a trap: GRDB's typed subscripts trap on a failed conversion.
    private static func session(from row: Row) throws -> StoredSession {
        func value<T: DatabaseValueConvertible>(_ column: String, _: T.Type) throws -> T {
            let stored: DatabaseValue = row[column]
            guard let value = T.fromDatabaseValue(stored) else {
                throw SessionStoreError.malformedRow(reason: "its \(column) is damaged")
            }
            return value
        }
        guard let key = SessionKey(digest: Array(try value("key", Data.self))) else {
            throw SessionStoreError.malformedRow(reason: "its key is damaged")
        }
        return StoredSession(
            key: key, token: try value("token", String.self), state: try value("state", Int64.self),
            created: try value("created", Int64.self), lastUsed: try value("last_used", Int64.self),
            lastAction: try value("last_action", Int64.self), client: try value("client", String.self),
            actions: try value("actions", Int64.self),
            body: Array(try value("body", Data.self)))
    }

    private func reading<T: Sendable>(
        _ body: @escaping @Sendable (Database) throws -> T
    ) async throws(SessionStoreError) -> T {
        do {
            return try await pool.read(body)
        } catch let error as SessionStoreError {
            throw error
        } catch {
            throw .unavailable(location: location, reason: Self.reason(error))
        }
    }

    private func writing<T: Sendable>(
        _ body: @escaping @Sendable (Database) throws -> T
    ) async throws(SessionStoreError) -> T {
        do {
            return try await pool.write(body)
        } catch let error as SessionStoreError {
            throw error
        } catch {
            throw .unavailable(location: location, reason: Self.reason(error))
        }
    }

    /// SQLite's own words for a failure (its result code and message), without the statement.
    private static func reason(_ error: any Error) -> String {
        if let error = error as? DatabaseError { return error.message ?? "\(error.resultCode)" }
        return "\(error)"
    }
}
