import SceneHostRecordCodec

/// The start message in the record format: the config's name, its folder, its bytes, then the
/// checked start's bytes, the settings, then the plugin files handed as descriptors after the frame.
extension WorkerStartMessage: RecordValue {
    package func encode(into writer: inout RecordWriter) {
        writer.string(configFile)
        writer.string(baseDirectory)
        writer.bytes(configBytes)
        writer.bytes(checkedStart)
        writer.bool(settings != nil)
        settings?.encode(into: &writer)
        writer.count(handedFiles.count)
        for file in handedFiles {
            writer.string(file.path)
            writer.string(file.realPath)
        }
    }

    package init(from reader: inout RecordReader) throws {
        let file = try reader.string()
        let folder = try reader.string()
        let config = try reader.byteArray()
        let checked = try reader.byteArray()
        let settings = try reader.bool() ? try ChildSettings(from: &reader) : nil
        var handed: [HandedFile] = []
        for _ in 0..<(try reader.count()) {
            handed.append(HandedFile(path: try reader.string(), realPath: try reader.string()))
        }
        self.init(
            configFile: file, baseDirectory: folder, configBytes: config, checkedStart: checked, settings: settings,
            handedFiles: handed)
    }
}
