@_spi(SceneHost) import SceneSDK
import SceneHostCacheCodec

/// A verdict and the table of contracts its metadata names, as both the cache file and the probe
/// records between child and parent write them.
extension ProbeCacheFormat {
    /// 0 and the metadata, or 1 and the failure.
    static func encode(_ verdict: ProbeVerdict, into writer: inout CacheWriter, contracts: ContractTable) {
        switch verdict {
        case .good(let metadata):
            writer.count(0)
            encode(metadata, into: &writer, contracts: contracts)
        case .failed(let failure):
            writer.count(1)
            encode(failure, into: &writer)
        }
    }

    static func decodeVerdict(_ reader: inout CacheReader, contracts: [ContractInfo]) throws -> ProbeVerdict {
        try reader.tag(below: 2) == 0 ? .good(try decodeMetadata(&reader, contracts: contracts)) : .failed(try decodeFailure(&reader))
    }

    /// Each distinct contract once: its type name and schema.
    static func encodeTable(_ contracts: ContractTable, into writer: inout CacheWriter) {
        writer.count(contracts.unique.count)
        for contract in contracts.unique {
            writer.string(contract.typeName)
            encode(contract.schema, into: &writer)
        }
    }

    static func decodeTable(_ reader: inout CacheReader) throws -> [ContractInfo] {
        var contracts: [ContractInfo] = []
        for _ in 0..<(try reader.count()) {
            let typeName = try reader.string()
            contracts.append(ContractInfo(typeName: typeName, schema: try decodeSchema(&reader, depth: 0)))
        }
        return contracts
    }
}
