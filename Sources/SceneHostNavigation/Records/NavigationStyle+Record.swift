import SceneSDK
import SceneHostRecordCodec

/// A navigation style in the record format: a tag, not the style's name, so a reader checks it
/// without making a string (`RecordReader.validating()`).
extension NavigationStyle: RecordValue {
    package enum Tag: UInt64, RecordTag {
        case push, present, replace
    }

    package func encode(into writer: inout RecordWriter) {
        switch self {
        case .push: writer.tag(Tag.push)
        case .present: writer.tag(Tag.present)
        case .replace: writer.tag(Tag.replace)
        }
    }

    package init(from reader: inout RecordReader) throws {
        switch try reader.tag(Tag.self) {
        case .push: self = .push
        case .present: self = .present
        case .replace: self = .replace
        }
    }
}
