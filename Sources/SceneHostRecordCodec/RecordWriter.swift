/// Appends the values of the host's record format (docs/architecture.md, "The record format"): unsigned LEB128 integers,
/// zigzag for signed ones, and strings as indexes into a table written once at the front, so
/// a string that repeats in every entry (the host, type and field names) is decoded once.
package struct RecordWriter {
    package private(set) var body: [UInt8] = []
    package private(set) var strings: [String] = []
    private var stringIndexes: [String: Int] = [:]

    // Explicit: the implicit initializer is internal, and the host writes its own values.
    package init() {}

    package mutating func unsigned(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            body.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        body.append(UInt8(rest))
    }

    package mutating func count(_ value: Int) { unsigned(UInt64(max(0, value))) }

    package mutating func signed(_ value: Int64) {
        unsigned(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }

    package mutating func string(_ value: String) {
        if let index = stringIndexes[value] { return count(index) }
        stringIndexes[value] = strings.count
        count(strings.count)
        strings.append(value)
    }

    /// A count, then each string.
    package mutating func stringList(_ values: [String]) {
        count(values.count)
        for value in values { string(value) }
    }

    /// A flag: 1 for true, 0 for false (`RecordReader.bool()` refuses anything else).
    package mutating func bool(_ value: Bool) { unsigned(value ? 1 : 0) }

    /// A flag (`bool`) saying whether the string is there, then the string.
    package mutating func optionalString(_ value: String?) {
        bool(value != nil)
        if let value { string(value) }
    }

    /// A length and the bytes as they are (a file's whole content, compared byte for byte).
    package mutating func bytes(_ value: [UInt8]) {
        count(value.count)
        body += value
    }

    /// What `write` appends, as bytes on their own (strings through this writer's table), so it
    /// can be written as a length and bytes (`bytes(_:)`) that a reader may skip and read later
    /// (`RecordReader.skipSection`, `section(_:)`).
    package mutating func section(_ write: (inout RecordWriter) -> Void) -> [UInt8] {
        let outer = body
        body = []
        write(&self)
        let written = body
        body = outer
        return written
    }

    /// The string table followed by the body.
    package func finished(header: [UInt8]) -> [UInt8] {
        var table = RecordWriter()
        table.count(strings.count)
        for text in strings {
            let utf8 = Array(text.utf8)
            table.count(utf8.count)
            table.body += utf8
        }
        return header + table.body + body
    }
}
