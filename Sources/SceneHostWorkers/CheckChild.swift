#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Synchronization
import SceneHostProcesses
import SceneHostRecordCodec
import SceneHostCore

/// `scene-host check` without `--in-process`: the checks that load plugins (those their probe
/// verdicts cannot vouch for) run in a child, `scene-host check --in-process`, which prints the
/// report itself; this process maps no plugin code and only passes on how the child ended.
///
/// SIGTERM and SIGINT sent to this process are passed on to the child, whose own handlers end its
/// probes (`ChildProcessGroup`); when the child has ended by that signal, this process ends by it
/// too. The child's process id is the one piece of global state, because a signal handler can read
/// nothing else.
package enum CheckChild {
    /// Prints what the ended child wrote, escaped (`ChildOutput.kept`): its output on this
    /// process's standard output, its errors on standard error, or, `keepingErrors`, returns them instead.
    private static func passOn(output: ChildOutput, errors: ChildOutput, keepingErrors: Bool) -> String {
        let printed = output.kept()
        let complained = errors.kept()
        TerminalText.write(printed, to: STDOUT_FILENO)
        if keepingErrors { return complained }
        TerminalText.write(complained, to: STDERR_FILENO)
        return ""
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

    /// Runs `executable` as the check child and returns its exit status; a child ended by a signal
    /// this process was not sent is `checkStopped`. What the child printed is printed here once it
    /// has ended, escaped: its standard streams are files, never the user's terminal.
    ///
    /// The child runs in a session of its own (no terminal), its group killed when the child has ended. With
    /// `timeLimit` (`run` and `serve` checking plugin scenes at start) it is killed when the limit
    /// passes too: `checkStopped(.timedOut)`.
    /// A plugin whose scene hangs only when built with the app's settings must not keep the app
    /// from starting, or from saying why.
    ///
    /// `start`: what the child checks and how (`CheckChildStart`), handed as an unnamed file on
    /// descriptor 3 (`scene-host check --child-start-fd 3`): the child parses no options of its
    /// parent, and checks the config bytes this process read, never the file read again.
    ///
    /// `capturesErrors`: the child's standard error is returned instead of printed (`--watch` shows
    /// a refused build's reasons on pages and in its note).
    package static func run(
        _ executable: String, start: CheckChildStart, timeLimit: Duration? = nil,
        capturesErrors: Bool = false
    ) throws(WorkerError) -> (status: Int32, errors: String) {
        guard let file = UnnamedFile.create("scene-host-check-start"), UnnamedFile.write(start.encoded(), to: file)
        else {
            throw .workerUnavailable(
                reason: "cannot hand the check child its start: \(String(cString: strerror(errno)))")
        }
        defer { close(file) }
        // Its standard streams are pipes this process reads, bounded, and prints from, escaped, once it
        // has ended: plugin code in the child never writes to the user's terminal, nor fills a disk.
        let output: ChildOutput, errors: ChildOutput
        do throws(ProcessSpawner.Failure) {
            output = try ChildOutput(.kept)
            do {
                errors = try ChildOutput(.kept)
            } catch {
                output.closeWriteEnd()
                _ = output.kept()
                throw error
            }
        } catch {
            throw .workerUnavailable(reason: "cannot make the check child's output pipes: \(error.reason)")
        }
        // The signals wait until the child is known, so the handler can pass them on.
        var ending = sigset_t(), previous = sigset_t()
        sigemptyset(&ending)
        for signalNumber in ChildProcessGroup.endingSignals { sigaddset(&ending, signalNumber) }
        pthread_sigmask(SIG_BLOCK, &ending, &previous)
        // Made for it, never this process's (`ChildEnvironment`).
        let host = ProcessInfo.processInfo.environment
        var environment = ChildEnvironment.make(from: host)
        // The child learns it is one, so it ends with this process, however this one ends (`ParentWatch`).
        environment[childVariable] = "1"
        // The one folder the child may write in once sandboxed (`PrivateFolder`), removed when it has ended.
        let folder: PrivateFolder
        do {
            folder = try PrivateFolder.make(environment: host)
        } catch {
            pthread_sigmask(SIG_SETMASK, &previous, nil)
            output.closeWriteEnd()
            errors.closeWriteEnd()
            _ = passOn(output: output, errors: errors, keepingErrors: true)
            throw .workerUnavailable(reason: error.reason)
        }
        defer { folder.remove() }
        // A session of its own (`ProcessSpawner`): whatever plugin code in it starts (a granted plugin's
        // children; the sandbox keeps them from leaving the group) is killed with the group when it
        // ends, and it has no terminal.
        let pid: pid_t
        do {
            pid = try ProcessSpawner.start(
                executable, arguments: ["check", "--child-start-fd", "3"], environment: folder.handing(to: environment),
                descriptors: [1: output.writeEnd, 2: errors.writeEnd, 3: file])
            output.closeWriteEnd()
            errors.closeWriteEnd()
        } catch {
            pthread_sigmask(SIG_SETMASK, &previous, nil)
            output.closeWriteEnd()
            errors.closeWriteEnd()
            _ = passOn(output: output, errors: errors, keepingErrors: true)
            throw .workerUnavailable(reason: error.reason)
        }
        running.store(pid, ordering: .releasing)
        // While the child runs, SIGTERM and SIGINT go to it; then this process's own handlers are
        // back (a server's graceful shutdown after a `--watch` reload's check: it must still drain).
        var before: [(signal: Int32, action: sigaction)] = []
        for signalNumber in ChildProcessGroup.endingSignals {
            var old = sigaction()
            _ = sigaction(signalNumber, nil, &old)
            before.append((signalNumber, old))
            _ = signal(signalNumber) { received in
                let child = CheckChild.running.load(ordering: .acquiring)
                if child > 0 { kill(child, received) }
            }
        }
        func restoreHandlers() {
            for (signalNumber, old) in before {
                var action = old
                _ = sigaction(signalNumber, &action, nil)
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
                restoreHandlers()
                _ = passOn(output: output, errors: errors, keepingErrors: false)
                throw .checkStopped(fault: .timedOut(milliseconds: timeLimit.wholeMilliseconds))
            }
        } else {
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        }
        kill(-pid, SIGKILL)
        running.store(0, ordering: .releasing)
        restoreHandlers()
        let signalNumber = status & 0x7f
        if ChildProcessGroup.endingSignals.contains(signalNumber) {
            _ = passOn(output: output, errors: errors, keepingErrors: false)
            // Ended by the signal this process was sent (and passed on): this process takes it as it
            // would have without the check, through its own handler (restored above): a server drains,
            // any other command ends by the signal's default action.
            raise(signalNumber)
            throw .checkStopped(fault: .signal(signalNumber))
        }
        let complained = passOn(output: output, errors: errors, keepingErrors: capturesErrors)
        if signalNumber != 0 { throw .checkStopped(fault: .signal(signalNumber)) }
        return ((status >> 8) & 0xff, complained)
    }
}
