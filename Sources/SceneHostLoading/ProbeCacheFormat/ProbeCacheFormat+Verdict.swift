@_spi(SceneHost) import SceneSDK
import SceneHostRecordCodec

/// A verdict and the table of contracts its metadata names, as both the cache file and the probe
/// records between child and parent write them.
extension ProbeCacheFormat {
    /// The tag, then the metadata (naming `contracts`) or the failure.
    package static func encode(_ verdict: ProbeVerdict, into writer: inout RecordWriter, contracts: ContractTable) {
        switch verdict {
        case .good(let metadata):
            writer.tag(ProbeVerdict.Tag.good)
            encode(metadata, into: &writer, contracts: contracts)
        case .failed(let failure):
            writer.tag(ProbeVerdict.Tag.failed)
            failure.encode(into: &writer)
        }
    }

    static func decodeVerdict(_ reader: inout RecordReader, contracts: [ContractInfo]) throws -> ProbeVerdict {
        switch try reader.tag(ProbeVerdict.Tag.self) {
        case .good: return .good(try decodeMetadata(&reader, contracts: contracts))
        case .failed: return .failed(try ProbeFailure(from: &reader))
        }
    }

    /// Each distinct contract once: its type name and schema.
    package static func encodeTable(_ contracts: ContractTable, into writer: inout RecordWriter) {
        writer.count(contracts.unique.count)
        for contract in contracts.unique {
            writer.string(contract.typeName)
            contract.schema.encode(into: &writer)
        }
    }

    package static func decodeTable(_ reader: inout RecordReader) throws -> [ContractInfo] {
        var contracts: [ContractInfo] = []
        for _ in 0..<(try reader.count()) {
            let typeName = try reader.string()
            contracts.append(ContractInfo(typeName: typeName, schema: try PayloadSchema(from: &reader)))
        }
        return contracts
    }
}

extension ProbeVerdict {
    /// A verdict's tag: its metadata or its failure follows.
    package enum Tag: UInt64, RecordTag {
        case good, failed
    }
}
