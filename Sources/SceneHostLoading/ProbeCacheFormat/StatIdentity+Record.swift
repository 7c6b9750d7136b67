import SceneHostRecordCodec

/// A file's `stat` identity in the record format (a probe cache entry, a start-up cache record).
extension StatIdentity: RecordValue {
    package func encode(into writer: inout RecordWriter) {
        writer.unsigned(device)
        writer.unsigned(inode)
        writer.count(size)
        writer.signed(modified)
        writer.signed(changed)
    }

    package init(from reader: inout RecordReader) throws {
        self.init(
            device: try reader.unsigned(), inode: try reader.unsigned(), size: try reader.integer(),
            modified: try reader.signed(), changed: try reader.signed())
    }
}
