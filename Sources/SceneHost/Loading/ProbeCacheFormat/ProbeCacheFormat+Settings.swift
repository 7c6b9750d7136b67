import SceneSDK
import SceneHostCacheCodec

/// A plugin's setting declarations (`PluginMetadata.settings`): name, kind, default, whether
/// required, help and rule, each a tag and its fields.
extension ProbeCacheFormat {
    static func encode(_ declaration: SettingDeclaration, into writer: inout CacheWriter) {
        writer.string(declaration.name)
        switch declaration.kind {
        case .string: writer.count(0)
        case .integer: writer.count(1)
        case .number: writer.count(2)
        case .boolean: writer.count(3)
        case .path: writer.count(4)
        }
        if let value = declaration.defaultValue {
            writer.count(1)
            encode(value, into: &writer)
        } else {
            writer.count(0)
        }
        writer.count(declaration.isRequired ? 1 : 0)
        writer.string(declaration.help)
        switch declaration.rule {
        case nil:
            writer.count(0)
        case .nonEmpty?:
            writer.count(1)
        case .oneOf(let choices)?:
            writer.count(2)
            writer.count(choices.count)
            for choice in choices { writer.string(choice) }
        case .integerRange(let range)?:
            writer.count(3)
            writer.signed(Int64(range.lowerBound))
            writer.signed(Int64(range.upperBound))
        case .numberRange(let range)?:
            writer.count(4)
            writer.unsigned(range.lowerBound.bitPattern)
            writer.unsigned(range.upperBound.bitPattern)
        }
    }

    static func decodeDeclaration(_ reader: inout CacheReader) throws -> SettingDeclaration {
        let name = try reader.string()
        let kinds: [SettingKind] = [.string, .integer, .number, .boolean, .path]
        let kind = kinds[Int(try reader.tag(below: UInt64(kinds.count)))]
        let value = try reader.tag(below: 2) == 1 ? try decodeValue(&reader) : nil
        let required = try reader.tag(below: 2) == 1
        let help = try reader.string()
        let rule: SettingDeclaration.Rule?
        switch try reader.tag(below: 5) {
        case 0: rule = nil
        case 1: rule = .nonEmpty
        case 2:
            var choices: [String] = []
            for _ in 0..<(try reader.count()) { choices.append(try reader.string()) }
            rule = .oneOf(choices)
        case 3:
            guard let lower = Int(exactly: try reader.signed()), let upper = Int(exactly: try reader.signed()),
                  lower <= upper else { throw CacheReader.Malformed() }
            rule = .integerRange(lower...upper)
        default:
            // NaN or reversed bounds would trap in `...`: not a file this host wrote.
            let lower = Double(bitPattern: try reader.unsigned()), upper = Double(bitPattern: try reader.unsigned())
            guard lower <= upper else { throw CacheReader.Malformed() }
            rule = .numberRange(lower...upper)
        }
        return SettingDeclaration(name: name, kind: kind, defaultValue: value, isRequired: required, help: help, rule: rule)
    }

    static func encode(_ value: PluginSettings.Value, into writer: inout CacheWriter) {
        switch value {
        case .string(let text):
            writer.count(0)
            writer.string(text)
        case .integer(let number):
            writer.count(1)
            writer.signed(Int64(number))
        case .number(let number):
            writer.count(2)
            writer.unsigned(number.bitPattern)
        case .boolean(let flag):
            writer.count(3)
            writer.count(flag ? 1 : 0)
        }
    }

    static func decodeValue(_ reader: inout CacheReader) throws -> PluginSettings.Value {
        switch try reader.tag(below: 4) {
        case 0: return .string(try reader.string())
        case 1:
            guard let number = Int(exactly: try reader.signed()) else { throw CacheReader.Malformed() }
            return .integer(number)
        case 2: return .number(Double(bitPattern: try reader.unsigned()))
        default: return .boolean(try reader.tag(below: 2) == 1)
        }
    }
}
