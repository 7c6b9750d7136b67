import SceneHostRecordCodec
import SceneHostContainer

/// What building a scene found, in the record format: its tag, then its texts.
extension WiringFinding: RecordValue {
    package enum Tag: UInt64, RecordTag {
        case wiringMismatch, settingRejected, failed, needsHost
    }

    package func encode(into writer: inout RecordWriter) {
        switch self {
        case .wiringMismatch(let part, let partType, let property, let expected):
            writer.tag(Tag.wiringMismatch)
            writer.string(part)
            writer.string(partType)
            writer.string(property)
            writer.string(expected)
        case .settingRejected(let key, let reason):
            writer.tag(Tag.settingRejected)
            writer.string(key)
            writer.string(reason)
        case .failed(let description):
            writer.tag(Tag.failed)
            writer.string(description)
        case .needsHost:
            writer.tag(Tag.needsHost)
        }
    }

    package init(from reader: inout RecordReader) throws {
        switch try reader.tag(Tag.self) {
        case .wiringMismatch:
            let part = try reader.string(), partType = try reader.string(), property = try reader.string()
            self = .wiringMismatch(part: part, partType: partType, property: property, expected: try reader.string())
        case .settingRejected:
            let key = try reader.string()
            self = .settingRejected(key: key, reason: try reader.string())
        case .failed: self = .failed(description: try reader.string())
        case .needsHost: self = .needsHost
        }
    }
}
