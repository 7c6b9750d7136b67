import SceneHostCacheCodec

/// The start message in the record format: the config's name, its folder, then its bytes.
extension WorkerStartMessage: RecordValue {
    package func encode(into writer: inout CacheWriter) {
        writer.string(configFile)
        writer.string(baseDirectory)
        writer.bytes(configBytes)
    }

    package init(from reader: inout CacheReader) throws {
        let file = try reader.string()
        let folder = try reader.string()
        self.init(configFile: file, baseDirectory: folder, configBytes: try reader.byteArray())
    }
}
