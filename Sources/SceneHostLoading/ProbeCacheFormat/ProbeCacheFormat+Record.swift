@_spi(SceneHost) import SceneSDK
import SceneHostRecordCodec

/// The records a probe child writes to its parent (`ProbeRecord`), in the cache's compact encoding.
///
/// Each record is a frame: its length (LEB128), then a string table and the record (`ProbeRecord.Tag`:
/// a step as the cache writes it; a verdict: the contracts it names, then the cache's encoding of
/// the verdict; `begin` and the plugin's index). A step is a few bytes, and the parent reads a
/// verdict without a JSON decoder.
/// The plugin runs in the child and can write to the same descriptor, so the parent reads frames
/// as it reads a cache file: every bound checked, and anything else is `garbled`. A frame whose
/// length is over the limit is `tooLarge`, not garbage: the child names what made a verdict of its
/// own that large (`ProbeChild.fitted`), so only plugin code writing to the channel gets there.
extension ProbeCacheFormat {
    /// The largest frame read; a longer one is `tooLarge` (a verdict takes a few kilobytes). With its
    /// length it fits in what the parent reads at a time (`UnnamedFile.contents`, 1 MiB).
    static let maximumFrame = (1 << 20) - 8

    /// What is wrong with the bytes after a stream's last whole frame.
    package enum RecordProblem: Equatable, Sendable {
        /// They are not a frame.
        case garbled
        /// A frame's length says `bytes`, over `maximumFrame`.
        case tooLarge(bytes: Int)
    }

    /// What `decodeRecords` found: the whole frames from the start, how many bytes they took, and
    /// whether what follows is not a frame, or too large a one (as opposed to a frame not yet
    /// written in full).
    struct RecordStream {
        var records: [ProbeRecord] = []
        var consumed = 0
        var problem: RecordProblem?
    }

    /// One record's frame, written with one `write` by the child.
    package static func frame(_ record: ProbeRecord) -> [UInt8] {
        let payload = payloadWriter(record).finished(header: [])
        var length = RecordWriter()
        length.count(payload.count)
        return length.body + payload
    }

    /// The strings of a record's frame (its string table), to name what made it too large.
    package static func strings(of record: ProbeRecord) -> [String] {
        payloadWriter(record).strings
    }

    private static func payloadWriter(_ record: ProbeRecord) -> RecordWriter {
        var writer = RecordWriter()
        switch record {
        case .step(let step):
            writer.tag(ProbeRecord.Tag.step)
            step.encode(into: &writer)
        case .verdict(let verdict):
            writer.tag(ProbeRecord.Tag.verdict)
            var contracts = ContractTable()
            contracts.add(verdict)
            encodeTable(contracts, into: &writer)
            encode(verdict, into: &writer, contracts: contracts)
        case .begin(let index):
            writer.tag(ProbeRecord.Tag.begin)
            writer.count(index)
        }
        return writer
    }

    /// The frames in `bytes` from `start`, up to the first one not written in full or not a frame.
    static func decodeRecords(_ bytes: [UInt8], from start: Int = 0) -> RecordStream {
        var stream = RecordStream()
        var offset = start
        while offset < bytes.count {
            guard let (length, lengthSize) = frameLength(bytes, at: offset) else { return stream }
            guard length <= maximumFrame else {
                stream.problem = .tooLarge(bytes: length)
                return stream
            }
            let begin = offset + lengthSize
            guard bytes.count - begin >= length else { return stream }
            guard let record = decodeRecord(Array(bytes[begin..<(begin + length)])) else {
                stream.problem = .garbled
                return stream
            }
            stream.records.append(record)
            offset = begin + length
            stream.consumed = offset - start
        }
        return stream
    }

    /// The length at `offset` and its size in bytes; nil when not all written yet. A length of
    /// more than 62 bits reads as `Int.max` (over `maximumFrame` all the same).
    private static func frameLength(_ bytes: [UInt8], at offset: Int) -> (Int, Int)? {
        var value = 0
        for position in 0..<9 {
            guard offset + position < bytes.count else { return nil }
            let byte = bytes[offset + position]
            value |= Int(byte & 0x7f) << (7 * position)
            if byte & 0x80 == 0 { return (value, position + 1) }
        }
        return (Int.max, 9)
    }

    private static func decodeRecord(_ payload: [UInt8]) -> ProbeRecord? {
        var reader = RecordReader(payload, from: 0)
        do {
            try reader.readStringTable()
            let record: ProbeRecord
            switch try reader.tag(ProbeRecord.Tag.self) {
            case .step:
                record = .step(try ProbeStep(from: &reader))
            case .verdict:
                let contracts = try decodeTable(&reader)
                record = .verdict(try decodeVerdict(&reader, contracts: contracts))
            case .begin:
                record = .begin(try reader.integer())
            }
            return reader.isAtEnd ? record : nil
        } catch {
            return nil
        }
    }
}

extension ProbeRecord {
    /// A record's tag in its frame.
    package enum Tag: UInt64, RecordTag {
        case step, verdict, begin
    }
}
