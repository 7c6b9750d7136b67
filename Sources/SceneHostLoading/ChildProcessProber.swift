#if canImport(Glibc)
import Glibc
#endif
import SceneHostProcesses
import SceneHostCore
import SceneHostNative
import SceneHostContainer
import SceneHostConfig
import SceneHostRecordCodec

/// Probes a plugin in a child process — `scene-host-probe` — with a time limit, so a
/// plugin that crashes (SIGSEGV, `fatalError`), hangs, or throws while registering, or whose
/// scenes crash or hang when built and exercised, is reported while the host goes on.
///
/// The child gets the plugin as an open descriptor (fd 3) and loads exactly that file, whatever
/// its path names by now. It runs in a process group of its own, writes to unnamed files only (its
/// result on fd 4, its standard output and error), and the whole group is killed when the limit
/// passes and after the child ended: nothing it starts can outlive the probe in the group, or make
/// the host wait. A probe that could not run at all throws `pluginProbeUnavailable`; it is not a
/// verdict about the file.
///
/// The child writes its verdict in full and then exits normally, running the plugin's destructors,
/// its exit handlers and the dynamic loader's clean-up (`ProbeChild`). So a child that wrote a good
/// verdict and then did not exit with 0 failed there: `failedAtExit`, told apart from a failure
/// before the verdict (`crashed`, `exited`), since a scene worker or the check child would fail the
/// same way as it ends.
package struct ChildProcessProber: Sendable {
    /// The `scene-host` executable to run as the child.
    package let executable: String
    package let timeout: Duration

    package init(executable: String, timeout: Duration = .seconds(10)) {
        self.executable = executable
        self.timeout = timeout
    }

    /// The limit in milliseconds, as timeouts are recorded.
    var timeoutMilliseconds: Int64 {
        timeout.wholeMilliseconds
    }

    /// Loads the plugin open at `fileDescriptor` as `entry` in a child process and reports what happened.
    /// `realPath` is the file's real path: its folder stands in for `$ORIGIN` in the child, as in the host.
    package func probe(_ entry: PluginEntry, fileDescriptor: Int32, realPath: String) throws -> ProbeVerdict {
        let plugin = PluginReference(name: entry.name, path: entry.resolvedPath, location: entry.location)
        var files: [Int32] = []
        defer { for file in files { close(file) } }
        for name in [
            "scene-host-probe-result", "scene-host-probe-stdout", "scene-host-probe-stderr", "scene-host-probe-start",
        ] {
            guard let file = UnnamedFile.create(name) else {
                throw PluginLoadError.pluginProbeUnavailable(
                    plugin, reason: "cannot create an unnamed file for its result: \(String(cString: strerror(errno)))")
            }
            files.append(file)
        }
        let (result, output, errors, start) = (files[0], files[1], files[2], files[3])
        // A batch of one (`ProbeStart`): the child's records begin with `begin(0)`, which `records(in:)` passes over.
        let task = ProbeStart.Task(
            index: 0, name: entry.name, path: entry.resolvedPath, realPath: realPath,
            descriptor: ProcessSpawner.firstClosed)
        guard UnnamedFile.write(ProbeStart(tasks: [task], resultDescriptor: 4).encoded(), to: start) else {
            throw PluginLoadError.pluginProbeUnavailable(
                plugin, reason: "cannot write its start file: \(String(cString: strerror(errno)))")
        }
        // Made for it, never the host's (`ChildEnvironment`); the child's crash is reported by the parent.
        let host = ProcessEnvironment.current
        var environment = ChildEnvironment.make(from: host)
        // The one folder the probe may write in (it opens the library through links made there), removed once it has ended.
        let folder: PrivateFolder
        do throws(ProcessSpawner.Failure) {
            folder = try PrivateFolder.make(environment: host)
        } catch {
            throw PluginLoadError.pluginProbeUnavailable(plugin, reason: error.reason)
        }
        defer { folder.remove() }
        environment = folder.handing(to: environment)
        let arguments = ["--start-fd", "3"]

        // SIGTERM and SIGINT wait until the child's group is known, so their handler can kill it.
        var ending = sigset_t(), previous = sigset_t()
        sigemptyset(&ending)
        for signalNumber in ChildProcessGroup.endingSignals { sigaddset(&ending, signalNumber) }
        pthread_sigmask(SIG_BLOCK, &ending, &previous)
        let child: pid_t
        do throws(ProcessSpawner.Failure) {
            child = try ProcessSpawner.start(
                executable, arguments: arguments, environment: environment,
                descriptors: [1: output, 2: errors, 3: start, 4: result, ProcessSpawner.firstClosed: fileDescriptor])
        } catch {
            pthread_sigmask(SIG_SETMASK, &previous, nil)
            throw PluginLoadError.pluginProbeUnavailable(plugin, reason: error.reason)
        }
        ChildProcessGroup.set(child)
        pthread_sigmask(SIG_SETMASK, &previous, nil)
        defer { ChildProcessGroup.set(0) }

        let ended = wait(for: child)
        // Whatever the child started and left in its group goes with it.
        kill(-child, SIGKILL)
        let records = Self.records(in: UnnamedFile.contents(of: result))
        let step = records.lastStep
        guard let status = ended else {
            // A good verdict written in full, then no end: the exit hangs, not the scene last stepped into.
            if let verdict = records.verdict, records.problem == nil, case .good = verdict {
                return .failed(.hungAtExit(limitMilliseconds: timeoutMilliseconds))
            }
            return .failed(.timedOut(limitMilliseconds: timeoutMilliseconds, step: step))
        }
        if let problem = records.problem, status.signal == nil { return spoiled(plugin, problem, step: step) }
        if let verdict = records.verdict, records.problem == nil {
            // Written in full before the exit: a good verdict stands only if the exit was clean.
            guard status.raw != 0, case .good = verdict else { return verdict }
            return .failed(
                .failedAtExit(
                    signal: status.signal, status: status.signal == nil ? status.exitCode : nil,
                    said: Self.lastWords(in: UnnamedFile.contents(of: errors))))
        }
        if let signal = status.signal {
            return .failed(
                .crashed(signal: signal, step: step, said: Self.lastWords(in: UnnamedFile.contents(of: errors))))
        }
        return .failed(.exited(status: status.exitCode, step: step))
    }

    /// How a child ended.
    package struct Ended {
        package let raw: Int32
        package var signal: Int32? { raw & 0x7f == 0 ? nil : raw & 0x7f }
        package var exitCode: Int32 { (raw >> 8) & 0xff }

        package init(raw: Int32) {
            self.raw = raw
        }
    }

    /// Waits for `child` until the limit; on time-out kills its group and reaps it, returning nil.
    /// The child's end wakes the wait (`ChildExit`): a probe costs its child's time, not a polling interval.
    private func wait(for child: pid_t) -> Ended? {
        let exit = ChildExit(child)
        if let status = exit.wait(until: ContinuousClock.now + timeout) { return Ended(raw: status) }
        kill(-child, SIGKILL)
        exit.waitUntilEnded()
        return nil
    }

    /// The verdict for a plugin whose child wrote garbage, or too large a record, to the result channel.
    func spoiled(_ plugin: PluginReference, _ problem: ProbeCacheFormat.RecordProblem, step: ProbeStep?) -> ProbeVerdict
    {
        switch problem {
        case .garbled:
            return .failed(.refused(message: ErrorMessage.body(PluginLoadError.pluginProbeGarbled(plugin, step: step))))
        case .tooLarge(let bytes):
            return .failed(
                .refused(
                    message: ErrorMessage.body(
                        PluginLoadError.pluginProbeRecordTooLarge(
                            plugin, bytes: bytes, limit: ProbeCacheFormat.maximumFrame, largest: nil))))
        }
    }

    /// The child's records: the last step it began, its verdict if it got that far (before any
    /// garbage), and what is wrong with what followed the records read, if anything.
    package static func records(
        in bytes: [UInt8]
    ) -> (lastStep: ProbeStep?, verdict: ProbeVerdict?, problem: ProbeCacheFormat.RecordProblem?) {
        var lastStep: ProbeStep?
        var verdict: ProbeVerdict?
        let stream = ProbeCacheFormat.decodeRecords(bytes)
        for record in stream.records {
            switch record {
            case .step(let step): lastStep = step
            case .verdict(let found): verdict = found
            case .begin: continue
            }
        }
        // A frame cut off at the end is garbage too: the child has ended, nothing more comes.
        return (lastStep, verdict, stream.problem ?? (stream.consumed < bytes.count ? .garbled : nil))
    }

    /// What the child said as it died: the runtime's message of a trap (`Fatal error`, `Precondition
    /// failed`, `Assertion failed`: the author's words and the file and line), else its last line
    /// that is not a stack frame, escaped (`TerminalText`: plugin code chose those bytes, and the
    /// message reaches a terminal).
    static func lastWords(in bytes: [UInt8]) -> String? {
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init).filter {
            !$0.isEmpty
        }
        let said =
            RuntimeCrashText.message(in: lines)
            ?? lines.last {
                !RuntimeCrashText.isFrame($0) && !RuntimeCrashText.startsTrace($0)
            }
        let line = said.map { TerminalText.escaped(Array($0.utf8)) }
        return line.map { $0.count > 200 ? String($0.prefix(200)) + "…" : $0 }
    }
}
