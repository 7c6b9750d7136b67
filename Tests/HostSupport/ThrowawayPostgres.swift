import Foundation
@testable import SceneHostSessions
import TestSupport

/// A PostgreSQL cluster of its own for one test, made by `scripts/throwaway-postgres.sh` in a fresh
/// temporary folder: trust authentication, superuser `postgres`, 127.0.0.1 on a free port.
///
/// `start()` is nil where PostgreSQL is not installed: the test then calls `skip(_:)` and returns.
/// Under root the server runs as `nobody` (the script's choice), so the folder is made searchable
/// by everyone. The cluster is stopped and its folder removed by `stop()` or, at the latest, deinit.
package final class ThrowawayPostgres {
    /// Where the cluster answers: user `postgres`, no password, database `postgres`.
    package let address: SessionStoreLocation.PostgresAddress
    /// The fresh temporary folder holding the cluster's folder (removed by `stop()`).
    private let parent: URL
    private let cluster: URL
    private var stopped = false

    /// Why a test that needs PostgreSQL did not run.
    package static let notInstalled = "PostgreSQL is not installed (apt-get install postgresql)"

    /// Whether the server's programs are there (any `/usr/lib/postgresql/*/bin/initdb`).
    package static var isInstalled: Bool {
        let base = "/usr/lib/postgresql"
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: base)) ?? []
        return versions.contains { FileManager.default.isExecutableFile(atPath: "\(base)/\($0)/bin/initdb") }
    }

    /// Prints the skip line of `test` (the test then returns without failing).
    package static func skip(_ test: String) {
        print("skipped: \(test): \(notInstalled)")
    }

    /// A running cluster, or nil when PostgreSQL is not installed.
    package static func start() throws -> ThrowawayPostgres? {
        guard isInstalled else { return nil }
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("scene-host-pg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        // The server may run as another user (root's tests): it must be able to enter the folder.
        chmod(parent.path, 0o755)
        let cluster = parent.appendingPathComponent("cluster")
        do {
            let output = try runScript("start", cluster: cluster)
            guard let port = Int(output.trimmingCharacters(in: .whitespacesAndNewlines)) else {
                throw ThrowawayPostgresError(message: "throwaway-postgres.sh start printed no port: '\(output)'")
            }
            let address = SessionStoreLocation.PostgresAddress(
                user: "postgres", password: nil, host: "127.0.0.1", port: port,
                database: "postgres")
            return ThrowawayPostgres(address: address, parent: parent, cluster: cluster)
        } catch {
            _ = try? runScript("stop", cluster: cluster)
            try? FileManager.default.removeItem(at: parent)
            throw error
        }
    }

    private init(address: SessionStoreLocation.PostgresAddress, parent: URL, cluster: URL) {
        self.address = address
        self.parent = parent
        self.cluster = cluster
    }

    deinit {
        stop()
    }

    /// Stops the server (fast shutdown), keeping the cluster and its port: a store fault.
    package func pause() throws {
        _ = try Self.runScript("pause", cluster: cluster)
    }

    /// Starts a paused server again on the same port and waits until it accepts connections.
    package func resume() throws {
        _ = try Self.runScript("resume", cluster: cluster)
    }

    /// Stops the server at once and removes its folder; later calls do nothing.
    package func stop() {
        guard !stopped else { return }
        stopped = true
        _ = try? Self.runScript("stop", cluster: cluster)
        try? FileManager.default.removeItem(at: parent)
    }

    /// Runs `sql` with psql as the superuser and returns what it printed (unaligned, tuples only).
    @discardableResult
    package func execute(_ sql: String) throws -> String {
        let psql = try Self.serverProgram("psql")
        return try Self.run(
            psql,
            [
                "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-h", address.host, "-p", String(address.port),
                "-U", address.user, "-d", address.database, "-c", sql,
            ])
    }

    // MARK: - Running programs

    /// The repository's `scripts/throwaway-postgres.sh`, found from the running test binary (never
    /// `#filePath`): the nearest folder above it with a Package.swift and the script.
    package static func script() throws -> String {
        let executable =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var folder = URL(fileURLWithPath: executable).deletingLastPathComponent()
        while folder.path != "/" {
            let script = folder.appendingPathComponent("scripts/throwaway-postgres.sh").path
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path),
                FileManager.default.fileExists(atPath: script)
            {
                return script
            }
            folder = folder.deletingLastPathComponent()
        }
        throw ThrowawayPostgresError(
            message: "no scripts/throwaway-postgres.sh in a package folder above \(executable)")
    }

    /// A program of the newest installed PostgreSQL (`psql`, ...).
    private static func serverProgram(_ name: String) throws -> String {
        let base = "/usr/lib/postgresql"
        let versions = ((try? FileManager.default.contentsOfDirectory(atPath: base)) ?? []).compactMap(Int.init).sorted(
            by: >)
        for version in versions where FileManager.default.isExecutableFile(atPath: "\(base)/\(version)/bin/\(name)") {
            return "\(base)/\(version)/bin/\(name)"
        }
        throw ThrowawayPostgresError(message: "no \(name) under \(base)/*/bin")
    }

    private static func runScript(_ command: String, cluster: URL) throws -> String {
        try run("/bin/bash", [try script(), command, cluster.path])
    }

    /// Runs `program` to its end and returns its standard output; throws with its standard error
    /// when it fails. ChildRun (posix_spawn, files for the streams, a time limit), not Foundation's
    /// Process: its waitUntilExit was seen to wait forever for a child that had ended, and a pipe
    /// would be held open by the server that `pg_ctl start` leaves running.
    private static func run(_ program: String, _ arguments: [String]) throws -> String {
        let result = try ChildRun.run(
            program, arguments, input: "", in: nil, environment: ProcessInfo.processInfo.environment,
            timeLimit: .seconds(120))
        guard result.status == 0, !result.signaled, !result.timedOut else {
            let end = result.timedOut ? "was killed after 120 s" : "exited \(result.status)"
            throw ThrowawayPostgresError(
                message: "\(program) \(arguments.joined(separator: " ")) \(end): \(result.stderr)")
        }
        return result.stdout
    }
}

/// A throw-away cluster that could not be made or driven.
package struct ThrowawayPostgresError: Error, CustomStringConvertible {
    package let message: String
    package var description: String { message }
}
