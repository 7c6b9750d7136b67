import Foundation
import GRDB
import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import SceneHostSessions
@testable import SceneHostSQLiteStore
import HostTestSupport
import TestSupport

/// The default session store: the shared contract on a real SQLite file, the file's trust rules
/// (0600 in a 0700 folder, no links, no folder others can write), schema versions, damaged rows.
@Suite("SQLite session store")
struct SQLiteSessionStoreTests {
    let app = SessionStoreContract.app

    @Test("keeps every promise of a session store")
    func contract() async throws {
        let folder = try TemporaryFolder()
        let store = try SQLiteSessionStore(path: folder.path("state/sessions.sqlite"), app: app)
        try await SessionStoreContract.check(store)
        await store.close()
    }

    @Test("the memory store keeps the same promises")
    func memoryContract() async throws {
        try await SessionStoreContract.check(MemorySessionStore())
    }

    @Test("two apps on one file: neither sees, changes, counts, evicts or expires the other's sessions")
    func appsAreApart() async throws {
        let folder = try TemporaryFolder()
        let store = try SQLiteSessionStore(path: folder.path("shared.sqlite"), app: SessionStoreContract.app)
        let other = try SQLiteSessionStore(path: folder.path("shared.sqlite"), app: SessionStoreContract.otherApp)
        try await SessionStoreContract.appsAreApart(store, other)
        // Every row names its app.
        let mine = SessionStoreContract.session("named", client: "c")
        try await SessionStoreContract.insertRoomy(store, mine)
        await store.close()
        await other.close()
        let queue = try DatabaseQueue(path: folder.path("shared.sqlite"))
        #expect(
            try await queue.read { db in try String.fetchAll(db, sql: "SELECT app FROM scene_host_sessions") } == [
                "name:contract"
            ])
        try queue.close()
    }

    @Test("two apps on one memory store: the same promises")
    func memoryAppsAreApart() async throws {
        let store = MemorySessionStore(app: SessionStoreContract.app)
        try await SessionStoreContract.appsAreApart(store, store.sharing(as: SessionStoreContract.otherApp))
    }

    @Test(
        "a state read at once sees what another connection wrote, nil for no such session or another app's, and nothing once closed"
    )
    func stateAtOnce() async throws {
        let folder = try TemporaryFolder()
        let path = folder.path("sessions.sqlite")
        let store = try SQLiteSessionStore(path: path, app: app)
        try await store.prepare()
        let row = SessionStoreContract.session("a", client: "c")
        #expect(store.stateAtOnce(of: row.key) == .state(nil))
        #expect(try await store.insert(row, limits: SessionStoreContract.roomy, now: 1) == .inserted(evicted: nil))
        #expect(store.stateAtOnce(of: row.key) == .state(row.state))
        // Another instance on the file moves it on: the read at once sees the new number.
        let other = try SQLiteSessionStore(path: path, app: app)
        try await other.prepare()
        #expect(try await other.claim(row.key, from: row.state, now: 2) == .claimed)
        #expect(store.stateAtOnce(of: row.key) == .state(row.state + 1))
        let stranger = try SQLiteSessionStore(path: path, app: SessionStoreContract.otherApp)
        #expect(stranger.stateAtOnce(of: row.key) == .state(nil), "another app's session is not this app's")
        await store.close()
        #expect(store.stateAtOnce(of: row.key) == .unknown)
        await other.close()
        await stranger.close()
    }

    @Test("a new file is 0600 in a folder made 0700; a second process's store sees the first's rows")
    func fileModes() async throws {
        let folder = try TemporaryFolder()
        let path = folder.path("new/deeper/sessions.sqlite")
        let store = try SQLiteSessionStore(path: path, app: app)
        try await store.prepare()
        var info = stat()
        #expect(stat(path, &info) == 0 && info.st_mode & 0o777 == 0o600)
        #expect(stat(folder.path("new/deeper"), &info) == 0 && info.st_mode & 0o777 == 0o700)
        let row = SessionStoreContract.session("a", client: "c")
        #expect(try await store.insert(row, limits: SessionStoreContract.roomy, now: 1) == .inserted(evicted: nil))
        let other = try SQLiteSessionStore(path: path, app: app)
        try await other.prepare()
        #expect(try await other.load(row.key) == row)
        await store.close()
        await other.close()
    }

    @Test("a folder others can write, a link or a folder at the path is refused, naming it")
    func untrusted() throws {
        let folder = try TemporaryFolder()
        let open = folder.path("open")
        try FileManager.default.createDirectory(atPath: open, withIntermediateDirectories: true)
        chmod(open, 0o777)
        #expect(throws: SessionStoreError.untrusted(path: open, reason: "writable by every user")) {
            try SQLiteSessionStore(path: open + "/sessions.sqlite", app: app)
        }
        let target = try folder.write("x", to: "target")
        let link = folder.path("link.sqlite")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        #expect(throws: SessionStoreError.untrusted(path: link, reason: "it is a symbolic link, not a regular file")) {
            try SQLiteSessionStore(path: link, app: app)
        }
        let directory = folder.path("dir.sqlite")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        chmod(directory, 0o700)
        #expect(throws: SessionStoreError.untrusted(path: directory, reason: "it is a folder, not a regular file")) {
            try SQLiteSessionStore(path: directory, app: app)
        }
        #expect(
            SessionStoreError.untrusted(path: link, reason: "it is a symbolic link, not a regular file").message
                == "error: session store \(link): it is a symbolic link, not a regular file. Make it (and each folder above it) writable by you only, or name another file with --session-store sqlite:PATH."
        )
    }

    @Test("a file that is no database cannot be prepared; a newer schema is refused at start")
    func schema() async throws {
        let folder = try TemporaryFolder()
        let garbage = try folder.write(String(repeating: "not a database ", count: 100), to: "garbage.sqlite")
        chmod(garbage, 0o600)
        #expect(throws: SessionStoreError.cannotOpen(location: "sqlite:\(garbage)", reason: "file is not a database")) {
            try SQLiteSessionStore(path: garbage, app: app)
        }
        let path = folder.path("newer.sqlite")
        let store = try SQLiteSessionStore(path: path, app: app)
        try await store.prepare()
        await store.close()
        let queue = try DatabaseQueue(path: path)
        try await queue.write { db in try db.execute(sql: "UPDATE scene_host_schema SET version = 5") }
        try queue.close()
        let newer = try SQLiteSessionStore(path: path, app: app)
        await #expect(throws: SessionStoreError.schemaTooNew(location: "sqlite:\(path)", found: 5, known: 4)) {
            try await newer.prepare()
        }
        #expect(
            SessionStoreError.schemaTooNew(location: "sqlite:/s", found: 5, known: 4).message
                == "error: the session store sqlite:/s has schema version 5; this scene-host knows versions up to 4. Run the newer scene-host that wrote it, or give this one another store."
        )
        await newer.close()
    }

    /// The tables as scene-host left them at schema `version` (1: no last action; 2: no app; 3: no holder),
    /// one row in them (version 3's of no app, as its upgrade from an older version left it, and one of
    /// the app's, under an action that names no holder: its state is odd).
    private static let olderSchemas: [Int: String] = [
        1: """
        CREATE TABLE scene_host_schema (version INTEGER NOT NULL); INSERT INTO scene_host_schema (version) VALUES (1);
        CREATE TABLE scene_host_sessions (key BLOB PRIMARY KEY NOT NULL, token TEXT NOT NULL, state INTEGER NOT NULL,
            created INTEGER NOT NULL, last_used INTEGER NOT NULL, client TEXT NOT NULL, actions INTEGER NOT NULL,
            body BLOB NOT NULL) WITHOUT ROWID;
        CREATE TABLE scene_host_settings (name TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL) WITHOUT ROWID;
        INSERT INTO scene_host_sessions VALUES (?, 't', 4, 10, 20, 'c', 2, x'010203');
        """,
        2: """
        CREATE TABLE scene_host_schema (version INTEGER NOT NULL); INSERT INTO scene_host_schema (version) VALUES (2);
        CREATE TABLE scene_host_sessions (key BLOB PRIMARY KEY NOT NULL, token TEXT NOT NULL, state INTEGER NOT NULL,
            created INTEGER NOT NULL, last_used INTEGER NOT NULL, last_action INTEGER NOT NULL,
            client TEXT NOT NULL, actions INTEGER NOT NULL, body BLOB NOT NULL) WITHOUT ROWID;
        CREATE INDEX scene_host_sessions_work ON scene_host_sessions (actions, last_action);
        CREATE INDEX scene_host_sessions_client ON scene_host_sessions (client);
        CREATE TABLE scene_host_settings (name TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL) WITHOUT ROWID;
        INSERT INTO scene_host_sessions VALUES (?, 't', 4, 10, 20, 20, 'c', 2, x'010203');
        """,
        3: """
        CREATE TABLE scene_host_schema (version INTEGER NOT NULL); INSERT INTO scene_host_schema (version) VALUES (3);
        CREATE TABLE scene_host_sessions (key BLOB PRIMARY KEY NOT NULL, token TEXT NOT NULL, state INTEGER NOT NULL,
            created INTEGER NOT NULL, last_used INTEGER NOT NULL, last_action INTEGER NOT NULL,
            client TEXT NOT NULL, actions INTEGER NOT NULL, body BLOB NOT NULL, app TEXT NOT NULL DEFAULT '') WITHOUT ROWID;
        CREATE INDEX scene_host_sessions_last_used ON scene_host_sessions (last_used);
        CREATE INDEX scene_host_sessions_app_client ON scene_host_sessions (app, client);
        CREATE INDEX scene_host_sessions_app_work ON scene_host_sessions (app, actions, last_action);
        CREATE TABLE scene_host_settings (name TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL) WITHOUT ROWID;
        INSERT INTO scene_host_sessions VALUES (?, 't', 4, 10, 20, 20, 'c', 2, x'010203', '');
        """,
    ]

    @Test(
        "a file an older scene-host made is brought up to version 4; its rows belong to no app: none finds them, idle expiry drops them",
        arguments: [1, 2, 3])
    func upgradesOlderSchemas(version: Int) async throws {
        let folder = try TemporaryFolder()
        let path = folder.path("old.sqlite")
        let key = SessionKey(secret: "version-\(version)")
        // The file as that version left it, made before the store opens it (0600, as the store makes its files).
        let queue = try DatabaseQueue(path: path)
        try await queue.write { db in
            try db.execute(sql: Self.olderSchemas[version] ?? "", arguments: [Data(key.digest)])
        }
        try queue.close()
        chmod(path, 0o600)
        let store = try SQLiteSessionStore(path: path, app: app)
        try await store.prepare()
        // Whose it was cannot be known: shown to no app, it cannot leak to another one.
        #expect(try await store.load(key) == nil)
        #expect(try await store.state(of: key) == nil)
        #expect(try await store.claim(key, from: 4, now: 30) == .lost(current: nil))
        #expect(try await store.count() == 0)
        try await store.prepare()
        let check = try DatabaseQueue(path: path)
        #expect(
            try await check.read { db in try Int.fetchAll(db, sql: "SELECT version FROM scene_host_schema") } == [4])
        #expect(
            try await check.read { db in try String.fetchAll(db, sql: "SELECT app FROM scene_host_sessions") } == [""])
        #expect(
            try await check.read { db in try Int64.fetchAll(db, sql: "SELECT last_action FROM scene_host_sessions") }
                == [20])
        #expect(
            try await check.read { db in try Int64.fetchAll(db, sql: "SELECT holder FROM scene_host_sessions") } == [0],
            "no holder")
        try check.close()
        #expect(try await store.expire(usedBefore: 20) == 0, "kept while not idle")
        #expect(try await store.expire(usedBefore: 21) == 1, "dropped by idle expiry like the app's own")
        try await SessionStoreContract.check(store)
        await store.close()
    }

    @Test(
        "a version 3 file's session under an action (an odd state) reads as it was, and its claim, naming no holder, is taken over by the lease only"
    )
    func upgradeKeepsAClaimOfNoHolder() async throws {
        let folder = try TemporaryFolder()
        let path = folder.path("three.sqlite")
        let row = SessionStoreContract.session("three", client: "c", state: 5, lastUsed: 20, actions: 2)
        let queue = try DatabaseQueue(path: path)
        try await queue.write { db in
            try db.execute(sql: Self.olderSchemas[3] ?? "", arguments: [Data(SessionKey(secret: "unused").digest)])
            try db.execute(
                sql: "INSERT INTO scene_host_sessions VALUES (?, ?, 5, ?, 20, 20, 'c', 2, ?, ?)",
                arguments: [Data(row.key.digest), row.token, row.created, Data(row.body), app.identity])
        }
        try queue.close()
        chmod(path, 0o600)
        let store = try SQLiteSessionStore(path: path, app: app)
        try await store.prepare()
        #expect(try await store.load(row.key) == row, "an old row reads as it was")
        #expect(
            try await store.reclaim(row.key, from: 5, now: 30, staleBefore: 20, includingOwn: true) == false,
            "no holder: not this instance's, not a dead one's")
        #expect(
            try await store.reclaim(row.key, from: 5, now: 30, staleBefore: 21, includingOwn: false),
            "the lease takes it over")
        await store.close()
    }

    /// The `holder` column of `key` in the file at `path`.
    private func holder(_ path: String, _ key: SessionKey) async throws -> Int64? {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try await queue.read { db in
            try Int64.fetchOne(
                db, sql: "SELECT holder FROM scene_host_sessions WHERE key = ?", arguments: [Data(key.digest)])
        }
    }

    @Test(
        "a claim names its instance; the write and the release clear it; two running instances on one file keep each other's claims"
    )
    func claimsNameTheirHolder() async throws {
        let folder = try TemporaryFolder()
        let path = folder.path("two.sqlite")
        let one = try SQLiteSessionStore(path: path, app: app), two = try SQLiteSessionStore(path: path, app: app)
        #expect(one.instance != two.instance && one.instance > 0 && two.instance > 0)
        try await SessionStoreContract.claimsOfRunningInstancesAreKept(one, two)
        let row = SessionStoreContract.session("holder", state: 2)
        try await SessionStoreContract.insertRoomy(one, row)
        #expect(try await holder(path, row.key) == 0)
        #expect(try await one.claim(row.key, from: 2, now: 1) == .claimed)
        #expect(try await holder(path, row.key) == one.instance)
        var written = row
        written.state = 4
        #expect(try await one.write(written, expecting: 3))
        #expect(try await holder(path, row.key) == 0)
        #expect(try await two.claim(row.key, from: 4, now: 2) == .claimed)
        #expect(try await holder(path, row.key) == two.instance)
        #expect(try await two.release(row.key, from: 5))
        #expect(try await holder(path, row.key) == 0)
        await one.close()
        await two.close()
    }

    @Test(
        "a claim whose holder was killed (its lock let go of, its file left) or whose holder's file is gone is taken over at once"
    )
    func deadHolderTakenOverAtOnce() async throws {
        let folder = try TemporaryFolder()
        let path = folder.path("dead.sqlite")
        let survivor = try SQLiteSessionStore(path: path, app: app)
        try await survivor.prepare()
        for (name, removingFile) in [("killed", false), ("closed", true)] {
            let holder = try SQLiteSessionStore(path: path, app: app)
            let row = SessionStoreContract.session(name, state: 6, lastUsed: 100)
            try await SessionStoreContract.insertRoomy(survivor, row)
            #expect(try await holder.claim(row.key, from: 6, now: 100) == .claimed)
            // Lease far from over (stale only before 0): while the holder runs, its claim is kept.
            #expect(
                try await survivor.reclaim(row.key, from: 7, now: 110, staleBefore: 0, includingOwn: true) == false,
                "\(name): it runs")
            // As `kill -9` leaves it: the lock is let go of by the kernel, the file stays.
            holder.instanceLock.end(removingFile: removingFile)
            #expect(FileManager.default.fileExists(atPath: holder.instanceLock.path) == !removingFile)
            #expect(
                try await survivor.reclaim(row.key, from: 7, now: 120, staleBefore: 0, includingOwn: false),
                "\(name): taken over at once")
            #expect(try await survivor.state(of: row.key) == 9)
            #expect(
                !FileManager.default.fileExists(atPath: holder.instanceLock.path),
                "the dead instance's file is removed by whoever finds it")
            var written = row
            written.state = 10
            #expect(
                try await holder.write(written, expecting: 7) == false,
                "the dead holder's write, had it come, would keep nothing")
            #expect(try await survivor.write(written, expecting: 9))
            await holder.close()
        }
        await survivor.close()
    }

    @Test(
        "each instance's lock file is 0600 beside the database, removed when its store closes; a killed one's is swept at start"
    )
    func instanceLockFiles() async throws {
        let folder = try TemporaryFolder()
        let path = folder.path("state/locks.sqlite")
        let store = try SQLiteSessionStore(path: path, app: app)
        let file = store.instanceLock.path
        #expect(file == path + "-instance-" + String(format: "%016llx", UInt64(bitPattern: store.instance)))
        var info = stat()
        #expect(lstat(file, &info) == 0 && info.st_mode & 0o777 == 0o600 && (info.st_mode & S_IFMT) == S_IFREG)
        #expect(SQLiteInstanceLock.isRunning(store.instance, beside: path))
        await store.close()
        #expect(!FileManager.default.fileExists(atPath: file))
        #expect(!SQLiteInstanceLock.isRunning(store.instance, beside: path))
        // A killed instance's file stays until the next start sweeps it; a running one's is kept.
        let killed = try SQLiteSessionStore(path: path, app: app)
        let running = try SQLiteSessionStore(path: path, app: app)
        killed.instanceLock.end(removingFile: false)
        #expect(FileManager.default.fileExists(atPath: killed.instanceLock.path))
        let next = try SQLiteSessionStore(path: path, app: app)
        try await next.prepare()
        // A process another test starts at this moment holds a copy of every descriptor between its
        // fork and its exec (close-on-exec closes them only then), and so the killed instance's lock
        // for that while: a later start sweeps it then. A lock held on for good fails here.
        var starts = [next]
        let until = ContinuousClock.now + .seconds(10)
        while FileManager.default.fileExists(atPath: killed.instanceLock.path), ContinuousClock.now < until {
            try await Task.sleep(for: .milliseconds(50))
            let another = try SQLiteSessionStore(path: path, app: app)
            try await another.prepare()
            starts.append(another)
        }
        #expect(!FileManager.default.fileExists(atPath: killed.instanceLock.path))
        #expect(
            FileManager.default.fileExists(atPath: running.instanceLock.path)
                && SQLiteInstanceLock.isRunning(running.instance, beside: path))
        for each in [killed, running] + starts { await each.close() }
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path("state")).filter {
            $0.contains("-instance-")
        }
        #expect(left.isEmpty, "\(left)")
    }

    @Test("the memory store: a claim of another running instance on the same rows is kept until the lease")
    func memoryInstances() async throws {
        let store = MemorySessionStore(app: app)
        try await SessionStoreContract.claimsOfRunningInstancesAreKept(store, store.sharing(as: app))
    }

    @Test("a row whose columns were changed by hand reads as damaged, never a trap")
    func tamperedRow() async throws {
        let folder = try TemporaryFolder()
        let path = folder.path("s.sqlite")
        let store = try SQLiteSessionStore(path: path, app: app)
        try await store.prepare()
        let row = SessionStoreContract.session("a", client: "c")
        _ = try await store.insert(row, limits: SessionStoreContract.roomy, now: 1)
        let queue = try DatabaseQueue(path: path)
        try await queue.write { db in try db.execute(sql: "UPDATE scene_host_sessions SET state = 'x', created = 'y'") }
        try queue.close()
        await #expect(throws: SessionStoreError.malformedRow(reason: "its state is damaged")) {
            try await store.load(row.key)
        }
        await #expect(throws: SessionStoreError.malformedRow(reason: "its state is damaged")) {
            try await store.state(of: row.key)
        }
        await store.close()
    }
}
