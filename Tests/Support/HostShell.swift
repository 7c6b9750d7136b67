import Foundation

/// Runs `scene-host` inside a bash command line, for what `HostProcess` cannot set up: closed or
/// full standard streams, `/dev/zero` or a FIFO as input, pipes closed early.
///
/// The command names the host `"$HOST"`; its exit status is read from `$STATUS` (write it with
/// `echo $? >"$STATUS"`). Output goes to files, so nothing can fill a pipe and block; a command
/// still running after `timeout` is killed and reported as such.
package struct HostShell {
    package struct Result {
        /// The host's exit status as the shell saw it (128 + N when signal N ended it), nil on timeout.
        package let status: Int32?
        package let stdout: String
        package let stderr: String
        package var signaled: Bool { (status ?? 0) >= 128 }
    }

    package static func run(
        _ command: String, in directory: URL? = nil, timeout: Duration = .seconds(60)
    ) throws -> Result {
        let folder = try TemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder.url) }
        let statusFile = folder.path("status")
        var environment = ProcessInfo.processInfo.environment
        environment["HOST"] = BuildProducts.hostExecutable
        environment["STATUS"] = statusFile
        environment["SCENE_HOST_PROBE_CACHE"] = folder.path("probes.json")
        environment["XDG_STATE_HOME"] = folder.path("state")
        environment["SCENE_HOST_SESSION_STORE"] = nil
        let shell = try ChildRun.run(
            "/bin/bash", ["-c", command], input: "", in: directory, environment: environment, timeLimit: timeout)
        let status = (try? String(contentsOfFile: statusFile, encoding: .utf8)).flatMap {
            Int32($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        return Result(status: shell.timedOut ? nil : status, stdout: shell.stdout, stderr: shell.stderr)
    }
}
