import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import SceneHostProcesses

/// Runs the built `scene-host` binary and collects what it printed.
///
/// Spawned with `posix_spawn`; standard input, output and error are files, never pipes, so a
/// child (or a grandchild that kept them) can never block the test on a full or open pipe, and
/// every run has a time limit after which the child is killed and the test fails.
package struct HostProcess {
    package struct Result {
        package let status: Int32
        /// Whether the host died by a signal (it never may).
        package let signaled: Bool
        /// Whether the run was killed at its time limit.
        package let timedOut: Bool
        package let stdout: String
        package let stderr: String
    }

    /// Runs `scene-host ARGUMENTS` in `directory` with `input` on standard input.
    ///
    /// Each run gets a fresh probe cache unless `probeCache` names one (to test the cache itself);
    /// `environment` adds or replaces variables (nil removes one).
    package static func run(
        _ arguments: [String], input: String = "", in directory: URL? = nil, probeCache: String? = nil,
        environment overrides: [String: String?] = [:], timeLimit: Duration = .seconds(120)
    ) throws -> Result {
        var environment = ProcessInfo.processInfo.environment
        // A fresh cache and state folder of its own, removed after the run (a suite leaves nothing in TMPDIR,
        // whose every name a start reads: `PrivateFolder.removeStale`).
        let own = try TemporaryFolder()
        defer { try? FileManager.default.removeItem(at: own.url) }
        environment["SCENE_HOST_PROBE_CACHE"] = probeCache ?? own.path("probes.cache")
        // `serve`'s default session store, apart from the user's.
        environment["XDG_STATE_HOME"] = own.path("state")
        environment["SCENE_HOST_SESSION_STORE"] = nil
        for (key, value) in overrides { environment[key] = value }
        let result = try ChildRun.run(
            BuildProducts.hostExecutable, arguments, input: input, in: directory, environment: environment,
            timeLimit: timeLimit)
        if result.timedOut {
            Issue.record(
                "scene-host \(arguments.joined(separator: " ")) did not end within \(timeLimit); it was killed")
        }
        return result
    }
}

/// One child process with files for its standard streams and a time limit.
package enum ChildRun {
    package struct SpawnError: Error, CustomStringConvertible {
        package init(description: String) { self.description = description }
        package let description: String
    }

    package static func run(
        _ executable: String, _ arguments: [String], input: String, in directory: URL?, environment: [String: String],
        timeLimit: Duration
    ) throws -> HostProcess.Result {
        let folder = try TemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder.url) }
        let inputPath = try folder.write(input, to: "stdin")
        let outputPath = folder.path("stdout"), errorPath = folder.path("stderr")

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, inputPath, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        // glibc's addchdir_np is not visible to Swift; coreutils' `env -C` changes the folder instead.
        let command = directory.map { ["/usr/bin/env", "-C", $0.path, executable] } ?? [executable]

        let argv = (command + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, command[0], &actions, nil, argv, envp)
        guard spawned == 0 else {
            throw SpawnError(description: "cannot start \(executable): \(String(cString: strerror(spawned)))")
        }

        // The child's end wakes the wait (a pidfd), so a quick child costs no polling interval.
        let exit = ChildExit(pid)
        var timedOut = false
        let status: Int32
        if let ended = exit.wait(until: ContinuousClock.now + timeLimit) {
            status = ended
        } else {
            kill(pid, SIGKILL)
            status = exit.waitUntilEnded()
            timedOut = true
        }
        let signaled = (status & 0x7F) != 0 && (status & 0x7F) != 0x7F
        let exitStatus = signaled ? status & 0x7F : (status >> 8) & 0xFF
        return HostProcess.Result(
            status: exitStatus, signaled: signaled, timedOut: timedOut,
            stdout: read(outputPath), stderr: read(errorPath))
    }

    private static func read(_ path: String) -> String {
        String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
    }
}
