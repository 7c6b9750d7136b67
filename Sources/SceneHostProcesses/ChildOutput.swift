#if canImport(Glibc)
import Glibc
#endif

/// The standard output and error of a process that runs plugin code: a pipe the host reads, never
/// the user's terminal.
///
/// A child that shared the terminal could push keystrokes into the user's shell (`TIOCSTI`) or
/// take the terminal's foreground; one that writes to it could send escape sequences. So the
/// child's descriptors 1 and 2 are this pipe's write end, and a reader thread of the host prints
/// each line on the host's standard error as `scene-host: plugin output (LABEL): TEXT`, escaped
/// (`TerminalText`), lines cut at `lineLimit` bytes and at most `totalLimit` bytes in all (then
/// one line says the rest is dropped). The reader ends when every write end is closed: the child
/// and whatever it started have ended.
package final class ChildOutput: Sendable {
    /// The longest line printed; the rest of a longer one is dropped.
    package static let lineLimit = 4096
    /// The most bytes printed for one child, so a flooding plugin cannot fill the host's log.
    package static let totalLimit = 1 << 20

    /// The end the child writes to (hand it as 1 and 2); the host closes its copy once the child started.
    package let writeEnd: Int32

    /// A pipe whose lines are printed with `label` (a plugin's or a worker's name) on `destination`
    /// (the host's standard error; a test's file).
    package init(label: String, destination: Int32 = STDERR_FILENO) throws(ProbeSpawn.Failure) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            throw ProbeSpawn.Failure(reason: "cannot create a pipe for its output: \(String(cString: strerror(errno)))")
        }
        // Close-on-exec: no other child of the host inherits either end (`ProbeSpawn` hands this one on by number).
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        writeEnd = ends[1]
        // A thread of its own that does the reading (blocking reads have no place on a task's
        // thread), handed what it reads from in a box it releases.
        let job = Unmanaged.passRetained(Job(descriptor: ends[0], label: label, destination: destination)).toOpaque()
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { argument in
            guard let argument else { return nil }
            let job = Unmanaged<Job>.fromOpaque(argument).takeRetainedValue()
            ChildOutput.relay(job.descriptor, label: job.label, destination: job.destination)
            return nil
        }, job)
        guard started == 0 else {
            Unmanaged<Job>.fromOpaque(job).release()
            close(ends[0])
            close(ends[1])
            throw ProbeSpawn.Failure(reason: "cannot start the thread that reads its output: \(String(cString: strerror(started)))")
        }
        pthread_detach(thread)
    }

    /// What the reader thread is handed.
    private final class Job {
        let descriptor: Int32
        let label: String
        let destination: Int32

        init(descriptor: Int32, label: String, destination: Int32) {
            self.descriptor = descriptor
            self.label = label
            self.destination = destination
        }
    }

    /// Closes the host's copy of the write end: call once the child has it.
    package func closeWriteEnd() {
        close(writeEnd)
    }

    /// Reads `descriptor` to its end, printing each line; closes it.
    fileprivate static func relay(_ descriptor: Int32, label: String, destination: Int32) {
        defer { close(descriptor) }
        var line: [UInt8] = []
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
            guard printed + line.count <= totalLimit else {
                dropped = true
                let note = "scene-host: plugin output (\(label)): more than \(totalLimit) bytes; the rest is not shown\n"
                TerminalText.write(note, to: destination)
                return
            }
            printed += line.count
            let rest = cut > 0 ? " [\(cut) more bytes of this line not shown]" : ""
            TerminalText.write("scene-host: plugin output (\(label)): \(TerminalText.escaped(line))\(rest)\n", to: destination)
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
