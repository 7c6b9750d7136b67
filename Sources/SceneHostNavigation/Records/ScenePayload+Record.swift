@_spi(SceneHost) import SceneSDK
import SceneHostRecordCodec

/// A payload in the record format: its type's name, then its value.
extension ScenePayload: RecordValue {
    package func encode(into writer: inout RecordWriter) {
        writer.string(typeName)
        value.encode(into: &writer)
    }

    package init(from reader: inout RecordReader) throws {
        let typeName = try reader.string()
        self.init(typeName: typeName, value: try PayloadValue(from: &reader))
    }
}
