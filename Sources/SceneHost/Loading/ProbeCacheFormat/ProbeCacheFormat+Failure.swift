import SceneHostCacheCodec

/// A failed verdict: how the plugin failed, and where its probe was.
extension ProbeCacheFormat {
    static func encode(_ failure: ProbeFailure, into writer: inout CacheWriter) {
        switch failure {
        case .refused(let message):
            writer.count(0)
            writer.string(message)
        case .crashed(let signal, let step, let said):
            writer.count(1)
            writer.signed(Int64(signal))
            encode(step, into: &writer)
            writer.optionalString(said)
        case .exited(let status, let step):
            writer.count(2)
            writer.signed(Int64(status))
            encode(step, into: &writer)
        case .timedOut(let limit, let step):
            writer.count(3)
            writer.signed(limit)
            encode(step, into: &writer)
        case .hostFailed(let message):
            writer.count(4)
            writer.string(message)
        }
    }

    static func decodeFailure(_ reader: inout CacheReader) throws -> ProbeFailure {
        switch try reader.tag(below: 5) {
        case 0: return .refused(message: try reader.string())
        case 1:
            let signal = try reader.int32()
            let step = try decodeStep(&reader)
            return .crashed(signal: signal, step: step, said: try reader.optionalString())
        case 2:
            let status = try reader.int32()
            return .exited(status: status, step: try decodeStep(&reader))
        case 4: return .hostFailed(message: try reader.string())
        default:
            let limit = try reader.signed()
            return .timedOut(limitMilliseconds: limit, step: try decodeStep(&reader))
        }
    }

    private static func encode(_ step: ProbeStep?, into writer: inout CacheWriter) {
        guard let step else { return writer.count(0) }
        writer.count(1)
        writer.string(step.scene)
        writer.string(step.action.rawValue)
        writer.optionalString(step.event)
    }

    private static func decodeStep(_ reader: inout CacheReader) throws -> ProbeStep? {
        guard try reader.tag(below: 2) == 1 else { return nil }
        let scene = try reader.string()
        guard let action = ProbeStep.Action(rawValue: try reader.string()) else { throw CacheReader.Malformed() }
        return ProbeStep(scene: scene, action: action, event: try reader.optionalString())
    }
}
