@_spi(SceneHost) import SceneSDK
import SceneHostRecordCodec

/// One entry: fingerprint (its path is the entry's), `stat` identity, host, verdict.
extension ProbeCacheFormat {
    package static func encode(
        _ entry: ProbeCache.Entry, path: String, into writer: inout RecordWriter, contracts: ContractTable
    ) {
        writer.string(path)
        writer.count(entry.fingerprint.size)
        writer.signed(entry.fingerprint.modified)
        writer.string(entry.fingerprint.sha256)
        writer.bool(entry.stat != nil)
        entry.stat?.encode(into: &writer)
        writer.string(entry.host)
        encode(entry.verdict, into: &writer, contracts: contracts)
    }

    package static func decodeEntry(
        _ reader: inout RecordReader, contracts: [ContractInfo]
    ) throws -> (String, ProbeCache.Entry) {
        let path = try reader.string()
        let fingerprint = FileFingerprint(
            path: path, size: try reader.integer(), modified: try reader.signed(), sha256: try reader.string())
        let stat = try reader.bool() ? try StatIdentity(from: &reader) : nil
        let host = try reader.string()
        let verdict = try decodeVerdict(&reader, contracts: contracts)
        return (path, ProbeCache.Entry(fingerprint: fingerprint, stat: stat, host: host, verdict: verdict))
    }
}
