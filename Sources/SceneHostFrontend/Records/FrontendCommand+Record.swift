import SceneHostRecordCodec
import SceneHostLoading

/// A script command in the record format (a worker's `commands` request): its tag, then its words.
extension FrontendCommand: RecordValue {
    package enum Tag: UInt64, RecordTag {
        case fill, tap, select, back, backTo, dismiss, print, call, toggle, choose, wait
    }

    /// What `toggle` asks: switch over, or a state named.
    enum ToggleState: UInt64, RecordTag {
        case switchOver, off, on
    }

    package func encode(into writer: inout RecordWriter) {
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
        case .toggle(let toggle, let isOn):
            writer.tag(Tag.toggle)
            writer.string(toggle)
            writer.tag(isOn.map { $0 ? ToggleState.on : .off } ?? .switchOver)
        case .choose(let choice, let option):
            writer.tag(Tag.choose)
            writer.string(choice)
            writer.string(option)
        case .wait(let kind, let id, let text):
            writer.tag(Tag.wait)
            writer.string(kind)
            writer.string(id)
            writer.string(text)
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

    package init(from reader: inout RecordReader) throws {
        switch try reader.tag(Tag.self) {
        case .fill:
            let field = try reader.string()
            self = .fill(field: field, text: try reader.string())
        case .tap: self = .tap(button: try reader.string())
        case .select:
            let list = try reader.string()
            self = .select(list: list, row: try reader.integer())
        case .toggle:
            let toggle = try reader.string()
            switch try reader.tag(ToggleState.self) {
            case .switchOver: self = .toggle(toggle: toggle, isOn: nil)
            case .off: self = .toggle(toggle: toggle, isOn: false)
            case .on: self = .toggle(toggle: toggle, isOn: true)
            }
        case .choose:
            let choice = try reader.string()
            self = .choose(choice: choice, option: try reader.string())
        case .wait:
            let kind = try reader.string(), id = try reader.string()
            self = .wait(kind: kind, id: id, text: try reader.string())
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
