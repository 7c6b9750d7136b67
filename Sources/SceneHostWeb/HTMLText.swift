/// HTML built by appending, with one escaping function for every value that is not markup.
///
/// Everything that comes from a scene, a config, a URL or a user goes through `text(_:)`, which
/// escapes `& < > " '`: the same escaping serves element content and quoted attribute values, so no
/// value can end a tag or an attribute. Markup is only ever a string literal of this module.
struct HTMLText {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 4096) {
        bytes.reserveCapacity(capacity)
    }

    /// Markup written by this module (never a value from outside).
    mutating func markup(_ literal: StaticString) {
        literal.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// A value, escaped.
    mutating func text(_ value: String) {
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "&"): bytes.append(contentsOf: [0x26, 0x61, 0x6D, 0x70, 0x3B])  // &amp;
            case UInt8(ascii: "<"): bytes.append(contentsOf: [0x26, 0x6C, 0x74, 0x3B])  // &lt;
            case UInt8(ascii: ">"): bytes.append(contentsOf: [0x26, 0x67, 0x74, 0x3B])  // &gt;
            case UInt8(ascii: "\""): bytes.append(contentsOf: [0x26, 0x71, 0x75, 0x6F, 0x74, 0x3B])  // &quot;
            case UInt8(ascii: "'"): bytes.append(contentsOf: [0x26, 0x23, 0x33, 0x39, 0x3B])  // &#39;
            default: bytes.append(byte)
            }
        }
    }

    /// A whole number.
    mutating func number(_ value: Int) {
        bytes.append(contentsOf: String(value).utf8)
    }
}
