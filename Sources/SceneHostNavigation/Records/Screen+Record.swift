import SceneSDK
import SceneHostRecordCodec

/// A screen in the record format: its title, then each element's tag and fields.
extension Screen: RecordValue {
    package func encode(into writer: inout RecordWriter) {
        writer.string(title)
        writer.list(elements)
    }

    package init(from reader: inout RecordReader) throws {
        let title = try reader.string()
        let elements = try reader.list(ScreenElement.self)
        self.init(title: title, elements: elements)
    }
}

extension ScreenElement: RecordValue {
    /// New kinds take new tags at the end, and a list keeps its first form when no row has a
    /// detail, so what an earlier build stored (a session's last screen) still reads.
    package enum Tag: UInt64, RecordTag {
        case label, textField, button, list, textArea, secureField, toggle, choice, progress, section, detailedList
        case alert
    }

    package func encode(into writer: inout RecordWriter) {
        switch self {
        case .label(let id, let text):
            writer.tag(Tag.label)
            writer.string(id)
            writer.string(text)
        case .alert(let id, let text):
            writer.tag(Tag.alert)
            writer.string(id)
            writer.string(text)
        case .textField(let id, let placeholder, let text, let label, let problem):
            writer.tag(Tag.textField)
            writer.string(id)
            writer.string(placeholder)
            writer.string(text)
            writer.string(label)
            writer.string(problem)
        case .textArea(let id, let label, let text, let problem):
            writer.tag(Tag.textArea)
            writer.string(id)
            writer.string(label)
            writer.string(text)
            writer.string(problem)
        case .secureField(let id, let label, let isFilled, let problem):
            writer.tag(Tag.secureField)
            writer.string(id)
            writer.string(label)
            writer.bool(isFilled)
            writer.string(problem)
        case .toggle(let id, let title, let isOn):
            writer.tag(Tag.toggle)
            writer.string(id)
            writer.string(title)
            writer.bool(isOn)
        case .choice(let id, let label, let options, let selected):
            writer.tag(Tag.choice)
            writer.string(id)
            writer.string(label)
            writer.stringList(options)
            // An index plus one, 0 for none: the format has no optional integer. An index outside the
            // options (a plugin's bug) is written as none, which every frontend shows it as anyway.
            writer.unsigned(selected.flatMap { options.indices.contains($0) ? UInt64($0) + 1 : nil } ?? 0)
        case .button(let id, let title):
            writer.tag(Tag.button)
            writer.string(id)
            writer.string(title)
        case .list(let id, let rows) where rows.allSatisfy(\.detail.isEmpty):
            writer.tag(Tag.list)
            writer.string(id)
            writer.stringList(rows.map(\.title))
        case .list(let id, let rows):
            writer.tag(Tag.detailedList)
            writer.string(id)
            writer.stringList(rows.map(\.title))
            writer.stringList(rows.map(\.detail))
        case .progress(let id, let label, let value):
            writer.tag(Tag.progress)
            writer.string(id)
            writer.string(label)
            writer.bool(value != nil)
            writer.unsigned((value ?? 0).bitPattern)
        case .section(let id, let title, let elements):
            writer.tag(Tag.section)
            writer.string(id)
            writer.string(title)
            writer.list(elements)
        }
    }

    /// The deepest nesting of sections read: deeper is malformed (a forged record must not exhaust the stack).
    package static let maximumRecordDepth = 32

    package init(from reader: inout RecordReader) throws {
        try reader.descend(limit: Self.maximumRecordDepth)
        defer { reader.ascend() }
        switch try reader.tag(Tag.self) {
        case .label:
            let id = try reader.string()
            self = .label(id: id, text: try reader.string())
        case .alert:
            let id = try reader.string()
            self = .alert(id: id, text: try reader.string())
        case .textField:
            let id = try reader.string(), placeholder = try reader.string(), text = try reader.string()
            let label = try reader.string()
            self = .textField(id: id, placeholder: placeholder, text: text, label: label, problem: try reader.string())
        case .textArea:
            let id = try reader.string(), label = try reader.string(), text = try reader.string()
            self = .textArea(id: id, label: label, text: text, problem: try reader.string())
        case .secureField:
            let id = try reader.string(), label = try reader.string(), isFilled = try reader.bool()
            self = .secureField(id: id, label: label, isFilled: isFilled, problem: try reader.string())
        case .toggle:
            let id = try reader.string(), title = try reader.string()
            self = .toggle(id: id, title: title, isOn: try reader.bool())
        case .choice:
            let id = try reader.string(), label = try reader.string(), options = try reader.stringList()
            let selected = try reader.unsigned()
            guard selected <= UInt64(options.count) else { throw RecordReader.Malformed() }
            self = .choice(id: id, label: label, options: options, selected: selected == 0 ? nil : Int(selected - 1))
        case .button:
            let id = try reader.string()
            self = .button(id: id, title: try reader.string())
        case .list:
            let id = try reader.string()
            self = .list(id: id, rows: try reader.stringList())
        case .detailedList:
            let id = try reader.string(), titles = try reader.stringList(), details = try reader.stringList()
            guard titles.count == details.count else { throw RecordReader.Malformed() }
            self = .list(id: id, rows: zip(titles, details).map { ListRow(title: $0, detail: $1) })
        case .progress:
            let id = try reader.string(), label = try reader.string(), known = try reader.bool(),
                value = Double(bitPattern: try reader.unsigned())
            self = .progress(id: id, label: label, value: known ? value : nil)
        case .section:
            let id = try reader.string(), title = try reader.string()
            self = .section(id: id, title: title, elements: try reader.list(ScreenElement.self))
        }
    }
}
