import SceneSDK
import SceneHostCacheCodec
import SceneHostCore
import SceneHostNative
import SceneHostContainer
import SceneHostConfig

/// A screen in the record format: its title, then each element's tag and fields.
extension Screen: RecordValue {
    package func encode(into writer: inout CacheWriter) {
        writer.string(title)
        writer.list(elements)
    }

    package init(from reader: inout CacheReader) throws {
        let title = try reader.string()
        let elements = try reader.list(ScreenElement.self)
        self.init(title: title, elements: elements)
    }
}

extension ScreenElement: RecordValue {
    package enum Tag: UInt64, RecordTag {
        case label, textField, button, list
    }

    package func encode(into writer: inout CacheWriter) {
        switch self {
        case .label(let id, let text):
            writer.tag(Tag.label)
            writer.string(id)
            writer.string(text)
        case .textField(let id, let placeholder, let text, let label, let problem):
            writer.tag(Tag.textField)
            writer.string(id)
            writer.string(placeholder)
            writer.string(text)
            writer.string(label)
            writer.string(problem)
        case .button(let id, let title):
            writer.tag(Tag.button)
            writer.string(id)
            writer.string(title)
        case .list(let id, let rows):
            writer.tag(Tag.list)
            writer.string(id)
            writer.stringList(rows)
        }
    }

    package init(from reader: inout CacheReader) throws {
        switch try reader.tag(Tag.self) {
        case .label:
            let id = try reader.string()
            self = .label(id: id, text: try reader.string())
        case .textField:
            let id = try reader.string(), placeholder = try reader.string(), text = try reader.string()
            let label = try reader.string()
            self = .textField(id: id, placeholder: placeholder, text: text, label: label, problem: try reader.string())
        case .button:
            let id = try reader.string()
            self = .button(id: id, title: try reader.string())
        case .list:
            let id = try reader.string()
            self = .list(id: id, rows: try reader.stringList())
        }
    }
}
