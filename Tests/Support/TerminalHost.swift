import Foundation
#if canImport(Glibc)
import Glibc
#endif
@testable import SceneHostProcesses

/// The built `scene-host` on a pseudo-terminal, as a person runs it: its standard streams are the
/// terminal's, so it edits its own line and redraws screens that change on their own. The test
/// types keys and reads what the terminal shows.
package final class TerminalHost {
    package let pid: Int32
    private let master: Int32
    private var shown: [UInt8] = []
    /// The host was reaped (`finish`): its pid may be another process's now, never to be signalled.
    private var reaped = false
    private let folder: TemporaryFolder
    /// TIOCSPTLCK and TIOCGPTN (function-like macros Swift does not import; the same on x86_64 and arm64).
    private static let unlockRequest: UInt = 0x4004_5431
    private static let numberRequest: UInt = 0x8004_5430

    /// `controllingTerminal`: the host leads a session of its own whose controlling terminal is this
    /// one, as a login shell's child is (what a plugin would type into, or take the foreground of).
    package init(
        _ arguments: [String], environment extra: [String: String] = [:], controllingTerminal: Bool = false
    ) throws {
        folder = try TemporaryFolder()
        // posix_openpt's steps by hand (Glibc's module leaves them out): the master, unlocked, and its number.
        master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard master >= 0, ioctl(master, Self.unlockRequest, &unlock) == 0,
            ioctl(master, Self.numberRequest, &number) == 0
        else {
            throw ChildRun.SpawnError(description: "no pseudo-terminal: \(errno)")
        }
        let slave = "/dev/pts/\(number)"
        _ = fcntl(master, F_SETFD, FD_CLOEXEC)
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, slave, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_addopen(&actions, 2, folder.path("stderr"), O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        var environment = ProcessInfo.processInfo.environment
        environment["SCENE_HOST_PROBE_CACHE"] = folder.path("probes.cache")
        environment["XDG_STATE_HOME"] = folder.path("state")
        environment["TERM"] = "xterm"
        environment.merge(extra) { _, new in new }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // POSIX_SPAWN_SETSID (glibc's 0x80): the terminal opened next becomes the session's.
        if controllingTerminal { posix_spawnattr_setflags(&attributes, 0x80) }
        let argv = ([BuildProducts.hostExecutable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, BuildProducts.hostExecutable, &actions, &attributes, argv, envp)
        guard spawned == 0 else { throw ChildRun.SpawnError(description: "cannot start scene-host: \(spawned)") }
        pid = child
        slavePath = slave
    }

    /// The terminal's device (`/dev/pts/N`).
    package let slavePath: String

    deinit {
        if !reaped {
            kill(pid, SIGKILL)
            ChildExit(pid).waitUntilEnded()
        }
        close(master)
    }

    /// Everything the terminal showed so far (escape sequences included).
    package var screen: String {
        drain()
        return String(decoding: shown, as: UTF8.self)
    }

    /// How many bytes the terminal showed so far: a mark to look only at what comes after it.
    package var mark: Int {
        drain()
        return shown.count
    }

    /// What the terminal showed after `mark`.
    package func shown(after mark: Int) -> String {
        drain()
        return String(decoding: shown[min(mark, shown.count)...], as: UTF8.self)
    }

    /// Types `keys` as they are (a line ends with "\r", as the Enter key sends it).
    package func type(_ keys: String) {
        let bytes = Array(keys.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
            if written < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            guard written > 0 else { return }
            offset += written
        }
    }

    /// Waits until what the terminal showed after `mark` passes `check`.
    package func waitFor(after mark: Int = 0, limit: Duration = .seconds(60), _ check: (String) -> Bool) -> Bool {
        Processes.eventually(limit: limit) { check(shown(after: mark)) }
    }

    /// Waits for the exit status (nil: killed at the limit).
    package func finish(limit: Duration = .seconds(30)) -> Int32? {
        let exit = ChildExit(pid)
        defer { reaped = true }
        if let status = exit.wait(until: ContinuousClock.now + limit) {
            drain()
            return status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        }
        kill(pid, SIGKILL)
        exit.waitUntilEnded()
        return nil
    }

    /// What the host wrote to its standard error.
    package var stderr: String { (try? String(contentsOfFile: folder.path("stderr"), encoding: .utf8)) ?? "" }

    private func drain() {
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(master, &buffer, buffer.count)
            guard count > 0 else { return }
            shown += buffer.prefix(count)
        }
    }
}
