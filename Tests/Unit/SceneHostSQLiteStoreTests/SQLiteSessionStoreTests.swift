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
    @Test("keeps every promise of a session store")
    func contract() async throws {
        let folder = try TemporaryFolder()
        let store = try SQLiteSessionStore(path: folder.path("state/sessions.sqlite"))
        try await SessionStoreContract.check(store)
        await store.close()
    }

    @Test("the memory store keeps the same promises")
    func memoryContract() async throws {
        try await SessionStoreContract.check(MemorySessionStore())
    }

    @Test("a new file is 0600 in a folder made 0700; a second process's store sees the first's rows")
    func fileModes() async throws {
        let folder = try TemporaryFolder()
        let path = folder.path("new/deeper/sessions.sqlite")
        let store = try SQLiteSessionStore(path: path)
        try await store.prepare()
        var info = stat()
        #expect(stat(path, &info) == 0 && info.st_mode & 0o777 == 0o600)
        #expect(stat(folder.path("new/deeper"), &info) == 0 && info.st_mode & 0o777 == 0o700)
        let row = SessionStoreContract.session("a", client: "c")
        #expect(try await store.insert(row, limits: SessionStoreContract.roomy, now: 1) == .inserted(evicted: nil))
        let other = try SQLiteSessionStore(path: path)
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
            try SQLiteSessionStore(path: open + "/sessions.sqlite")
        }
        let target = try folder.write("x", to: "target")
        let link = folder.path("link.sqlite")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        #expect(throws: SessionStoreError.untrusted(path: link, reason: "it is a symbolic link, not a regular file")) { try SQLiteSessionStore(path: link) }
        let directory = folder.path("dir.sqlite")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        chmod(directory, 0o700)
        #expect(throws: SessionStoreError.untrusted(path: directory, reason: "it is a folder, not a regular file")) { try SQLiteSessionStore(path: directory) }
        #expect(SessionStoreError.untrusted(path: link, reason: "it is a symbolic link, not a regular file").message
            == "error: session store \(link): it is a symbolic link, not a regular file. Make it (and each folder above it) writable by you only, or name another file with --session-store sqlite:PATH.")
    }

    @Test("a file that is no database cannot be prepared; a newer schema is refused at start")
    func schema() async throws {
        let folder = try TemporaryFolder()
        let garbage = try folder.write(String(repeating: "not a database ", count: 100), to: "garbage.sqlite")
        chmod(garbage, 0o600)
        #expect(throws: SessionStoreError.cannotOpen(location: "sqlite:\(garbage)", reason: "file is not a database")) { try SQLiteSessionStore(path: garbage) }
        let path = folder.path("newer.sqlite")
        let store = try SQLiteSessionStore(path: path)
        try await store.prepare()
        await store.close()
        let queue = try DatabaseQueue(path: path)
        try await queue.write { db in try db.execute(sql: "UPDATE scene_host_schema SET version = 3") }
        try queue.close()
        let newer = try SQLiteSessionStore(path: path)
        await #expect(throws: SessionStoreError.schemaTooNew(location: "sqlite:\(path)", found: 3, known: 2)) { try await newer.prepare() }
        #expect(SessionStoreError.schemaTooNew(location: "sqlite:/s", found: 3, known: 2).message
            == "error: the session store sqlite:/s has schema version 3; this scene-host knows versions up to 2. Run the newer scene-host that wrote it, or give this one another store.")
        await newer.close()
    }

    @Test("a file a version 1 scene-host made (no last action) is brought up to version 2; its sessions keep their rows")
    func upgradesVersionOne() async throws {
        let folder = try TemporaryFolder()
        let path = folder.path("old.sqlite")
        let key = SessionKey(secret: "version-one")
        // The file as version 1 left it, made before the store opens it (0600, as the store makes its files).
        let queue = try DatabaseQueue(path: path)
        try await queue.write { db in
            try db.execute(sql: """
                CREATE TABLE scene_host_schema (version INTEGER NOT NULL); INSERT INTO scene_host_schema (version) VALUES (1);
                CREATE TABLE scene_host_sessions (key BLOB PRIMARY KEY NOT NULL, token TEXT NOT NULL, state INTEGER NOT NULL,
                    created INTEGER NOT NULL, last_used INTEGER NOT NULL, client TEXT NOT NULL, actions INTEGER NOT NULL,
                    body BLOB NOT NULL) WITHOUT ROWID;
                CREATE TABLE scene_host_settings (name TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL) WITHOUT ROWID;
                """)
            try db.execute(sql: "INSERT INTO scene_host_sessions VALUES (?, 't', 4, 10, 20, 'c', 2, ?)", arguments: [Data(key.digest), Data([1, 2, 3])])
        }
        try queue.close()
        chmod(path, 0o600)
        let store = try SQLiteSessionStore(path: path)
        try await store.prepare()
        #expect(try await store.load(key) == StoredSession(key: key, token: "t", state: 4, created: 10, lastUsed: 20, lastAction: 20,
                                                            client: "c", actions: 2, body: [1, 2, 3]))
        try await store.prepare()
        let check = try DatabaseQueue(path: path)
        #expect(try await check.read { db in try Int.fetchAll(db, sql: "SELECT version FROM scene_host_schema") } == [2])
        try check.close()
        try await store.delete(key)
        try await SessionStoreContract.check(store)
        await store.close()
    }

    @Test("a row whose columns were changed by hand reads as damaged, never a trap")
    func tamperedRow() async throws {
        let folder = try TemporaryFolder()
        let path = folder.path("s.sqlite")
        let store = try SQLiteSessionStore(path: path)
        try await store.prepare()
        let row = SessionStoreContract.session("a", client: "c")
        _ = try await store.insert(row, limits: SessionStoreContract.roomy, now: 1)
        let queue = try DatabaseQueue(path: path)
        try await queue.write { db in try db.execute(sql: "UPDATE scene_host_sessions SET state = 'x', created = 'y'") }
        try queue.close()
        await #expect(throws: SessionStoreError.malformedRow(reason: "its state is damaged")) { try await store.load(row.key) }
        await #expect(throws: SessionStoreError.malformedRow(reason: "its state is damaged")) { try await store.state(of: row.key) }
        await store.close()
    }
}
