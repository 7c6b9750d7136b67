@_spi(SceneHost) import SceneSDK
import SceneHostRecordCodec

/// The tag of each `PayloadSchema` case in the record format. Top level, not nested in the
/// extension: a `package` type nested in an extension of the SDK's SPI type is unreachable from
/// other modules of the package (Swift 6.3.1).
enum PayloadSchemaTag: UInt64, RecordTag {
    case string, int, double, bool, optional, array, object, opaque
}

/// A contract's schema in the record format: its tag, then what it wraps or its fields.
extension PayloadSchema: RecordValue {
    /// The deepest schema read: deeper ones are malformed (no plugin declares them; a forged file
    /// must not exhaust the stack).
    package static let maximumRecordDepth = 64

    typealias Tag = PayloadSchemaTag

    package func encode(into writer: inout RecordWriter) {
        switch self {
        case .string: writer.tag(Tag.string)
        case .int: writer.tag(Tag.int)
        case .double: writer.tag(Tag.double)
        case .bool: writer.tag(Tag.bool)
        case .optional(let wrapped):
            writer.tag(Tag.optional)
            wrapped.encode(into: &writer)
        case .array(let element):
            writer.tag(Tag.array)
            element.encode(into: &writer)
        case .object(let type, let fields):
            writer.tag(Tag.object)
            writer.string(type)
            writer.count(fields.count)
            for field in fields {
                writer.string(field.name)
                field.schema.encode(into: &writer)
            }
        case .opaque(let type):
            writer.tag(Tag.opaque)
            writer.string(type)
        }
    }

    package init(from reader: inout RecordReader) throws {
        try reader.descend(limit: Self.maximumRecordDepth)
        defer { reader.ascend() }
        switch try reader.tag(Tag.self) {
        case .string: self = .string
        case .int: self = .int
        case .double: self = .double
        case .bool: self = .bool
        case .optional: self = .optional(try PayloadSchema(from: &reader))
        case .array: self = .array(try PayloadSchema(from: &reader))
        case .object:
            let type = try reader.string()
            var fields: [Field] = []
            for _ in 0..<(try reader.count()) {
                let name = try reader.string()
                fields.append(Field(name: name, schema: try PayloadSchema(from: &reader)))
            }
            self = .object(type: type, fields: fields)
        case .opaque: self = .opaque(type: try reader.string())
        }
    }
}
