#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Synchronization
import SceneHostProcesses
import SceneHostLoading

/// `scene-host check` without `--in-process`: the checks that load plugins (those their probe
/// verdicts cannot vouch for) run in a child, `scene-host check --in-process`, which prints the
/// report itself; this process maps no plugin code and only passes on how the child ended.
///
/// SIGTERM and SIGINT sent to this process are passed on to the child, whose own handlers end its
/// probes (`ProbeProcessGroup`); when the child has ended by that signal, this process ends by it
/// too. The child's process id is the one piece of global state, because a signal handler can read
/// nothing else.
package enum CheckChild {
    /// What `descriptor` (an unnamed file) holds, from its start; at most 1 MiB.
    private static func readAll(_ descriptor: Int32) -> String {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        var offset: off_t = 0
        while bytes.count < 1 << 20 {
            let count = chunk.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, offset) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += chunk.prefix(count)
            offset += off_t(count)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The running child's process id, 0 while none runs. Lock-free, so the handler may read it.
    private static let running = Atomic<Int32>(0)

    /// Set (`1`) in the child's environment: `check --in-process` started so watches its parent and
    /// ends (with its process group) when the parent ends, even by SIGKILL.
    package static let childVariable = "SCENE_HOST_CHECK_CHILD"

    /// In the child: starts the watch on the parent when this process was started as a check child.
    package static func endWithParentIfChild(environment: [String: String]) {
        if environment[childVariable] == "1" { ParentWatch.start() }
    }

    /// Runs `executable` as the check child (its standard streams are this process's) and returns
    /// its exit status; a child ended by a signal this process was not sent is `checkStopped`.
    ///
    /// The child runs in a process group of its own, killed when the child has ended. With
    /// `timeLimit` (`run` and `serve` checking plugin scenes at start) it is killed when the limit
    /// passes too: `checkStopped(.timedOut)`.
    /// A plugin whose scene hangs only when built with the app's settings must not keep the app
    /// from starting, or from saying why.
    ///
    /// `start`: what the child checks and how (`CheckChildStart`), handed as an unnamed file on
    /// descriptor 3 (`scene-host check --child-start-fd 3`): the child parses no options of its
    /// parent, and checks the config bytes this process read, never the file read again.
    ///
    /// `capturesErrors`: the child's standard error goes to a file of this process instead, and is
    /// returned (`--watch` shows a refused build's reasons on pages and in its note).
    package static func run(_ executable: String, start: CheckChildStart, timeLimit: Duration? = nil,
                            capturesErrors: Bool = false) throws(WorkerError) -> (status: Int32, errors: String) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        guard let file = UnnamedFile.create("scene-host-check-start"), UnnamedFile.write(start.encoded(), to: file) else {
            throw .workerUnavailable(reason: "cannot hand the check child its start: \(String(cString: strerror(errno)))")
        }
        defer { close(file) }
        posix_spawn_file_actions_adddup2(&actions, file, 3)
        let errors = capturesErrors ? UnnamedFile.create("scene-host-check-errors") : nil
        defer { if let errors { close(errors) } }
        if let errors { posix_spawn_file_actions_adddup2(&actions, errors, 2) }
        let arguments = ["check", "--child-start-fd", "3"]
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        // The signals wait until the child is known, so the handler can pass them on.
        var ending = sigset_t(), previous = sigset_t()
        sigemptyset(&ending)
        for signalNumber in ProbeProcessGroup.endingSignals { sigaddset(&ending, signalNumber) }
        pthread_sigmask(SIG_BLOCK, &ending, &previous)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setsigmask(&attributes, &previous)
        // A process group of its own, always: whatever plugin code in it starts (a granted plugin's
        // children; the sandbox keeps them from leaving the group) is killed with the group when it ends.
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        // The child learns it is one, so it ends with this process, however this one ends (`ParentWatch`).
        var environment = ProcessInfo.processInfo.environment
        environment[childVariable] = "1"
        // The parent the child watches is this process (an inherited value would name this one's own parent).
        environment[ParentWatch.variable] = String(getpid())
        // The one folder the child may write in once sandboxed (`PrivateFolder`), removed when it has ended.
        let folder: PrivateFolder
        do {
            folder = try PrivateFolder.make(environment: environment)
        } catch {
            pthread_sigmask(SIG_SETMASK, &previous, nil)
            throw .workerUnavailable(reason: error.reason)
        }
        defer { folder.remove() }
        environment = ProbeSpawn.boundingArenas(folder.handing(to: environment))
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        var pid: pid_t = 0
        let started = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard started == 0 else {
            pthread_sigmask(SIG_SETMASK, &previous, nil)
            throw .workerUnavailable(reason: "cannot start \(executable): \(String(cString: strerror(started)))")
        }
        running.store(pid, ordering: .releasing)
        for signalNumber in ProbeProcessGroup.endingSignals {
            _ = signal(signalNumber) { received in
                let child = CheckChild.running.load(ordering: .acquiring)
                if child > 0 { kill(child, received) }
            }
        }
        pthread_sigmask(SIG_SETMASK, &previous, nil)
        var status: Int32 = 0
        if let timeLimit {
            let child = ChildExit(pid)
            if let ended = child.wait(until: .now + timeLimit) {
                status = ended
            } else {
                // The whole group: whatever the hung plugin code started goes with it.
                kill(-pid, SIGKILL)
                _ = child.waitUntilEnded()
                running.store(0, ordering: .releasing)
                throw .checkStopped(fault: .timedOut(milliseconds: timeLimit.wholeMilliseconds))
            }
        } else {
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        }
        kill(-pid, SIGKILL)
        running.store(0, ordering: .releasing)
        let signalNumber = status & 0x7f
        if ProbeProcessGroup.endingSignals.contains(signalNumber) {
            // Ended by the signal this process was sent (and passed on): end the same way.
            _ = signal(signalNumber, SIG_DFL)
            raise(signalNumber)
        }
        if signalNumber != 0 { throw .checkStopped(fault: .signal(signalNumber)) }
        return ((status >> 8) & 0xff, errors.map(Self.readAll) ?? "")
    }
}
