#if canImport(Glibc)
import Glibc
#endif
import SceneHostCore

/// Reads a script, standard input or the terminal one line at a time, in bounded memory.
///
/// A line holds at most `maximumLineLength` bytes and the whole input at most `maximumSize`;
/// past either, or at a byte that is not UTF-8, reading stops with a located `ScriptError`
/// (exit 5). Only the current line and one read buffer are kept, so input of any length streams
/// and endless input (`/dev/zero`) ends at the first limit.
package struct ScriptLineReader {
    /// Bytes in one line, without its line break: commands are a few words.
    package static let maximumLineLength = 64 << 10
    /// Bytes in one script or session.
    package static let maximumSize = 64 << 20

    package let descriptor: Int32
    /// The input as messages name it (the script's path, or `<stdin>`).
    package let file: String
    package let lineLimit: Int
    package let sizeLimit: Int
    /// The number of the line `nextLine` returned last (1-based).
    package private(set) var lineNumber = 0
    private var buffer = [UInt8](repeating: 0, count: 64 << 10)
    private var start = 0
    private var end = 0
    private var consumed = 0
    private var exhausted = false

    /// Reads `descriptor` (not closed here); `file` names it in messages. The limits are the
    /// documented ones unless a test asks for smaller ones.
    package init(descriptor: Int32, file: String, lineLimit: Int = maximumLineLength, sizeLimit: Int = maximumSize) {
        self.descriptor = descriptor
        self.file = file
        self.lineLimit = lineLimit
        self.sizeLimit = sizeLimit
    }

    /// Whether bytes already read wait in the buffer (or the input ended): `nextLine` then answers
    /// without reading, so waiting for the descriptor to be readable first would wait wrongly.
    package var hasBufferedInput: Bool { start < end || exhausted }

    /// The next line without its line break (`\n` or `\r\n`); nil at the end of the input.
    package mutating func nextLine() throws(ScriptError) -> String? {
        var line: [UInt8] = []
        var sawNewline = false
        while !sawNewline {
            if start == end {
                guard fill() else { break }
            }
            let newline = nextNewline()
            let stop = newline ?? end
            line.append(contentsOf: buffer[start..<stop])
            consumed += stop - start + (newline == nil ? 0 : 1)
            start = newline.map { $0 + 1 } ?? end
            sawNewline = newline != nil
            // One byte more than the limit may be the "\r" of "\r\n", checked once it is removed.
            if line.count > lineLimit + 1 {
                throw ScriptError.scriptLineTooLong(file: file, line: lineNumber + 1, limit: lineLimit)
            }
            if consumed > sizeLimit {
                throw ScriptError.scriptTooLarge(file: file, line: lineNumber + 1, limit: sizeLimit)
            }
        }
        guard sawNewline || !line.isEmpty else { return nil }
        lineNumber += 1
        if line.last == 0x0D { line.removeLast() }
        if line.count > lineLimit {
            throw ScriptError.scriptLineTooLong(file: file, line: lineNumber, limit: lineLimit)
        }
        if let text = String(validating: line, as: UTF8.self) { return text }
        let bad = UTF8Check.firstInvalidByte(line) ?? 0
        let column = String(decoding: line[..<bad], as: UTF8.self).count + 1
        throw ScriptError.scriptInvalidEncoding(
            SourceLocation(file: file, line: lineNumber, column: column), byte: line[bad])
    }

    /// The index of the next line feed in the buffer, if any (`memchr`: scripts can be long).
    private func nextNewline() -> Int? {
        buffer.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress, let found = memchr(base + start, 0x0A, end - start) else { return nil }
            return base.distance(to: UnsafeRawPointer(found))
        }
    }

    /// Reads more bytes into the empty buffer; false at the end of the input or on a read error.
    private mutating func fill() -> Bool {
        guard !exhausted else { return false }
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                start = 0
                end = count
                return true
            }
            if count < 0, errno == EINTR { continue }
            if count < 0, errno == EAGAIN {
                // Standard input someone left non-blocking: wait for it instead of spinning.
                var wait = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                if poll(&wait, 1, -1) > 0 { continue }
            }
            exhausted = true
            return false
        }
    }
}
