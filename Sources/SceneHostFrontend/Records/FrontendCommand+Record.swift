import SceneHostCacheCodec
import SceneHostLoading

/// A script command in the record format (a worker's `commands` request): its tag, then its words.
extension FrontendCommand: RecordValue {
    package enum Tag: UInt64, RecordTag {
        case fill, tap, select, back, backTo, dismiss, print, call
    }

    package func encode(into writer: inout CacheWriter) {
        switch self {
        case .fill(let field, let text):
            writer.tag(Tag.fill)
            writer.string(field)
            writer.string(text)
        case .tap(let button):
            writer.tag(Tag.tap)
            writer.string(button)
        case .select(let list, let row):
            writer.tag(Tag.select)
            writer.string(list)
            writer.count(row)
        case .back: writer.tag(Tag.back)
        case .backTo(let scene):
            writer.tag(Tag.backTo)
            writer.string(scene)
        case .dismiss: writer.tag(Tag.dismiss)
        case .print: writer.tag(Tag.print)
        case .call(let function, let arguments):
            writer.tag(Tag.call)
            writer.string(function)
            writer.stringList(arguments)
        }
    }

    package init(from reader: inout CacheReader) throws {
        switch try reader.tag(Tag.self) {
        case .fill:
            let field = try reader.string()
            self = .fill(field: field, text: try reader.string())
        case .tap: self = .tap(button: try reader.string())
        case .select:
            let list = try reader.string()
            self = .select(list: list, row: try reader.integer())
        case .back: self = .back
        case .backTo: self = .backTo(scene: try reader.string())
        case .dismiss: self = .dismiss
        case .print: self = .print
        case .call:
            let function = try reader.string()
            self = .call(function: function, arguments: try reader.stringList())
        }
    }
}
