import SceneSDK
import SceneHostRecordCodec

/// A plugin's declared in-memory state in the record format: what it is, and the setting that
/// moves it to a shared store (or none).
extension InMemoryState: RecordValue {
    package func encode(into writer: inout RecordWriter) {
        writer.string(what)
        writer.optionalString(unlessSet)
    }

    package init(from reader: inout RecordReader) throws {
        let what = try reader.string()
        self.init(what, unlessSet: try reader.optionalString())
    }
}
