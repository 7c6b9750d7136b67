#if canImport(Glibc)
import Glibc
#endif

/// The standard output or error of a process that runs plugin code: a pipe the host reads, never
/// the user's terminal, and never a file plugin code could fill the disk through.
///
/// A child that shared the terminal could push keystrokes into the user's shell (`TIOCSTI`) or
/// take the terminal's foreground; one that writes to it could send escape sequences. So the
/// child's descriptor 1 or 2 is this pipe's write end, and a reader thread of the host takes what
/// comes, escaped (`TerminalText`) and bounded, as its `Sink` says. It reads to the end whatever
/// the bound, so the child never blocks on a full pipe, and ends when every write end is closed:
/// the child and whatever it started have ended.
package final class ChildOutput: Sendable {
    /// What becomes of what the child writes.
    package enum Sink: Sendable {
        /// Each line printed on `destination` as it comes, as `scene-host: plugin output (LABEL):
        /// TEXT`, cut at `lineLimit` bytes, at most `totalLimit` bytes in all (then one line says the
        /// rest is not shown): a scene worker's output, on the host's standard error. A stack trace
        /// the Swift runtime prints after a trap (`RuntimeCrashText`) is printed only with `traces`
        /// (`--verbose`); else one line says where to see it, under the trap's own message.
        case lines(label: String, destination: Int32, traces: Bool = false)
        /// Kept, at most `totalLimit` bytes, for `kept()` once the child has ended (the rest is read and
        /// dropped): a check child's report and its errors, printed whole after it.
        case kept
    }

    /// The longest line printed; the rest of a longer one is dropped.
    package static let lineLimit = 4096
    /// The most bytes printed or kept for one stream, so a flooding plugin cannot fill the host's log.
    static let totalLimit = 1 << 20

    /// The end the child writes to (hand it as 1 or 2); the host closes its copy once the child started.
    package let writeEnd: Int32
    /// The reader thread, joined by `kept()` (`.kept`); detached for `.lines`.
    private let reader: pthread_t
    private let keeps: Bool

    package init(_ sink: Sink) throws(ProcessSpawner.Failure) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            throw ProcessSpawner.Failure(
                reason: "cannot create a pipe for its output: \(String(cString: strerror(errno)))")
        }
        // Close-on-exec: no other child of the host inherits either end (`ProcessSpawner` hands this one on by number).
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        writeEnd = ends[1]
        // A thread of its own that does the reading (blocking reads have no place on a task's
        // thread), handed what it reads from in a box it releases; what it kept comes back as the
        // thread's result.
        let job = Unmanaged.passRetained(Job(descriptor: ends[0], sink: sink)).toOpaque()
        var thread = pthread_t()
        let started = pthread_create(
            &thread, nil,
            { argument in
                guard let argument else { return nil }
                let job = Unmanaged<Job>.fromOpaque(argument).takeRetainedValue()
                defer { close(job.descriptor) }
                switch job.sink {
                case .lines(let label, let destination, let traces):
                    ChildOutput.relay(job.descriptor, label: label, destination: destination, traces: traces)
                    return nil
                case .kept:
                    return Unmanaged.passRetained(ChildOutput.keep(job.descriptor)).toOpaque()
                }
            }, job)
        guard started == 0 else {
            Unmanaged<Job>.fromOpaque(job).release()
            close(ends[0])
            close(ends[1])
            throw ProcessSpawner.Failure(
                reason: "cannot start the thread that reads its output: \(String(cString: strerror(started)))")
        }
        reader = thread
        if case .kept = sink {
            keeps = true
        } else {
            keeps = false
            pthread_detach(thread)
        }
    }

    /// What the reader thread is handed.
    private final class Job {
        let descriptor: Int32
        let sink: Sink

        init(descriptor: Int32, sink: Sink) {
            self.descriptor = descriptor
            self.sink = sink
        }
    }

    /// What a `.kept` reader read: the first `totalLimit` bytes, and how many more came.
    private final class Kept {
        let bytes: [UInt8]
        let dropped: Int

        init(bytes: [UInt8], dropped: Int) {
            self.bytes = bytes
            self.dropped = dropped
        }
    }

    /// Closes the host's copy of the write end: call once the child has it.
    package func closeWriteEnd() {
        close(writeEnd)
    }

    /// `.kept`: waits for the reader to reach the end (every write end closed: call once the child
    /// and its group have ended) and returns what the child wrote, escaped, with how much more was
    /// left out. Call once (and after `closeWriteEnd`), also when the child could not be started:
    /// that is what ends the reader thread.
    package func kept() -> String {
        var result: UnsafeMutableRawPointer?
        guard keeps, pthread_join(reader, &result) == 0, let result else { return "" }
        let kept = Unmanaged<Kept>.fromOpaque(result).takeRetainedValue()
        return TerminalText.escaped(kept.bytes) + (kept.dropped > 0 ? "\n[\(kept.dropped) more bytes not shown]\n" : "")
    }

    /// Reads `descriptor` to its end, keeping the first `totalLimit` bytes.
    private static func keep(_ descriptor: Int32) -> Kept {
        var bytes: [UInt8] = []
        var dropped = 0
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            let room = max(0, totalLimit - bytes.count)
            bytes += chunk.prefix(min(room, count))
            dropped += max(0, count - room)
        }
        return Kept(bytes: bytes, dropped: dropped)
    }

    /// Reads `descriptor` to its end, printing each line.
    fileprivate static func relay(_ descriptor: Int32, label: String, destination: Int32, traces: Bool) {
        var line: [UInt8] = []
        // Inside a runtime stack trace that is not shown.
        var inTrace = false
        // Bytes of the current line past `lineLimit`: counted, not kept.
        var cut = 0
        var printed = 0
        var dropped = false
        var chunk = [UInt8](repeating: 0, count: 4096)
        func emit() {
            defer {
                line.removeAll(keepingCapacity: true)
                cut = 0
            }
            guard !dropped else { return }
            if !traces {
                let text = String(decoding: line, as: UTF8.self)
                if RuntimeCrashText.startsTrace(text) {
                    inTrace = true
                    TerminalText.write(
                        "scene-host: plugin output (\(label)): [its stack trace is not shown; run with --verbose to see it]\n",
                        to: destination)
                    return
                }
                if inTrace {
                    if RuntimeCrashText.isFrame(text) || text.isEmpty { return }
                    inTrace = false
                }
            }
            guard printed + line.count <= totalLimit else {
                dropped = true
                let note =
                    "scene-host: plugin output (\(label)): more than \(totalLimit) bytes; the rest is not shown\n"
                TerminalText.write(note, to: destination)
                return
            }
            printed += line.count
            let rest = cut > 0 ? " [\(cut) more bytes of this line not shown]" : ""
            TerminalText.write(
                "scene-host: plugin output (\(label)): \(TerminalText.escaped(line))\(rest)\n", to: destination)
        }
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            for byte in chunk.prefix(count) {
                if byte == 0x0A {
                    emit()
                } else if line.count < lineLimit {
                    line.append(byte)
                } else {
                    cut += 1
                }
            }
        }
        if !line.isEmpty { emit() }
    }
}
