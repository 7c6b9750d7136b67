/// A TOML text as one byte per character, for `TOMLKeyLocator` to scan without `Character`s.
///
/// `units[i]` stands for the i-th element of `Array(text)`: its ASCII value (a newline, `"\n"` or
/// `"\r\n"`, is 0x0a), or 0xFF for any other character, which equals none of the ASCII characters
/// the locator looks for. So indexes, and the columns counted from them, are exactly those of
/// `Array(text)`; `string(_:)` gives back the text of a range of them.
///
/// An ASCII text (every config of plugin tables and segues, in practice) is its own bytes, with
/// CR LF made one unit: no grapheme breaking and no `Character` at all. Any other text is split
/// into characters once, and its units made from them.
struct LocatorText {
    package let units: [UInt8]
    /// The characters of a text that is not ASCII; nil for an ASCII one.
    private let characters: [Character]?

    package static let newline: UInt8 = 0x0a
    package static let other: UInt8 = 0xFF

    package init(_ text: String) {
        // A native string's bytes in one buffer: checked and copied at memory speed when the
        // text is ASCII without CR (every config written on Linux).
        if let units = text.utf8.withContiguousStorageIfAvailable({ bytes -> [UInt8]? in
            bytes.allSatisfy { $0 < 0x80 && $0 != 0x0d } ? Array(bytes) : nil
        }) ?? nil {
            self.units = units
            characters = nil
            return
        }
        let utf8 = text.utf8
        if utf8.allSatisfy({ $0 < 0x80 }) {
            var units: [UInt8] = []
            units.reserveCapacity(utf8.count)
            var previous: UInt8 = 0
            for byte in utf8 {
                if byte == Self.newline && previous == 0x0d {
                    units[units.count - 1] = Self.newline
                } else {
                    units.append(byte)
                }
                previous = byte
            }
            self.units = units
            characters = nil
        } else {
            let characters = Array(text)
            units = characters.map { $0.asciiValue ?? Self.other }
            self.characters = characters
        }
    }

    package var count: Int { units.count }

    /// The text of the characters in `range`. The locator asks only for ranges within a line (keys,
    /// header names), where an ASCII text's units are its bytes.
    package func string(_ range: Range<Int>) -> String {
        if let characters { return String(characters[range]) }
        return String(decoding: units[range], as: UTF8.self)
    }
}
