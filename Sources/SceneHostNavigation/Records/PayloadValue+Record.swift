import SceneSDK
import SceneHostRecordCodec

/// A payload value in the record format: its tag, then its fields; an object's keys in order, so
/// the same value gives the same bytes.
extension PayloadValue: RecordValue {
    /// The deepest value read (deeper ones are refused, never recursed into): a worker or a stored
    /// session may hold anything.
    package static let maximumRecordDepth = 256

    package enum Tag: UInt64, RecordTag {
        case null, `false`, `true`, int, double, string, array, object
    }

    package func encode(into writer: inout RecordWriter) {
        switch self {
        case .null: writer.tag(Tag.null)
        case .bool(let flag): writer.tag(flag ? Tag.true : Tag.false)
        case .int(let number):
            writer.tag(Tag.int)
            writer.signed(Int64(number))
        case .double(let number):
            writer.tag(Tag.double)
            writer.unsigned(number.bitPattern)
        case .string(let text):
            writer.tag(Tag.string)
            writer.string(text)
        case .array(let elements):
            writer.tag(Tag.array)
            writer.list(elements)
        case .object(let fields):
            writer.tag(Tag.object)
            writer.count(fields.count)
            for (key, element) in fields.sorted(by: { $0.key < $1.key }) {
                writer.string(key)
                element.encode(into: &writer)
            }
        }
    }

    package init(from reader: inout RecordReader) throws {
        try reader.descend(limit: Self.maximumRecordDepth)
        defer { reader.ascend() }
        switch try reader.tag(Tag.self) {
        case .null: self = .null
        case .false: self = .bool(false)
        case .true: self = .bool(true)
        case .int:
            guard let number = Int(exactly: try reader.signed()) else { throw RecordReader.Malformed() }
            self = .int(number)
        case .double: self = .double(Double(bitPattern: try reader.unsigned()))
        case .string: self = .string(try reader.string())
        case .array:
            let elements = try reader.list(PayloadValue.self)
            self = .array(elements)
        case .object:
            let count = try reader.count()
            var fields: [String: PayloadValue] = [:]
            for _ in 0..<count {
                let key = try reader.string()
                // A key twice is not a value any encoder wrote.
                guard fields.updateValue(try PayloadValue(from: &reader), forKey: key) == nil else {
                    throw RecordReader.Malformed()
                }
            }
            self = .object(fields)
        }
    }
}
