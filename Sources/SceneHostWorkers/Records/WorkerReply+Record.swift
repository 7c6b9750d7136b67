import SceneSDK
import SceneHostRecordCodec
import SceneHostLoading
import SceneHostNavigation

/// What a worker answers, in the record format: the reply's tag, then its fields.
///
/// `ready`, the worker's first frame, carries `WorkerFrame.formatVersion`: a worker of another
/// build (an executable replaced while `serve` runs) is refused at its first frame, and no other
/// frame pays for a version (docs/decisions.md, "One record format").
extension WorkerReply: RecordValue {
    package enum Tag: UInt64, RecordTag {
        case ready, loadFailed, progress, session, called, closed, settled, changed
    }

    package func encode(into writer: inout RecordWriter) {
        switch self {
        case .ready:
            writer.tag(Tag.ready)
            writer.unsigned(WorkerFrame.formatVersion)
        case .loadFailed(let failure):
            writer.tag(Tag.loadFailed)
            failure.encode(into: &writer)
        case .progress(let place):
            writer.tag(Tag.progress)
            writer.count(place)
        case .session(let failure, let report, let restored):
            writer.tag(Tag.session)
            writer.bool(failure != nil)
            failure?.encode(into: &writer)
            report.encode(into: &writer)
            writer.bool(restored != nil)
            if let restored { writer.count(restored) }
        case .called(let lines, let result):
            writer.tag(Tag.called)
            writer.stringList(lines)
            switch result {
            case .success(let text):
                writer.tag(RemoteFailure.Outcome.success)
                writer.string(text)
            case .failure(let failure):
                writer.tag(RemoteFailure.Outcome.failure)
                failure.encode(into: &writer)
            }
        case .closed:
            writer.tag(Tag.closed)
        case .settled(let report, let failures, let ended):
            writer.tag(Tag.settled)
            report.encode(into: &writer)
            writer.list(failures)
            writer.bool(ended)
        case .changed(let session, let report):
            writer.tag(Tag.changed)
            writer.unsigned(session)
            report.encode(into: &writer)
        }
    }

    package init(from reader: inout RecordReader) throws {
        switch try reader.tag(Tag.self) {
        case .ready:
            guard try reader.unsigned() == WorkerFrame.formatVersion else { throw RecordReader.Malformed() }
            self = .ready
        case .loadFailed: self = .loadFailed(try RemoteFailure(from: &reader))
        case .progress: self = .progress(place: try reader.integer())
        case .session:
            let failure = try reader.bool() ? try RemoteFailure(from: &reader) : nil
            let report = try SessionReport(from: &reader)
            let restored = try reader.bool() ? try reader.integer() : nil
            self = .session(failure: failure, report: report, restored: restored)
        case .called:
            let lines = try reader.stringList()
            let result: Result<String, RemoteFailure>
            switch try reader.tag(RemoteFailure.Outcome.self) {
            case .success: result = .success(try reader.string())
            case .failure: result = .failure(try RemoteFailure(from: &reader))
            }
            self = .called(lines: lines, result: result)
        case .closed: self = .closed
        case .settled:
            let report = try SessionReport(from: &reader)
            let failures = try reader.list(RemoteFailure.self)
            self = .settled(report: report, failures: failures, ended: try reader.bool())
        case .changed:
            let session = try reader.unsigned()
            self = .changed(session: session, report: try SessionReport(from: &reader))
        }
    }
}

/// A session's report: how many records stand, the changed ones, then the screen or its failure.
extension SessionReport: RecordValue {
    package func encode(into writer: inout RecordWriter) {
        writer.count(keep)
        writer.list(changed)
        switch screen {
        case .success(let screen):
            writer.tag(RemoteFailure.Outcome.success)
            screen.encode(into: &writer)
        case .failure(let failure):
            writer.tag(RemoteFailure.Outcome.failure)
            failure.encode(into: &writer)
        }
        writer.bool(busy)
        writer.bool(settling)
        writer.stringList(titles)
    }

    package init(from reader: inout RecordReader) throws {
        let keep = try reader.integer()
        let changed = try reader.list(SceneRecord.self)
        let screen: Result<Screen, RemoteFailure>
        switch try reader.tag(RemoteFailure.Outcome.self) {
        case .success: screen = .success(try Screen(from: &reader))
        case .failure: screen = .failure(try RemoteFailure(from: &reader))
        }
        let busy = try reader.bool(), settling = try reader.bool()
        let titles = try reader.stringList()
        // One title per changed record, or none (a report made by hand).
        guard titles.isEmpty || titles.count == changed.count else { throw RecordReader.Malformed() }
        self.init(keep: keep, changed: changed, screen: screen, busy: busy, settling: settling, titles: titles)
    }
}
