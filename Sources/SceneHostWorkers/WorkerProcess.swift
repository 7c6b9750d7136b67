#if canImport(Glibc)
import Glibc
#endif
import Foundation
import SceneHostProcesses
import SceneHostLoading

/// One running scene worker: `scene-host-worker`, started with `posix_spawn` as the probe
/// children are (a process group of its own, only its channel and standard streams open, signals
/// at their defaults), with its end of a socket pair as descriptor 3 and the write end of its
/// crash report pipe (`CrashReport`) as descriptor 4.
///
/// The worker limits itself when it starts (`WorkerSetup`: its memory, no new privileges, and a
/// thread that ends its whole group when the host's end of the channel closes), so it cannot
/// outlive the host, whatever ends the host.
package final class WorkerProcess {
    package let pid: pid_t
    /// The host's end of the socket pair, until `connect` hands it to the link.
    private var channelDescriptor: Int32?
    /// The channel as async I/O (`connect`), read and written by the link's own thread.
    package private(set) var link: WorkerLink?
    /// The host's end of the pipe the worker's crash handler writes its report to (descriptor 4 there).
    private let crashReports: Int32
    /// What the crash handler reported, read once the worker is reaped (`takeCrashReport`).
    private var crashReport: CrashReport?
    private var reaped = false
    /// The worker's `TMPDIR` (`PrivateFolder`), removed once it is reaped.
    private let privateFolder: PrivateFolder

    /// Starts the worker `executable`, without arguments: what it runs with comes in its start frame.
    /// `traces`: a stack trace the runtime prints after a trap in plugin code reaches the host's
    /// standard error (`--verbose`); else only the trap's message does.
    package init(executable: String, traces: Bool = false) throws(WorkerError) {
        var pair: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
            throw .workerUnavailable(reason: "cannot create its channel: \(String(cString: strerror(errno)))")
        }
        defer { close(pair[1]) }
        var reports: [Int32] = [0, 0]
        guard pipe(&reports) == 0 else {
            close(pair[0])
            throw .workerUnavailable(reason: "cannot create its crash report pipe: \(String(cString: strerror(errno)))")
        }
        defer { close(reports[1]) }
        // Close-on-exec, as the channel: no other child of the host inherits either end.
        for end in reports { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        // Made for it, never the host's: the host's secrets stay in the host (`ChildEnvironment`).
        let host = ProcessInfo.processInfo.environment
        let folder: PrivateFolder
        let output: ChildOutput
        do throws(ProcessSpawner.Failure) {
            folder = try PrivateFolder.make(environment: host)
            do {
                output = try ChildOutput(.lines(label: "scene worker", destination: STDERR_FILENO, traces: traces))
            } catch {
                folder.remove()
                throw error
            }
        } catch {
            close(pair[0])
            close(reports[0])
            throw .workerUnavailable(reason: error.reason)
        }
        do {
            // Plugin output reaches the host's standard error through `ChildOutput`, escaped, never the terminal.
            pid = try ProcessSpawner.start(
                executable, arguments: [], environment: folder.handing(to: ChildEnvironment.make(from: host)),
                descriptors: [
                    1: output.writeEnd, 2: output.writeEnd, WorkerDescriptor.channel: pair[1],
                    WorkerDescriptor.crashReport: reports[1],
                ])
            output.closeWriteEnd()
        } catch {
            output.closeWriteEnd()
            folder.remove()
            close(pair[0])
            close(reports[0])
            throw .workerUnavailable(reason: error.reason)
        }
        privateFolder = folder
        _ = fcntl(pair[0], F_SETFL, fcntl(pair[0], F_GETFL) | O_NONBLOCK)
        _ = fcntl(reports[0], F_SETFL, fcntl(reports[0], F_GETFL) | O_NONBLOCK)
        channelDescriptor = pair[0]
        crashReports = reports[0]
    }

    /// Hands the channel to a link (once): what the worker sends unasked is applied to `sessions`
    /// by the link's thread, and `onUnasked` told.
    package func connect(
        sessions: WorkerSessionTable, onUnasked: @escaping @Sendable () -> Void
    ) throws(WorkerError) -> WorkerLink {
        if let link { return link }
        guard let descriptor = channelDescriptor, !reaped else {
            throw .workerUnavailable(reason: "its channel is closed")
        }
        channelDescriptor = nil
        let made = try WorkerLink(descriptor: descriptor) { id, report in
            guard let session = sessions[id] else { return }  // closed by the host meanwhile
            session.apply(report)
            onUnasked()
        } failed: {
            onUnasked()
        }
        link = made
        return made
    }

    /// The crash handler's report, once the worker died of `fault`: only one record whose signal is
    /// the one it died of is believed (anything else on the pipe was written by someone else). Taken once.
    func takeCrashReport(for fault: WorkerFault) -> CrashReport? {
        defer { crashReport = nil }
        guard case .signal(let number) = fault, let report = crashReport, report.signal == number else { return nil }
        return report
    }

    /// Ends the worker and everything in its group, and says how it ended: the signal or status it
    /// had already died of, else (nil) it was alive and is killed now.
    @discardableResult
    package func end() -> WorkerFault? {
        guard !reaped else { return nil }
        var status: Int32 = 0
        // Dead already? Its own status tells why (a crash), before the host's SIGKILL could.
        var dead = waitpid(pid, &status, WNOHANG)
        while dead < 0 && errno == EINTR { dead = waitpid(pid, &status, WNOHANG) }
        kill(-pid, SIGKILL)
        if dead == 0 { while waitpid(pid, &status, 0) < 0 && errno == EINTR {} }
        finish()
        return dead == pid ? Self.fault(status) : nil
    }

    /// Waits a moment for a worker whose channel closed to be reaped, so its signal is known.
    /// The wait sleeps in steps (a worker's end is rare, and its channel's end came first).
    nonisolated(nonsending) package func awaitDeath(within limit: Duration = .milliseconds(500)) async -> WorkerFault? {
        guard !reaped else { return nil }
        // Not reaped yet, so the pid is still this worker's.
        let exit = ChildExit(pid)
        let deadline = ContinuousClock.now + limit
        while true {
            if let status = exit.reap() {
                kill(-pid, SIGKILL)
                finish()
                return Self.fault(status)
            }
            guard ContinuousClock.now < deadline else { break }
            try? await Task.sleep(for: .milliseconds(2))
        }
        return end()
    }

    /// The process is reaped: its channel goes.
    private func finish() {
        reaped = true
        // The link's thread closes the socket it polls; a channel never linked is closed here.
        link?.shutdown()
        if let channelDescriptor { close(channelDescriptor) }
        channelDescriptor = nil
        // Whatever is left in its cgroup (a granted plugin's children) goes with it, then the cgroup.
        if case .success(let folders) = Self.cgroups { WorkerCgroup.remove(workerPID: pid, parent: folders) }
        privateFolder.remove()
        crashReport = readCrashReport()
        close(crashReports)
    }

    /// What the dead worker's handler wrote (its write came before its death, so it is in the pipe now).
    private func readCrashReport() -> CrashReport? {
        // One byte more than a record: a second record (or any extra byte) makes the report untrustworthy.
        var bytes = [UInt8](repeating: 0, count: CrashReport.recordSize + 1)
        var count = 0
        while count < bytes.count {
            let got = bytes.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return read(crashReports, base + count, buffer.count - count)
            }
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { break }
            count += got
        }
        return CrashReport.parse(Array(bytes.prefix(count)))
    }

    /// Where workers make their cgroups (`WorkerCgroup`): the host's own, which each worker inherits.
    private static let cgroups = WorkerCgroup.availability()

    /// How a worker that died by itself ended (`ChildProcessProber.Ended` reads the status, as for probes).
    private static func fault(_ status: Int32) -> WorkerFault {
        let ended = ChildProcessProber.Ended(raw: status)
        return ended.signal.map(WorkerFault.signal) ?? .exited(ended.exitCode)
    }

    deinit { end() }
}
