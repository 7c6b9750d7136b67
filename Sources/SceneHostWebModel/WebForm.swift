import Foundation

/// An `application/x-www-form-urlencoded` body, decoded within limits.
package struct WebForm: Equatable, Sendable {
    /// Larger bodies are refused before they are read in full: room for a text area at its limit
    /// in the longest percent-encoding a browser sends (nine bytes for each character of three
    /// UTF-8 bytes) and the form's other fields.
    package static let maximumBodySize = 256 * 1024
    /// The most characters of a text field (a line, not a document); the page's `maxlength` is the same.
    package static let maximumFieldLength = 4096
    /// The most characters of a text area (`area.`); the page's `maxlength` is the same.
    package static let maximumAreaLength = 16_384

    /// Name-value pairs in body order.
    package let fields: [(name: String, value: String)]
    /// The text fields (`field.`, `area.`, `secret.`) over their limit, kept as sent: the action is
    /// refused with the problem at the field, and the text is offered back intact, never lost.
    package let tooLong: [(name: String, length: Int, limit: Int)]

    package static func == (lhs: WebForm, rhs: WebForm) -> Bool {
        lhs.fields.map(\.name) == rhs.fields.map(\.name) && lhs.fields.map(\.value) == rhs.fields.map(\.value)
    }

    /// Decodes `body`; `+` is a space, `%XX` a byte; invalid UTF-8 becomes U+FFFD.
    package init(body: [UInt8]) throws(WebError) {
        guard body.count <= Self.maximumBodySize else { throw .bodyTooLarge(limit: Self.maximumBodySize) }
        var fields: [(String, String)] = []
        var tooLong: [(String, Int, Int)] = []
        for pair in body.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            let name = Self.decode(parts[0])
            let value = parts.count > 1 ? Self.decode(parts[1]) : ""
            let limit = Self.limit(of: name)
            if value.count > limit {
                // Another value that long is no browser's: refused outright.
                guard Self.isText(name) else { throw .fieldTooLong(field: name, length: value.count, limit: limit) }
                tooLong.append((name, value.count, limit))
            }
            fields.append((name, value))
        }
        self.fields = fields
        self.tooLong = tooLong
    }

    /// The most characters the field `name` takes.
    package static func limit(of name: String) -> Int {
        name.hasPrefix("area.") ? maximumAreaLength : maximumFieldLength
    }

    /// Whether `name` is a field the user types in.
    static func isText(_ name: String) -> Bool {
        name.hasPrefix("field.") || name.hasPrefix("area.") || name.hasPrefix("secret.")
    }

    /// The first value of `name`.
    package func value(_ name: String) -> String? {
        fields.first { $0.name == name }?.value
    }

    private static func decode(_ bytes: ArraySlice<UInt8>) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "+") {
                out.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%"), index + 2 < bytes.endIndex,
                let high = hex(bytes[index + 1]), let low = hex(bytes[index + 2])
            {
                out.append(high << 4 | low)
                index += 2
            } else {
                out.append(byte)
            }
            index += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The value of one hex digit (either case), or nil.
    package static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
