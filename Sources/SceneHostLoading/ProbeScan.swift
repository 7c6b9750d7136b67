#if canImport(Glibc)
import Glibc
#endif
import SceneHostProcesses
import SceneHostCore
import SceneHostConfig
import SceneHostRecordCodec

/// Probes many plugins at once, for a cold start at scale: each lane runs a scanner child
/// (`scene-host-probe --start-fd`, see `ProbeScanner`) over its share of the plugins, the lanes in
/// parallel, one per core (at most `ChildProcessGroup.slots`).
///
/// A scanner reports each verdict as it finishes. The time limit counts per plugin, from the
/// scanner's `begin` record for it. When a scanner crashes, exits or hangs, the plugin it was on
/// gets that verdict, exactly as a probe of its own would have given it, and a new scanner goes
/// on after it. Each scanner has its own process group, killed when it ends. A plugin without a
/// verdict (a scanner could not start) is left to the caller, which probes it alone.
///
/// A scanner's plugins run their destructors and exit handlers only when it exits, all together
/// (`ProbeChild`). So its verdicts hold only once it has exited with 0: when it does not, the
/// verdicts it gave before are withdrawn (`withdraw`). With a culprit (the plugin it was on failed
/// before its verdict) they are probed again by the next scanner; without one (it failed after
/// its last verdict: at exit) they are left to be probed alone, which finds which of them it was.
@MainActor
package struct ProbeScan {
    package struct Item {
        let entry: PluginEntry
        let file: PluginFile

        var reference: PluginReference {
            PluginReference(name: entry.name, path: entry.resolvedPath, location: entry.location)
        }
    }

    package let prober: ChildProcessProber
    let lanes: Int
    /// The most plugins one scanner probes before the next scanner takes over. Each plugin loaded
    /// makes the Swift runtime's conformance look-ups slower for the next ones (they scan every
    /// loaded image), so a scanner's cost grows with the square of its plugins: a fresh scanner
    /// every few dozen keeps it linear.
    static let batchLimit = 48
    /// How often a running scan reads its scanners' records: a plugin's limit starts at most this
    /// late after its `begin` was written (a scanner's end is seen at once, through its pidfd).
    static let recordInterval: Duration = .milliseconds(10)

    package init(
        prober: ChildProcessProber,
        lanes: Int = min(ChildProcessGroup.slots, ProcessorCount.available)
    ) {
        self.prober = prober
        self.lanes = max(1, lanes)
    }

    /// One running scanner child and what it said so far.
    final class Scanner {
        let pid: pid_t
        /// Wakes the scan when the scanner ends.
        let exit: ChildExit
        let slot: Int
        let files: [Int32]
        var result: Int32 { files[0] }
        var errors: Int32 { files[2] }
        var offset = 0
        var current: Int?
        var step: ProbeStep?
        /// The plugins it gave a verdict for, in order.
        var given: [Int] = []
        /// It wrote what is not a record, or too large a one (only plugin code does): nothing
        /// more is read from it.
        var spoiled: ProbeCacheFormat.RecordProblem?
        var deadline: ContinuousClock.Instant
        /// Its `TMPDIR`, removed when it is stopped.
        let folder: PrivateFolder

        init(pid: pid_t, slot: Int, files: [Int32], folder: PrivateFolder, deadline: ContinuousClock.Instant) {
            self.pid = pid
            self.folder = folder
            exit = ChildExit(pid)
            self.slot = slot
            self.files = files
            self.deadline = deadline
        }
    }

    /// The verdicts by index in `items`; an index missing had no probe.
    package func run(_ items: [Item]) -> [Int: ProbeVerdict] {
        var verdicts: [Int: ProbeVerdict] = [:]
        let share = (items.count + lanes - 1) / lanes
        var pending: [[Int]] = stride(from: 0, to: items.count, by: max(1, share)).map {
            Array($0..<min(items.count, $0 + share))
        }
        var scanners: [Scanner?] = Array(repeating: nil, count: pending.count)
        while true {
            var running = false
            for lane in pending.indices {
                if scanners[lane] == nil, !pending[lane].isEmpty {
                    scanners[lane] = start(Array(pending[lane].prefix(Self.batchLimit)), of: items, slot: lane)
                    if scanners[lane] == nil { pending[lane] = [] }
                }
                guard let scanner = scanners[lane] else { continue }
                running = true
                read(scanner, into: &verdicts)
                if let problem = scanner.spoiled {
                    kill(-scanner.pid, SIGKILL)
                    scanner.exit.waitUntilEnded()
                    if let culprit = scanner.current {
                        // The plugin being probed wrote it; a verdict read before it is not believed either.
                        verdicts[culprit] = prober.spoiled(items[culprit].reference, problem, step: scanner.step)
                        withdraw(scanner, culprit: culprit, lane: lane, verdicts: &verdicts, pending: &pending)
                    } else {
                        pending[lane] = []
                    }
                    stop(scanner)
                    scanners[lane] = nil
                } else if let ended = ended(scanner) {
                    read(scanner, into: &verdicts, final: true)
                    if let culprit = scanner.current {
                        let answered = scanner.given.last == culprit
                        if let problem = scanner.spoiled, ended.signal == nil {
                            verdicts[culprit] = prober.spoiled(items[culprit].reference, problem, step: scanner.step)
                            withdraw(scanner, culprit: culprit, lane: lane, verdicts: &verdicts, pending: &pending)
                        } else if !answered {
                            verdicts[culprit] =
                                ended.signal.map {
                                    .failed(
                                        .crashed(
                                            signal: $0, step: scanner.step,
                                            said: ChildProcessProber.lastWords(
                                                in: UnnamedFile.contents(of: scanner.errors))))
                                } ?? .failed(.exited(status: ended.exitCode, step: scanner.step))
                            withdraw(scanner, culprit: culprit, lane: lane, verdicts: &verdicts, pending: &pending)
                        } else if ended.raw != 0 || scanner.spoiled != nil {
                            // It failed after its last verdict, as it exited: one of its plugins' destructors or exit handlers.
                            withdraw(scanner, culprit: nil, lane: lane, verdicts: &verdicts, pending: &pending)
                        }
                    } else {
                        // It ended before its first plugin: no verdict is about a plugin; they are probed alone.
                        pending[lane] = []
                    }
                    stop(scanner)
                    scanners[lane] = nil
                } else if ContinuousClock.now >= scanner.deadline {
                    kill(-scanner.pid, SIGKILL)
                    scanner.exit.waitUntilEnded()
                    read(scanner, into: &verdicts)
                    if let culprit = scanner.current, scanner.given.last != culprit {
                        verdicts[culprit] = .failed(
                            .timedOut(limitMilliseconds: prober.timeoutMilliseconds, step: scanner.step))
                        withdraw(scanner, culprit: culprit, lane: lane, verdicts: &verdicts, pending: &pending)
                    } else if scanner.current != nil {
                        // It hung after its last verdict, as it exited.
                        withdraw(scanner, culprit: nil, lane: lane, verdicts: &verdicts, pending: &pending)
                    } else {
                        pending[lane] = []
                    }
                    stop(scanner)
                    scanners[lane] = nil
                }
                pending[lane].removeAll { verdicts[$0] != nil }
            }
            guard running else { break }
            let live = scanners.compactMap { $0 }
            // Until a scanner ends (its pidfd wakes the scan), the first deadline passes, or it is
            // time to read the records again: they arrive in files, which poll cannot watch, and a
            // `begin` restarts its plugin's limit from when it is read.
            let wake = live.map(\.deadline).min().map { min($0, ContinuousClock.now + Self.recordInterval) }
            ChildExit.sleep(watching: live.map(\.exit), until: wake ?? ContinuousClock.now)
        }
        return verdicts
    }

    /// Withdraws the verdicts `scanner` gave, except the `culprit`'s: it did not exit cleanly, so
    /// their destructors and exit handlers did not run, or one of them is what failed. With a
    /// culprit they go back to the front of the lane, for the next scanner; without one (it failed
    /// after its last verdict) they are left without a verdict, for the caller to probe each alone.
    private func withdraw(
        _ scanner: Scanner, culprit: Int?, lane: Int, verdicts: inout [Int: ProbeVerdict], pending: inout [[Int]]
    ) {
        let others = scanner.given.filter { $0 != culprit }
        for index in others { verdicts[index] = nil }
        if culprit != nil { pending[lane].insert(contentsOf: others.filter { !pending[lane].contains($0) }, at: 0) }
    }

    /// Starts a scanner over `indices`, in its own process group; nil when it cannot start.
    private func start(_ indices: [Int], of items: [Item], slot: Int) -> Scanner? {
        var files: [Int32] = []
        for name in [
            "scene-host-scan-result", "scene-host-scan-stdout", "scene-host-scan-stderr", "scene-host-scan-start",
        ] {
            guard let file = UnnamedFile.create(name) else {
                for file in files { close(file) }
                return nil
            }
            files.append(file)
        }
        var descriptors: [Int32: Int32] = [1: files[1], 2: files[2], 3: files[3], 4: files[0]]
        var tasks: [ProbeStart.Task] = []
        for (position, index) in indices.enumerated() {
            let number = ProcessSpawner.firstClosed + Int32(position)
            let item = items[index]
            descriptors[number] = item.file.descriptor
            tasks.append(
                ProbeStart.Task(
                    index: index, name: item.entry.name, path: item.entry.resolvedPath, realPath: item.file.realPath,
                    descriptor: number))
        }
        guard UnnamedFile.write(ProbeStart(tasks: tasks, resultDescriptor: 4).encoded(), to: files[3]) else {
            for file in files { close(file) }
            return nil
        }
        // Made for it, never the host's (`ChildEnvironment`); its private folder goes where the host's TMPDIR says.
        let host = ProcessEnvironment.current
        let environment = ChildEnvironment.make(from: host)
        var ending = sigset_t(), previous = sigset_t()
        sigemptyset(&ending)
        for signalNumber in ChildProcessGroup.endingSignals { sigaddset(&ending, signalNumber) }
        pthread_sigmask(SIG_BLOCK, &ending, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        guard let folder = try? PrivateFolder.make(environment: host) else {
            for file in files { close(file) }
            return nil
        }
        guard
            let pid = try? ProcessSpawner.start(
                prober.executable, arguments: ["--start-fd", "3"],
                environment: folder.handing(to: environment), descriptors: descriptors)
        else {
            folder.remove()
            for file in files { close(file) }
            return nil
        }
        ChildProcessGroup.set(pid, slot: slot)
        return Scanner(
            pid: pid, slot: slot, files: files, folder: folder, deadline: ContinuousClock.now + prober.timeout)
    }

    /// Reads the records the scanner wrote since the last look; a `begin` restarts the time limit.
    /// `final`: it has ended, so a frame not written in full is garbage too.
    private func read(_ scanner: Scanner, into verdicts: inout [Int: ProbeVerdict], final: Bool = false) {
        guard scanner.spoiled == nil else { return }
        let bytes = UnnamedFile.contents(of: scanner.result, from: scanner.offset)
        let stream = ProbeCacheFormat.decodeRecords(bytes)
        scanner.offset += stream.consumed
        scanner.spoiled = stream.problem ?? (final && stream.consumed < bytes.count ? .garbled : nil)
        for record in stream.records {
            switch record {
            case .begin(let index):
                scanner.current = index
                scanner.step = nil
                scanner.deadline = ContinuousClock.now + prober.timeout
            case .step(let step):
                scanner.step = step
            case .verdict(let verdict):
                if let current = scanner.current {
                    verdicts[current] = verdict
                    scanner.given.append(current)
                }
            }
        }
    }

    /// How the scanner ended, if it did (reaped).
    private func ended(_ scanner: Scanner) -> ChildProcessProber.Ended? {
        scanner.exit.reap().map { ChildProcessProber.Ended(raw: $0) }
    }

    /// Kills whatever is left in the scanner's group and closes its files.
    private func stop(_ scanner: Scanner) {
        kill(-scanner.pid, SIGKILL)
        ChildProcessGroup.set(0, slot: scanner.slot)
        for file in scanner.files { close(file) }
        scanner.folder.remove()
    }
}
