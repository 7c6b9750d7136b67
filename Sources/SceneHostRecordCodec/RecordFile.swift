/// A record kind that is a file of its own, such as a child's start file: its `RecordFormat` line,
/// then a string table and the value. A file of another kind or build, cut short, or with bytes
/// after the value reads as nothing.
package protocol RecordFile: RecordValue {
    /// The file's kind and version: a file of another build is refused.
    static var format: RecordFormat { get }
}

extension RecordFile {
    /// The file's bytes.
    package func encoded() -> [UInt8] {
        var writer = RecordWriter()
        encode(into: &writer)
        return writer.finished(header: Self.format.head)
    }

    /// The value in `bytes`; nil for anything that is not a whole file of this kind and build.
    package static func decode(_ bytes: [UInt8]) -> Self? {
        guard let body = format.body(of: bytes) else { return nil }
        var reader = RecordReader(bytes, from: body)
        guard (try? reader.readStringTable()) != nil, let value = try? Self(from: &reader), reader.isAtEnd else {
            return nil
        }
        return value
    }
}
