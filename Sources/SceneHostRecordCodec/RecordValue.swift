/// One kind of value in the record format: how it is written, beside how it is read back.
///
/// The decoder checks every bound it reads (`RecordReader` throws `Malformed` for a count past
/// the end, an index past a table, a tag that is no case), and reads exactly what the encoder
/// wrote, so kinds nest: a kind's fields are other kinds' `encode(into:)` and `init(from:)`.
/// A kind with cases declares a `RecordTag` enum beside it. Calls are on concrete types
/// (static dispatch): no value is boxed or copied into bytes of its own on the way.
///
/// Kinds that name a table of the file they are in (the probe cache's contracts) take it as an
/// argument instead, with the same two members and the same rules.
package protocol RecordValue {
    /// Appends the value's fields to `writer`.
    func encode(into writer: inout RecordWriter)
    /// Reads what `encode(into:)` wrote; throws `RecordReader.Malformed` for anything else.
    init(from reader: inout RecordReader) throws
}

extension RecordWriter {
    /// A count, then each value.
    @inlinable
    package mutating func list<Value: RecordValue>(_ values: [Value]) {
        count(values.count)
        for value in values { value.encode(into: &self) }
    }
}

extension RecordReader {
    /// `RecordWriter.list`: a count (at most the bytes left), then each value.
    @inlinable
    package mutating func list<Value: RecordValue>(_ kind: Value.Type) throws -> [Value] {
        var values: [Value] = []
        for _ in 0..<(try count()) { values.append(try Value(from: &self)) }
        return values
    }
}
