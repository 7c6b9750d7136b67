#if canImport(Glibc)
import Glibc
#endif

/// Text from a process that runs plugin code, made safe to print on the user's terminal.
///
/// Plugin code writes what it likes on its standard streams, and a terminal obeys escape
/// sequences (moving the cursor, changing the title, answering queries into the input). So every
/// control character but the line break and the tab is shown as `\u{XX}`, invalid UTF-8 as U+FFFD,
/// and the text is cut at `limit` bytes with a note.
package enum TerminalText {
    /// `bytes` as printable text: control characters escaped, at most `limit` bytes of it read.
    package static func escaped(_ bytes: some Collection<UInt8>, limit: Int = .max) -> String {
        let kept = bytes.prefix(limit)
        var text = ""
        text.reserveCapacity(kept.count)
        for scalar in String(decoding: kept, as: UTF8.self).unicodeScalars {
            let value = scalar.value
            if value == 0x0A || value == 0x09 || !(value < 0x20 || (0x7F...0x9F).contains(value)) {
                text.unicodeScalars.append(scalar)
            } else {
                text += "\\u{" + String(value, radix: 16, uppercase: true) + "}"
            }
        }
        if bytes.count > kept.count { text += "\n[\(bytes.count - kept.count) more bytes not shown]" }
        return text
    }

    /// Writes `text` whole to `descriptor` (a standard stream), going on after a signal; a stream
    /// that cannot take it (closed, full disk) loses the rest.
    package static func write(_ text: String, to descriptor: Int32) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }
}
