@_spi(SceneHost) import SceneSDK
import SceneHostCacheCodec

/// The records a probe child writes to its parent (`ProbeRecord`), in the cache's compact encoding.
///
/// Each record is a frame: its length (LEB128), then a string table and the record (tag 0 a step: scene, action, event;
/// 1 a verdict: the contracts it names, then the cache's encoding of the verdict; 2 `begin` and the
/// plugin's index). A step is a few bytes, and the parent reads a verdict without a JSON decoder.
/// The plugin runs in the child and can write to the same descriptor, so the parent reads frames
/// as it reads a cache file: every bound checked, and anything else is `garbled`.
extension ProbeCacheFormat {
    /// A step's action is its index here (a step is written before each action of every scene).
    static let actions: [ProbeStep.Action] = [.build, .viewDidLoad, .viewWillAppear, .render, .handle, .back, .renderAgain]

    /// The largest frame read; a longer length is garbage (a verdict takes a few kilobytes). With its
    /// length it fits in what the parent reads at a time (`UnnamedFile.contents`, 1 MiB).
    static let maximumFrame = (1 << 20) - 8

    /// What `decodeRecords` found: the whole frames from the start, how many bytes they took, and
    /// whether what follows is not a frame (as opposed to a frame not yet written in full).
    struct RecordStream {
        var records: [ProbeRecord] = []
        var consumed = 0
        var garbled = false
    }

    /// One record's frame, written with one `write` by the child.
    static func frame(_ record: ProbeRecord) -> [UInt8] {
        var writer = CacheWriter()
        switch record {
        case .step(let step):
            writer.count(0)
            writer.string(step.scene)
            writer.count(actions.firstIndex(of: step.action) ?? 0)
            writer.optionalString(step.event)
        case .verdict(let verdict):
            writer.count(1)
            var contracts = ContractTable()
            contracts.add(verdict)
            encodeTable(contracts, into: &writer)
            encode(verdict, into: &writer, contracts: contracts)
        case .begin(let index):
            writer.count(2)
            writer.count(index)
        }
        let payload = writer.finished(header: [])
        var length = CacheWriter()
        length.count(payload.count)
        return length.body + payload
    }

    /// The frames in `bytes` from `start`, up to the first one not written in full or not a frame.
    static func decodeRecords(_ bytes: [UInt8], from start: Int = 0) -> RecordStream {
        var stream = RecordStream()
        var offset = start
        while offset < bytes.count {
            guard let (length, lengthSize) = frameLength(bytes, at: offset) else { return stream }
            guard length <= maximumFrame else {
                stream.garbled = true
                return stream
            }
            let begin = offset + lengthSize
            guard bytes.count - begin >= length else { return stream }
            guard let record = decodeRecord(Array(bytes[begin..<(begin + length)])) else {
                stream.garbled = true
                return stream
            }
            stream.records.append(record)
            offset = begin + length
            stream.consumed = offset - start
        }
        return stream
    }

    /// The length at `offset` and its size in bytes; nil when not all written yet. A length
    /// longer than 4 bytes reads as more than `maximumFrame`.
    private static func frameLength(_ bytes: [UInt8], at offset: Int) -> (Int, Int)? {
        var value = 0
        for position in 0..<4 {
            guard offset + position < bytes.count else { return nil }
            let byte = bytes[offset + position]
            value |= Int(byte & 0x7f) << (7 * position)
            if byte & 0x80 == 0 { return (value, position + 1) }
        }
        return (maximumFrame + 1, 4)
    }

    private static func decodeRecord(_ payload: [UInt8]) -> ProbeRecord? {
        var reader = CacheReader(payload, from: 0)
        do {
            try reader.readStringTable()
            let record: ProbeRecord
            switch try reader.tag(below: 3) {
            case 0:
                let scene = try reader.string()
                let action = actions[Int(try reader.tag(below: UInt64(actions.count)))]
                record = .step(ProbeStep(scene: scene, action: action, event: try reader.optionalString()))
            case 1:
                let contracts = try decodeTable(&reader)
                record = .verdict(try decodeVerdict(&reader, contracts: contracts))
            default:
                record = .begin(try reader.integer())
            }
            return reader.isAtEnd ? record : nil
        } catch {
            return nil
        }
    }
}
