import SceneHostCacheCodec

/// A failed verdict in the record format: how the plugin failed, and where its probe was.
extension ProbeFailure: RecordValue {
    enum Tag: UInt64, RecordTag {
        case refused, crashed, exited, timedOut, hostFailed
    }

    package func encode(into writer: inout CacheWriter) {
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
        }
    }

    package init(from reader: inout CacheReader) throws {
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
        }
    }
}
