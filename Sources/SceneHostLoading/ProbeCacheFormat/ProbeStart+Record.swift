import SceneHostRecordCodec

extension ProbeStart: RecordFile {
    package func encode(into writer: inout RecordWriter) {
        writer.signed(Int64(resultDescriptor))
        writer.list(tasks)
    }

    package init(from reader: inout RecordReader) throws {
        let result = try reader.int32()
        self.init(tasks: try reader.list(Task.self), resultDescriptor: result)
    }
}

extension ProbeStart.Task: RecordValue {
    package func encode(into writer: inout RecordWriter) {
        writer.unsigned(UInt64(max(0, index)))
        writer.string(name)
        writer.string(path)
        writer.string(realPath)
        writer.signed(Int64(descriptor))
    }

    package init(from reader: inout RecordReader) throws {
        self.init(
            index: try reader.integer(), name: try reader.string(), path: try reader.string(),
            realPath: try reader.string(), descriptor: try reader.int32())
    }
}
