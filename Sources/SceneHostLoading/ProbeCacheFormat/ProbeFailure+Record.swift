import SceneHostRecordCodec
import SceneHostCore
import SceneHostNative
import SceneHostContainer
import SceneHostConfig

/// A failed verdict in the record format: how the plugin failed, and where its probe was.
extension ProbeFailure: RecordValue {
    package enum Tag: UInt64, RecordTag {
        case refused, crashed, exited, timedOut, hostFailed, failedAtExit, hungAtExit
    }

    package func encode(into writer: inout RecordWriter) {
        switch self {
        case .refused(let message):
            writer.tag(Tag.refused)
            writer.string(message)
        case .crashed(let signal, let step, let said):
            writer.tag(Tag.crashed)
            writer.signed(Int64(signal))
            ProbeStep.encode(step, into: &writer)
            writer.optionalString(said)
        case .exited(let status, let step):
            writer.tag(Tag.exited)
            writer.signed(Int64(status))
            ProbeStep.encode(step, into: &writer)
        case .timedOut(let limit, let step):
            writer.tag(Tag.timedOut)
            writer.signed(limit)
            ProbeStep.encode(step, into: &writer)
        case .hostFailed(let message):
            writer.tag(Tag.hostFailed)
            writer.string(message)
        case .failedAtExit(let signal, let status, let said):
            writer.tag(Tag.failedAtExit)
            writer.bool(signal != nil)
            writer.signed(Int64(signal ?? status ?? 0))
            writer.optionalString(said)
        case .hungAtExit(let limit):
            writer.tag(Tag.hungAtExit)
            writer.signed(limit)
        }
    }

    package init(from reader: inout RecordReader) throws {
        switch try reader.tag(Tag.self) {
        case .refused: self = .refused(message: try reader.string())
        case .crashed:
            let signal = try reader.int32()
            let step = try ProbeStep.decodeOptional(&reader)
            self = .crashed(signal: signal, step: step, said: try reader.optionalString())
        case .exited:
            let status = try reader.int32()
            self = .exited(status: status, step: try ProbeStep.decodeOptional(&reader))
        case .timedOut:
            let limit = try reader.signed()
            self = .timedOut(limitMilliseconds: limit, step: try ProbeStep.decodeOptional(&reader))
        case .hostFailed: self = .hostFailed(message: try reader.string())
        case .failedAtExit:
            let bySignal = try reader.bool()
            let number = try reader.int32()
            self = .failedAtExit(
                signal: bySignal ? number : nil, status: bySignal ? nil : number, said: try reader.optionalString())
        case .hungAtExit: self = .hungAtExit(limitMilliseconds: try reader.signed())
        }
    }
}
