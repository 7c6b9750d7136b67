#if canImport(Glibc)
import SceneHostCommandLine
import Glibc
#endif
import Dispatch
import SceneHostFrontend
import Synchronization

/// The terminal's input for `run`: reads a command line while watching the session for changes
/// on their own (`AppSession.changeDescriptor`), and keeps what was typed across a redraw.
///
/// On a terminal it edits the line itself (the kernel's line editing would lose the typed text
/// when the screen is drawn over it): the terminal is put in non-canonical mode without echo only
/// while a line is read, and back as it was before each command runs. It takes printable text
/// (UTF-8), Backspace, Ctrl-U (clear), Enter, Ctrl-D on an empty line (end) and Ctrl-C (quit);
/// other control keys and escape sequences (arrows) are ignored. Input that is not a terminal is
/// read line by line (`ScriptLineReader`, its limits included).
///
/// Lines are read on a thread of their own, so the session's background work (on the main
/// actor, in `--in-process`) runs while the user types. One read at a time: the frontend awaits each.
/// What the editor keeps between reads lives behind one lock (`editing`), held for a whole read.
final class TerminalLineEditor: Sendable {
    private let editing = Mutex(LineEditing())

    /// The next line, or `.changed` as soon as `wake` is readable (what was typed is kept and shown
    /// again next time), or nil as soon as `watch` is (`--watch`: a plugin file changed).
    func read(wake: Int32?, watch: Int32? = nil) async throws -> TerminalInput? {
        try await withCheckedThrowingContinuation { continuation in
            // A thread that may block in the read, off the main actor (background work runs meanwhile).
            DispatchQueue.global().async {
                continuation.resume(
                    with: Result {
                        try self.editing.withLock { try $0.readNow(wake: wake, watch: watch, secret: false) }
                    })
            }
        }
    }

    /// A secret's line, not echoed (nil at the end of input).
    func readSecret() throws -> String? {
        switch try editing.withLock({ try $0.readNow(wake: nil, watch: nil, secret: true) }) {
        case .line(let line): return line
        case .end, .changed, .redraw, nil: return nil
        }
    }
}

/// The line editor's state and its reading: the line typed so far, bytes typed ahead, an escape
/// sequence under way.
private struct LineEditing {
    private var reader = ScriptLineReader(descriptor: STDIN_FILENO, file: "<stdin>")
    private let isTerminal = isatty(STDIN_FILENO) == 1
    /// The line typed so far (UTF-8), kept when a read returns `.changed`.
    private var typed: [UInt8] = []
    /// Bytes read after the end of the last line (typed ahead), handled before reading more.
    private var ahead: [UInt8] = []
    /// Inside an escape sequence: 1 after ESC, 2 inside a CSI (`ESC [`), until its final byte.
    private var escape = 0

    mutating func readNow(wake: Int32?, watch: Int32?, secret: Bool) throws -> TerminalInput? {
        guard isTerminal else {
            if !reader.hasBufferedInput {
                switch waitForInput(wake: wake, watch: watch) {
                case .input: break
                case .change: return .changed
                case .watch: return nil
                }
            }
            return try reader.nextLine().map(TerminalInput.line) ?? .end
        }
        var saved = termios()
        guard tcgetattr(STDIN_FILENO, &saved) == 0 else { return try reader.nextLine().map(TerminalInput.line) ?? .end }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        _ = tcsetattr(STDIN_FILENO, TCSANOW, &raw)
        defer { _ = tcsetattr(STDIN_FILENO, TCSANOW, &saved) }
        if !secret { echo(typed) }
        while true {
            if ahead.isEmpty {
                switch waitForInput(wake: wake, watch: watch) {
                case .input: break
                case .change: return .changed
                case .watch: return nil
                }
                var bytes = [UInt8](repeating: 0, count: 512)
                let count = Glibc.read(STDIN_FILENO, &bytes, bytes.count)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else {
                    defer { typed = [] }
                    return typed.isEmpty ? .end : .line(String(decoding: typed, as: UTF8.self))
                }
                ahead = Array(bytes.prefix(count))
            }
            while !ahead.isEmpty {
                let byte = ahead.removeFirst()
                if let input = take(byte, secret: secret) { return input }
            }
        }
    }

    /// Handles one typed byte; the input when it ends a line (or the input). Bytes, not an enum of
    /// ours: each kind of key is tested in turn, and any other control byte is ignored.
    private mutating func take(_ byte: UInt8, secret: Bool) -> TerminalInput? {
        if escape == 1 {
            // ESC [ and ESC O start a sequence (an arrow key); any other byte after ESC ends it.
            escape = byte == UInt8(ascii: "[") || byte == UInt8(ascii: "O") ? 2 : 0
            return nil
        }
        if escape == 2 {
            // A sequence ends at its final byte (@ to ~); its parameters are skipped.
            if (0x40...0x7E).contains(byte) { escape = 0 }
            return nil
        }
        if byte == 0x1B {
            escape = 1
        } else if byte == 0x0D || byte == 0x0A {
            // A secret's line is ended by `TerminalEcho`, which turned the echo off.
            if !secret { write("\r\n") }
            defer { typed = [] }
            return .line(String(decoding: typed, as: UTF8.self))
        } else if byte == 0x03 {
            // Ctrl-C: the terminal's signal keys are off while a line is read; it quits.
            write("^C\r\n")
            typed = []
            return .end
        } else if byte == 0x04 {
            if typed.isEmpty {
                write("\r\n")
                return .end
            }
        } else if byte == 0x7F || byte == 0x08 {
            guard !typed.isEmpty else { return nil }
            // One character: its continuation bytes, then its first byte.
            while let last = typed.last, last & 0xC0 == 0x80 { typed.removeLast() }
            if !typed.isEmpty { typed.removeLast() }
            if !secret { write("\u{8} \u{8}") }
        } else if byte == 0x15 {
            if !secret, !typed.isEmpty {
                let width = String(decoding: typed, as: UTF8.self).count
                write(String(repeating: "\u{8} \u{8}", count: width))
            }
            typed = []
        } else if byte >= 0x20, byte != 0x7F {
            guard typed.count < ScriptLineReader.maximumLineLength else { return nil }
            typed.append(byte)
            if !secret { echo([byte]) }
        }
        return nil
    }

    /// What woke a wait for input.
    private enum Woken {
        case input, change, watch
    }

    /// Waits until standard input, `wake` or `watch` is readable (typed keys come first).
    private func waitForInput(wake: Int32?, watch: Int32?) -> Woken {
        guard wake != nil || watch != nil else { return .input }
        // A descriptor of -1 is ignored by poll.
        var entries = [
            pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wake ?? -1, events: Int16(POLLIN), revents: 0),
            pollfd(fd: watch ?? -1, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            let ready = poll(&entries, 3, -1)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0, entries[0].revents == 0 else { return .input }
            return entries[1].revents != 0 ? .change : .watch
        }
    }

    private func echo(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        StandardStreams.write(String(decoding: bytes, as: UTF8.self), to: STDOUT_FILENO)
    }

    private func write(_ text: String) {
        StandardStreams.write(text, to: STDOUT_FILENO)
    }
}
