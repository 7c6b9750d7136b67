import SceneHostRecordCodec

/// Where a probe was, in the record format: the scene, the action's tag, the event if any, the
/// sample input (0 for none, else its number from 1). The
/// same bytes in a probe child's `step` record and in a cached failure.
extension ProbeStep: RecordValue {
    package func encode(into writer: inout RecordWriter) {
        writer.string(scene)
        action.encode(into: &writer)
        writer.optionalString(event)
        writer.unsigned(UInt64(max(0, sample ?? 0)))
    }

    package init(from reader: inout RecordReader) throws {
        let scene = try reader.string()
        let action = try Action(from: &reader)
        let event = try reader.optionalString()
        let sample = try reader.integer()
        self.init(scene: scene, action: action, event: event, sample: sample == 0 ? nil : sample)
    }

    /// A flag, then the step when there is one (a failure while loading has none).
    package static func encode(_ step: ProbeStep?, into writer: inout RecordWriter) {
        writer.bool(step != nil)
        step?.encode(into: &writer)
    }

    static func decodeOptional(_ reader: inout RecordReader) throws -> ProbeStep? {
        try reader.bool() ? try ProbeStep(from: &reader) : nil
    }
}

extension ProbeStep.Action: RecordValue {
    package enum Tag: UInt64, RecordTag {
        case build, viewDidLoad, viewWillAppear, render, handle, back, renderAgain
    }

    package func encode(into writer: inout RecordWriter) {
        switch self {
        case .build: writer.tag(Tag.build)
        case .viewDidLoad: writer.tag(Tag.viewDidLoad)
        case .viewWillAppear: writer.tag(Tag.viewWillAppear)
        case .render: writer.tag(Tag.render)
        case .handle: writer.tag(Tag.handle)
        case .back: writer.tag(Tag.back)
        case .renderAgain: writer.tag(Tag.renderAgain)
        }
    }

    package init(from reader: inout RecordReader) throws {
        switch try reader.tag(Tag.self) {
        case .build: self = .build
        case .viewDidLoad: self = .viewDidLoad
        case .viewWillAppear: self = .viewWillAppear
        case .render: self = .render
        case .handle: self = .handle
        case .back: self = .back
        case .renderAgain: self = .renderAgain
        }
    }
}
