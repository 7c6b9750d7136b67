#if canImport(Glibc)
import Glibc
#endif
import Foundation

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
    private let readEnd: Int32

    /// A pipe whose lines are printed with `label` (a plugin's or a worker's name).
    package init(label: String) throws(ProbeSpawn.Failure) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            throw ProbeSpawn.Failure(reason: "cannot create a pipe for its output: \(String(cString: strerror(errno)))")
        }
        // Close-on-exec: no other child of the host inherits either end (`ProbeSpawn` hands this one on by number).
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        readEnd = ends[0]
        writeEnd = ends[1]
        let reading = ends[0]
        let thread = Thread { Self.relay(reading, label: label) }
        thread.stackSize = 256 << 10
        thread.start()
    }

    /// Closes the host's copy of the write end: call once the child has it.
    package func closeWriteEnd() {
        close(writeEnd)
    }

    /// Reads `descriptor` to its end, printing each line; closes it.
    private static func relay(_ descriptor: Int32, label: String) {
        defer { close(descriptor) }
        var line: [UInt8] = []
        var printed = 0
        var dropped = false
        var chunk = [UInt8](repeating: 0, count: 4096)
        func emit() {
            defer { line.removeAll(keepingCapacity: true) }
            guard !dropped else { return }
            guard printed + line.count <= totalLimit else {
                dropped = true
                say("scene-host: plugin output (\(label)): more than \(totalLimit) bytes; the rest is not shown\n")
                return
            }
            printed += line.count
            say("scene-host: plugin output (\(label)): \(TerminalText.escaped(line, limit: lineLimit))\n")
        }
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            for byte in chunk.prefix(count) {
                if byte == 0x0A {
                    emit()
                } else if line.count <= lineLimit {
                    line.append(byte)
                }
            }
        }
        if !line.isEmpty { emit() }
    }

    private static func say(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }
}
