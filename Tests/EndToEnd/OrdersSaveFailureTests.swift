import Foundation
import GRDB
import Testing
import HostTestSupport
import TestSupport

/// A save that cannot be written is the run's failure: `run --script` says "could not save" and
/// exits 1; a first start that cannot finish making the database leaves no file behind.
@Suite("Orders: failed saves (end to end)")
struct OrdersSaveFailureTests {
    @MainActor
    @Test("a script whose save meets a locked database says 'could not save' and exits 1; nothing is written")
    func lockedSaveExitsOne() throws {
        let app = try OrdersApp()
        let configPath = app.folder.path("orders-stack.conf")
        // The first run makes the database; then another connection holds its write lock.
        let made = try HostProcess.run(["run", "--config", configPath], input: "")
        #expect(made.status == 0, "\(made.stderr)")
        let lock = try OrdersDatabaseLock(path: app.database, writersOnly: true)
        defer { lock.release() }
        let result = try HostProcess.run(
            ["run", "--config", configPath], input: "select orders 1\ntap edit\nfill quantity 6\ntap save\n")
        #expect(result.status == 1, "\(result.stdout)\n\(result.stderr)")
        let said = result.stdout + result.stderr
        #expect(
            said.contains(
                "error: scene 'EditOrder' failed: could not save the order (the database is busy); nothing was written, try again."
            ), "\(said)")
        #expect(!said.contains(app.folder.path("")), "a user's message names no server path")
        lock.release()
        let shown = try HostProcess.run(["run", "--config", configPath], input: "")
        #expect(shown.stdout.contains("#2 Grace: 1 × Cake"), "\(shown.stdout)")
    }

    @MainActor
    @Test("a first start that runs out of room while making the database leaves no file")
    func fullDiskLeavesNoFile() throws {
        let app = try OrdersApp()
        let configPath = app.folder.path("orders-stack.conf")
        // A file size limit of 2 KiB stands in for a full disk: SQLite's writes past it fail (EFBIG;
        // SIGXFSZ is ignored, and an ignored signal stays ignored in the scene worker).
        let result = try ChildRun.run(
            "/bin/sh",
            [
                "-c", "trap '' XFSZ; ulimit -f 2; exec \"$0\" \"$@\"", BuildProducts.hostExecutable,
                "run", "--config", configPath, "--probe-cache", app.folder.path("probes.bin"),
            ],
            input: "", in: nil, environment: ProcessInfo.processInfo.environment, timeLimit: .seconds(120))
        #expect(result.status != 0, "\(result.stdout)\n\(result.stderr)")
        #expect(
            !FileManager.default.fileExists(atPath: app.database), "a half-made database was left: \(result.stderr)")
    }
}

/// A database's content is input: a row the orders cannot read is a message, never a trap.
@Suite("Orders: bad rows (end to end)")
struct OrdersBadRowTests {
    @MainActor
    @Test("a stored row whose quantity is text: run shows a message naming no path and exits normally; no signal")
    func textQuantity() throws {
        let app = try OrdersApp()
        let configPath = app.folder.path("orders-stack.conf")
        #expect(try HostProcess.run(["run", "--config", configPath], input: "").status == 0)
        try DatabaseQueue(path: app.database).write { db in
            try db.execute(sql: "UPDATE orders SET quantity = 'lots', customer = x'ff00' WHERE id = 2")
        }
        let result = try HostProcess.run(["run", "--config", configPath], input: "")
        #expect(result.status == 0 || result.status == 1, "\(result.status): \(result.stderr)")
        #expect(result.stdout.contains("a stored order could not be read"), "\(result.stdout)\n\(result.stderr)")
        #expect(!result.stdout.contains(app.folder.path("")))
    }
}
