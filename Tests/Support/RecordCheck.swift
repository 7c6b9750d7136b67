import Testing
@testable import SceneHostRecordCodec

/// Checks every record kind makes: what it writes reads back as it was, to the last byte, and a
/// tag one past its enum's last case is refused.
package enum RecordCheck {
    /// `value` written and read back (through a string table, as every file and frame has).
    package static func roundTrip<Value: RecordValue>(_ value: Value) throws -> Value {
        var writer = RecordWriter()
        value.encode(into: &writer)
        var reader = RecordReader(writer.finished(header: []), from: 0)
        try reader.readStringTable()
        let read = try Value(from: &reader)
        #expect(reader.isAtEnd, "\(Value.self) left bytes unread")
        return read
    }

    /// The number one past `Tag`'s last case: no case of it.
    package static func pastLast<Tag: RecordTag>(_ tag: Tag.Type) -> UInt64 {
        (Tag.allCases.map(\.rawValue).max() ?? 0) + 1
    }

    /// Bytes with an empty string table, then what `write` appends.
    package static func reader(_ write: (inout RecordWriter) -> Void) throws -> RecordReader {
        var writer = RecordWriter()
        write(&writer)
        var reader = RecordReader(writer.finished(header: []), from: 0)
        try reader.readStringTable()
        return reader
    }

    /// Expects `Value` read from `before` then a tag one past `Tag`'s last case to throw `Malformed`.
    package static func refusesUnknownTag<Value: RecordValue, Tag: RecordTag>(
        _ value: Value.Type, _ tag: Tag.Type,
        before: (inout RecordWriter) -> Void = { _ in },
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        #expect(
            Tag.allCases.map(\.rawValue) == Array(0..<UInt64(Tag.allCases.count)),
            "\(Tag.self): numbered from 0 without a gap",
            sourceLocation: sourceLocation)
        var reader = try reader { writer in
            before(&writer)
            writer.unsigned(pastLast(Tag.self))
        }
        #expect(
            throws: RecordReader.Malformed.self, "\(Value.self) read tag \(pastLast(Tag.self)) of \(Tag.self)",
            sourceLocation: sourceLocation
        ) {
            _ = try Value(from: &reader)
        }
    }
}
