/// Reads what `RecordWriter` wrote, checking every bound: a truncated file, a length past the
/// end, an index out of the table or an integer too large throws `Malformed`, never traps.
package struct RecordReader {
    /// Any way the bytes are not a cache file this host wrote.
    package struct Malformed: Error {
        // Explicit: the implicit initializer is internal, and the host's decoders throw it too.
        package init() {}
    }

    private let bytes: [UInt8]
    private var offset: Int
    /// Where the readable bytes end (a checksum may follow them).
    private var end: Int
    private var strings: [String] = []
    /// The table of `readStringTable(lazily: true)`, whose strings are made when first read.
    private var lazyStrings: StringTable?
    /// Set by `validating()`: strings are checked, not made.
    private var checksOnly = false
    /// How many nested values enclose the one being read (`descend(limit:)`).
    private var depth = 0

    package init(_ bytes: [UInt8], from offset: Int) {
        self.init(bytes, from: offset, to: bytes.count)
    }

    /// Reads `bytes[offset..<end]` only (`end` at most `bytes.count`).
    package init(_ bytes: [UInt8], from offset: Int, to end: Int) {
        self.bytes = bytes
        self.offset = offset
        self.end = min(end, bytes.count)
    }

    package var isAtEnd: Bool { offset == end }

    /// How many readable bytes are left.
    package var remaining: Int { end - offset }

    package mutating func unsigned() throws -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard offset < end, shift < 64 else { throw Malformed() }
            let byte = bytes[offset]
            offset += 1
            value |= UInt64(byte & 0x7f) << shift
            guard byte & 0x80 != 0 else { return value }
            shift += 7
        }
    }

    /// A count or size: at most the bytes left (every counted item takes at least one byte),
    /// so a forged huge length fails here instead of allocating.
    package mutating func count() throws -> Int {
        let value = try unsigned()
        guard value <= UInt64(end - offset) else { throw Malformed() }
        return Int(value)
    }

    /// A non-negative integer that need not fit the bytes left (a size, a time).
    package mutating func integer() throws -> Int {
        let value = try unsigned()
        guard value <= UInt64(Int.max) else { throw Malformed() }
        return Int(value)
    }

    package mutating func signed() throws -> Int64 {
        let value = try unsigned()
        return Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1)
    }

    package mutating func int32() throws -> Int32 {
        guard let value = Int32(exactly: try signed()) else { throw Malformed() }
        return value
    }

    package mutating func uint32() throws -> UInt32 {
        guard let value = UInt32(exactly: try unsigned()) else { throw Malformed() }
        return value
    }

    /// Reads the string table at the front of the body. `lazily`: notes where each string is and
    /// makes it the first time it is read (`StringTable`), for a reader that reads few of them; a
    /// decoder that reads most of them is faster with all made at once.
    package mutating func readStringTable(lazily: Bool = false) throws {
        let total = try count()
        if lazily {
            var ranges: [Range<Int>] = []
            ranges.reserveCapacity(total)
            for _ in 0..<total {
                let length = try count()
                ranges.append(offset..<(offset + length))
                offset += length
            }
            lazyStrings = StringTable(bytes: bytes, ranges: ranges)
            return
        }
        var table: [String] = []
        table.reserveCapacity(total)
        for _ in 0..<total {
            let length = try count()
            let start = offset
            offset += length
            table.append(
                bytes.withUnsafeBufferPointer {
                    String(decoding: UnsafeBufferPointer(rebasing: $0[start..<(start + length)]), as: UTF8.self)
                })
        }
        strings = table
    }

    package mutating func string() throws -> String {
        let index = try unsigned()
        if let lazyStrings {
            guard index < UInt64(lazyStrings.count) else { throw Malformed() }
            return checksOnly ? "" : lazyStrings[Int(index)]
        }
        guard index < UInt64(strings.count) else { throw Malformed() }
        return checksOnly ? "" : strings[Int(index)]
    }

    /// A copy that reads the same bytes with every check, but gives every string as "" instead of
    /// making it: a decoder run through it says whether the bytes decode, at the cost of the walk.
    /// (Only decoders whose checks do not depend on a string's content can be validated this way.)
    package func validating() -> RecordReader {
        var reader = self
        reader.checksOnly = true
        return reader
    }

    /// `RecordWriter.stringList`: a count, then each string.
    package mutating func stringList() throws -> [String] {
        var values: [String] = []
        for _ in 0..<(try count()) { values.append(try string()) }
        return values
    }

    /// `RecordWriter.optionalString`: a flag (`bool()`), then the string when it is there.
    package mutating func optionalString() throws -> String? {
        try bool() ? try string() : nil
    }

    /// A flag written by `RecordWriter.bool`: 0 or 1, anything else is `Malformed`.
    package mutating func bool() throws -> Bool {
        let value = try unsigned()
        guard value <= 1 else { throw Malformed() }
        return value == 1
    }

    /// Enters one more level of a nested value (a payload in an array, a schema in an optional):
    /// past `limit` levels it throws instead of recursing, so a forged value cannot exhaust the
    /// stack. Each successful call is paired with `ascend()` (a `defer` in the decoder).
    package mutating func descend(limit: Int) throws {
        guard depth < limit else { throw Malformed() }
        depth += 1
    }

    /// Leaves the level `descend(limit:)` entered.
    package mutating func ascend() {
        depth -= 1
    }

    /// Whether the next bytes (after their length) are exactly `expected`; reads past them
    /// either way. Compared in place: nothing is copied.
    package mutating func bytesEqual(_ expected: [UInt8]) throws -> Bool {
        let length = try count()
        let start = offset
        offset += length
        guard length == expected.count else { return false }
        // Eight bytes at a time: a config of a thousand plugins is a few hundred KB, compared at every start.
        return bytes.withUnsafeBytes { all in
            expected.withUnsafeBytes { other in
                let recorded = UnsafeRawBufferPointer(rebasing: all[start..<(start + length)])
                var index = 0
                while index + 8 <= length {
                    guard
                        recorded.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                            == other.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                    else { return false }
                    index += 8
                }
                while index < length {
                    guard recorded[index] == other[index] else { return false }
                    index += 1
                }
                return true
            }
        }
    }

    /// A length and that many bytes as they are (written with `RecordWriter.bytes`), copied out.
    package mutating func byteArray() throws -> [UInt8] {
        let length = try count()
        let start = offset
        offset += length
        return Array(bytes[start..<offset])
    }

    /// Skips a length and that many bytes (written with `RecordWriter.section`), giving where
    /// they are, to be read later with `section(_:)`.
    package mutating func skipSection() throws -> Range<Int> {
        let length = try count()
        let start = offset
        offset += length
        return start..<offset
    }

    /// A reader of `range` alone (from `skipSection`), with this reader's string table.
    package func section(_ range: Range<Int>) -> RecordReader {
        var reader = self
        reader.end = min(range.upperBound, end)
        reader.offset = min(max(range.lowerBound, 0), reader.end)
        return reader
    }
}

/// The strings of a cache file's table, each made from its bytes the first time it is read: a
/// scene worker reads a few dozen of the 6,000 strings of a thousand plugins' start-up file.
///
/// Shared by a reader and its copies (`RecordReader.section(_:)`), so a string is made once per
/// file. Like the reader, it is read on one thread at a time: a decoder owns its reader.
final class StringTable {
    private let bytes: [UInt8]
    /// Each string's bytes (`readStringTable` checked that they lie inside `bytes`).
    private let ranges: [Range<Int>]
    // Unchecked exclusivity: read and written only by `subscript`, never overlapping.
    @exclusivity(unchecked) private var made: [String?]

    init(bytes: [UInt8], ranges: [Range<Int>]) {
        self.bytes = bytes
        self.ranges = ranges
        made = Array(repeating: nil, count: ranges.count)
    }

    var count: Int { ranges.count }

    subscript(index: Int) -> String {
        if let string = made[index] { return string }
        let range = ranges[index]
        let string = bytes.withUnsafeBufferPointer {
            String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self)
        }
        made[index] = string
        return string
    }
}
