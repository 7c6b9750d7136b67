import SceneHostRecordCodec
import SceneHostConfig
import SceneHostCore

/// A place in the config, in the record format: its file, line and column.
extension SourceLocation: RecordValue {
    package func encode(into writer: inout RecordWriter) {
        writer.string(file)
        writer.count(line)
        writer.count(column)
    }

    package init(from reader: inout RecordReader) throws {
        self.init(file: try reader.string(), line: try reader.integer(), column: try reader.integer())
    }
}

/// A config string with its place.
extension Located<String>: RecordValue {
    package func encode(into writer: inout RecordWriter) {
        writer.string(value)
        location.encode(into: &writer)
    }

    package init(from reader: inout RecordReader) throws {
        self.init(value: try reader.string(), location: try SourceLocation(from: &reader))
    }
}
