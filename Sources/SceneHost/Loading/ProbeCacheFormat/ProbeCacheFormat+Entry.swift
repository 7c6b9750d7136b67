@_spi(SceneHost) import SceneSDK
import SceneHostCacheCodec

/// One entry: fingerprint (its path is the entry's), `stat` identity, host, verdict.
extension ProbeCacheFormat {
    static func encode(_ entry: ProbeCache.Entry, path: String, into writer: inout CacheWriter, contracts: ContractTable) {
        writer.string(path)
        writer.count(entry.fingerprint.size)
        writer.signed(entry.fingerprint.modified)
        writer.string(entry.fingerprint.sha256)
        if let stat = entry.stat {
            writer.count(1)
            writer.unsigned(stat.device)
            writer.unsigned(stat.inode)
            writer.count(stat.size)
            writer.signed(stat.modified)
            writer.signed(stat.changed)
        } else {
            writer.count(0)
        }
        writer.string(entry.host)
        encode(entry.verdict, into: &writer, contracts: contracts)
    }

    static func decodeEntry(_ reader: inout CacheReader, contracts: [ContractInfo]) throws -> (String, ProbeCache.Entry) {
        let path = try reader.string()
        let fingerprint = FileFingerprint(path: path, size: try reader.integer(), modified: try reader.signed(), sha256: try reader.string())
        var stat: StatIdentity?
        if try reader.tag(below: 2) == 1 {
            stat = StatIdentity(device: try reader.unsigned(), inode: try reader.unsigned(), size: try reader.integer(),
                                modified: try reader.signed(), changed: try reader.signed())
        }
        let host = try reader.string()
        let verdict = try decodeVerdict(&reader, contracts: contracts)
        return (path, ProbeCache.Entry(fingerprint: fingerprint, stat: stat, host: host, verdict: verdict))
    }
}
