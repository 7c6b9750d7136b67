import SceneHostRecordCodec

extension CheckChildStart: RecordFile {
    package func encode(into writer: inout RecordWriter) {
        settings.encode(into: &writer)
        writer.string(configFile)
        writer.bool(configBytes != nil)
        if let configBytes { writer.bytes(configBytes) }
        writer.optionalString(atStart)
    }

    package init(from reader: inout RecordReader) throws {
        let settings = try ChildSettings(from: &reader)
        let file = try reader.string()
        let bytes = try reader.bool() ? try reader.byteArray() : nil
        self.init(settings: settings, configFile: file, configBytes: bytes, atStart: try reader.optionalString())
    }
}
