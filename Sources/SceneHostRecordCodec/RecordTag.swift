/// The tags of one record kind: each case's raw value is its number in the bytes.
///
/// Every kind with cases declares its own (`enum Tag: UInt64, RecordTag`), writes a case with
/// `RecordWriter.tag(_:)` and reads it with `RecordReader.tag(_:)`, which throws `Malformed` for a
/// number that is no case. The decoder then switches over the enum and lists every case (no
/// `default:`), so a tag added later is never read as another one. A case keeps its number for
/// as long as the format's version does: new cases go at the end.
package protocol RecordTag: CaseIterable, RawRepresentable where RawValue == UInt64 {}

extension RecordWriter {
    /// `tag`'s number.
    package mutating func tag<Tag: RecordTag>(_ tag: Tag) {
        unsigned(tag.rawValue)
    }
}

extension RecordReader {
    /// The next tag of `kind`; a number that is no case of it is `Malformed`.
    package mutating func tag<Tag: RecordTag>(_ kind: Tag.Type) throws -> Tag {
        guard let tag = Tag(rawValue: try unsigned()) else { throw Malformed() }
        return tag
    }
}
