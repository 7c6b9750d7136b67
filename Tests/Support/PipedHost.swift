import Foundation
#if canImport(Glibc)
import Glibc
#endif
@testable import SceneHostProcesses

/// The built `scene-host` with a pipe on its standard input, so a test can type commands at its
/// own pace and look at the host process (its descriptors, its memory) between them. Output goes
/// to files; the host is killed if it outlives the test's limit.
package final class PipedHost {
    package let pid: Int32
    private let input: Int32
    private var inputClosed = false
    /// The host was reaped (`finish`): its pid may be another process's now, never to be signalled.
    private var reaped = false
    private let output: String
    private let folder: TemporaryFolder

    package init(_ arguments: [String], environment extra: [String: String] = [:]) throws {
        folder = try TemporaryFolder()
        output = folder.path("stdout")
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw ChildRun.SpawnError(description: "pipe: \(errno)") }
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        input = ends[1]
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, ends[0], 0)
        posix_spawn_file_actions_addclose(&actions, ends[0])
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, folder.path("stderr"), O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        var environment = ProcessInfo.processInfo.environment
        environment["SCENE_HOST_PROBE_CACHE"] = folder.path("probes.cache")
        environment["XDG_STATE_HOME"] = folder.path("state")
        environment.merge(extra) { _, new in new }
        let argv = ([BuildProducts.hostExecutable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, BuildProducts.hostExecutable, &actions, nil, argv, envp)
        close(ends[0])
        guard spawned == 0 else { throw ChildRun.SpawnError(description: "cannot start scene-host: \(spawned)") }
        pid = child
    }

    package var stdout: String { (try? String(contentsOfFile: output, encoding: .utf8)) ?? "" }

    /// What the host wrote to its standard error so far.
    package var stderr: String { (try? String(contentsOfFile: folder.path("stderr"), encoding: .utf8)) ?? "" }

    /// Types `lines` (each ends with a newline).
    package func type(_ lines: String) {
        let bytes = Array(lines.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(input, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            offset += written
        }
    }

    /// Waits until the output holds `count` occurrences of `text`.
    package func waitFor(_ text: String, count: Int = 1, limit: Duration = .seconds(300)) -> Bool {
        Processes.eventually(limit: limit) { stdout.components(separatedBy: text).count - 1 >= count }
    }

    /// Closes standard input and waits for the exit status (nil: killed at the limit).
    package func finish(limit: Duration = .seconds(60)) -> Int32? {
        closeInput()
        defer { reaped = true }
        let exit = ChildExit(pid)
        if let status = exit.wait(until: ContinuousClock.now + limit) {
            return status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        }
        kill(pid, SIGKILL)
        exit.waitUntilEnded()
        return nil
    }

    /// How many descriptors the host has open now.
    package var openDescriptors: Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count) ?? -1
    }

    /// The host's resident memory now, in KiB.
    package var residentKiB: Int {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? -1
    }

    /// Closes the pipe once: a second close would close whatever descriptor took its number since,
    /// in this process of parallel tests (another test's socket: its reads then fail with EBADF).
    private func closeInput() {
        guard !inputClosed else { return }
        inputClosed = true
        close(input)
    }

    deinit {
        closeInput()
        guard !reaped else { return }
        if Processes.isAlive(pid) { kill(pid, SIGKILL) }
        var status: Int32 = 0
        waitpid(pid, &status, WNOHANG)
    }
}
