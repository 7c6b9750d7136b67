import SceneSDK
import SceneHostRecordCodec

/// A plugin's setting declaration in the record format: name, kind, default, whether required,
/// help and rule, each a tag and its fields.
extension SettingDeclaration: RecordValue {
    /// The rule, `none` included: one tag says both whether there is one and which.
    enum RuleTag: UInt64, RecordTag {
        case none, nonEmpty, oneOf, integerRange, numberRange
    }

    package func encode(into writer: inout RecordWriter) {
        writer.string(name)
        kind.encode(into: &writer)
        writer.bool(defaultValue != nil)
        defaultValue?.encode(into: &writer)
        writer.bool(isRequired)
        writer.string(help)
        switch rule {
        case nil:
            writer.tag(RuleTag.none)
        case .nonEmpty?:
            writer.tag(RuleTag.nonEmpty)
        case .oneOf(let choices)?:
            writer.tag(RuleTag.oneOf)
            writer.stringList(choices)
        case .integerRange(let range)?:
            writer.tag(RuleTag.integerRange)
            writer.signed(Int64(range.lowerBound))
            writer.signed(Int64(range.upperBound))
        case .numberRange(let range)?:
            writer.tag(RuleTag.numberRange)
            writer.unsigned(range.lowerBound.bitPattern)
            writer.unsigned(range.upperBound.bitPattern)
        }
    }

    package init(from reader: inout RecordReader) throws {
        let name = try reader.string()
        let kind = try SettingKind(from: &reader)
        let value = try reader.bool() ? try PluginSettings.Value(from: &reader) : nil
        let required = try reader.bool()
        let help = try reader.string()
        let rule: Rule?
        switch try reader.tag(RuleTag.self) {
        case .none: rule = nil
        case .nonEmpty: rule = .nonEmpty
        case .oneOf: rule = .oneOf(try reader.stringList())
        case .integerRange:
            guard let lower = Int(exactly: try reader.signed()), let upper = Int(exactly: try reader.signed()),
                lower <= upper
            else { throw RecordReader.Malformed() }
            rule = .integerRange(lower...upper)
        case .numberRange:
            // NaN or reversed bounds would trap in `...`: not a file this host wrote.
            let lower = Double(bitPattern: try reader.unsigned()), upper = Double(bitPattern: try reader.unsigned())
            guard lower <= upper else { throw RecordReader.Malformed() }
            rule = .numberRange(lower...upper)
        }
        self.init(name: name, kind: kind, defaultValue: value, isRequired: required, help: help, rule: rule)
    }
}

extension SettingKind: RecordValue {
    package enum Tag: UInt64, RecordTag {
        case string, integer, number, boolean, path
    }

    package func encode(into writer: inout RecordWriter) {
        switch self {
        case .string: writer.tag(Tag.string)
        case .integer: writer.tag(Tag.integer)
        case .number: writer.tag(Tag.number)
        case .boolean: writer.tag(Tag.boolean)
        case .path: writer.tag(Tag.path)
        }
    }

    package init(from reader: inout RecordReader) throws {
        switch try reader.tag(Tag.self) {
        case .string: self = .string
        case .integer: self = .integer
        case .number: self = .number
        case .boolean: self = .boolean
        case .path: self = .path
        }
    }
}

/// A setting's value (a default in a declaration, a value in the start-up cache's config).
extension PluginSettings.Value: RecordValue {
    package enum Tag: UInt64, RecordTag {
        case string, integer, number, boolean
    }

    package func encode(into writer: inout RecordWriter) {
        switch self {
        case .string(let text):
            writer.tag(Tag.string)
            writer.string(text)
        case .integer(let number):
            writer.tag(Tag.integer)
            writer.signed(Int64(number))
        case .number(let number):
            writer.tag(Tag.number)
            writer.unsigned(number.bitPattern)
        case .boolean(let flag):
            writer.tag(Tag.boolean)
            writer.bool(flag)
        }
    }

    package init(from reader: inout RecordReader) throws {
        switch try reader.tag(Tag.self) {
        case .string: self = .string(try reader.string())
        case .integer:
            guard let number = Int(exactly: try reader.signed()) else { throw RecordReader.Malformed() }
            self = .integer(number)
        case .number: self = .number(Double(bitPattern: try reader.unsigned()))
        case .boolean: self = .boolean(try reader.bool())
        }
    }
}
