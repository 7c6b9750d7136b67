import Foundation
@testable import SceneHostProcesses

/// Runs the built `scene-host` with its output going to files and a generous time limit of the
/// harness's own, so a host that hangs fails the test instead of hanging it.
///
/// Started with `posix_spawn` (the host's own `ProcessSpawner`), not Foundation's `Process`: `Process`
/// learns that its child ended from a socket the child inherits, so a grandchild that keeps it
/// open (a plugin that daemonizes while registering in the host) makes it wait forever.
package final class BoundedHostProcess {
    package let pid: Int32
    private let output: String
    private let errors: String
    private var raw: Int32 = 0
    /// Made as the host starts, so a second `wait` finds the status the first one reaped.
    private let exit: ChildExit

    /// Starts `scene-host ARGUMENTS` with `environment` added to this process's, and a fresh probe
    /// cache unless one is given; under `umask` when given (set by a shell, not in this process,
    /// whose umask every test shares).
    package init(_ arguments: [String], environment extra: [String: String] = [:], umask: String? = nil) throws {
        let folder = try TemporaryFolder()
        output = folder.path("stdout")
        errors = folder.path("stderr")
        var environment = ProcessInfo.processInfo.environment
        environment["SCENE_HOST_PROBE_CACHE"] = folder.path("probes.json")
        // `serve`'s default session store, apart from the user's and other tests'.
        environment["XDG_STATE_HOME"] = folder.path("state")
        environment["SCENE_HOST_SESSION_STORE"] = nil
        environment.merge(extra) { _, new in new }
        let out = open(output, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        let err = open(errors, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        defer { close(out); close(err) }
        let (executable, all) =
            umask.map {
                ("/bin/sh", ["-c", "umask \($0) && exec \"$0\" \"$@\"", BuildProducts.hostExecutable] + arguments)
            }
            ?? (BuildProducts.hostExecutable, arguments)
        pid = try ProcessSpawner.start(
            executable, arguments: all, environment: environment, descriptors: [1: out, 2: err])
        exit = ChildExit(pid)
    }

    /// Waits at most `limit`; kills the host if it is still running then. Returns whether it ended by itself.
    package func wait(limit: Duration = .seconds(120)) -> Bool {
        if let status = exit.wait(until: ContinuousClock.now + limit) {
            raw = status
            return true
        }
        kill(pid, SIGKILL)
        raw = exit.waitUntilEnded()
        return false
    }

    /// The exit code, or the signal's number when `signaled`.
    package var status: Int32 { signaled ? raw & 0x7f : (raw >> 8) & 0xff }
    package var signaled: Bool { raw & 0x7f != 0 }
    package var stdout: String { (try? String(contentsOfFile: output, encoding: .utf8)) ?? "" }
    package var stderr: String { (try? String(contentsOfFile: errors, encoding: .utf8)) ?? "" }

    /// Runs to the end (or the limit) and returns the finished process.
    package static func run(
        _ arguments: [String], environment: [String: String] = [:], umask: String? = nil,
        limit: Duration = .seconds(120)
    ) throws -> BoundedHostProcess {
        let host = try BoundedHostProcess(arguments, environment: environment, umask: umask)
        _ = host.wait(limit: limit)
        return host
    }
}
/// Processes as the tests look at them.
package enum Processes {
    /// Whether `pid` is a live process (a zombie nobody reaped counts as gone).
    package static func isAlive(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return false }
        let state = stat[stat.index(close, offsetBy: 2)...].prefix(1)
        return state != "Z" && state != "X"
    }

    /// The children of `parent` whose command line contains `text`.
    package static func children(of parent: Int32, containing text: String) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(Int32.init).filter { pid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return false }
            let fields = stat[stat.index(close, offsetBy: 2)...].split(separator: " ")
            guard fields.count > 1, Int32(fields[1]) == parent, isAlive(pid) else { return false }
            let command =
                (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline"))).map {
                    String(decoding: $0, as: UTF8.self)
                } ?? ""
            return command.contains(text)
        }
    }

    /// Waits up to `limit` for `condition`.
    package static func eventually(limit: Duration = .seconds(30), _ condition: () -> Bool) -> Bool {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            if condition() { return true }
            usleep(20_000)
        }
        return condition()
    }
}
