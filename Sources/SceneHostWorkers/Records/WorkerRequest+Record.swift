import SceneHostRecordCodec
import SceneHostFrontend
import SceneHostLoading
import SceneHostNavigation

/// What the host asks a worker, in the record format: the request's tag, then its fields.
extension WorkerRequest: RecordValue {
    package enum Tag: UInt64, RecordTag {
        case open, restore, commands, call, close, finish, openLink, start, settle
    }

    package func encode(into writer: inout RecordWriter) {
        switch self {
        case .open(let session):
            writer.tag(Tag.open)
            writer.unsigned(session)
        case .restore(let session, let records):
            writer.tag(Tag.restore)
            writer.unsigned(session)
            writer.list(records)
        case .commands(let session, let commands):
            writer.tag(Tag.commands)
            writer.unsigned(session)
            writer.list(commands)
        case .call(let function, let arguments):
            writer.tag(Tag.call)
            writer.string(function)
            writer.stringList(arguments)
        case .close(let session):
            writer.tag(Tag.close)
            writer.unsigned(session)
        case .finish:
            writer.tag(Tag.finish)
        case .openLink(let session, let link):
            writer.tag(Tag.openLink)
            writer.unsigned(session)
            link.encode(into: &writer)
        case .settle(let session, let milliseconds):
            writer.tag(Tag.settle)
            writer.unsigned(session)
            writer.count(milliseconds)
        case .start(let message):
            writer.tag(Tag.start)
            message.encode(into: &writer)
        }
    }

    package init(from reader: inout RecordReader) throws {
        switch try reader.tag(Tag.self) {
        case .open: self = .open(session: try reader.unsigned())
        case .restore:
            let session = try reader.unsigned()
            let records = try reader.list(SceneRecord.self)
            self = .restore(session: session, records: records)
        case .commands:
            let session = try reader.unsigned()
            let commands = try reader.list(FrontendCommand.self)
            self = .commands(session: session, commands)
        case .call:
            let function = try reader.string()
            self = .call(function: function, arguments: try reader.stringList())
        case .close: self = .close(session: try reader.unsigned())
        case .finish: self = .finish
        case .openLink:
            let session = try reader.unsigned()
            self = .openLink(session: session, try LinkOpening(from: &reader))
        case .start: self = .start(try WorkerStartMessage(from: &reader))
        case .settle:
            let session = try reader.unsigned()
            self = .settle(session: session, milliseconds: try reader.integer())
        }
    }
}
