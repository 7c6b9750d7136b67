import SceneSDK
import SceneHostRecordCodec
import SceneHostNavigation

/// The frames between the host and a scene worker: a 4-byte little-endian length, then one
/// message in the record format (a string table, then `WorkerRequest` or `WorkerReply`, whose
/// encoders sit beside their decoders in `Workers/Records/`).
///
/// The worker runs plugin code and can write anything to its end, so the host reads its frames
/// as it reads a cache file: every bound checked, a length over `maximumSize`, an unknown tag, a
/// payload nested deeper than `maximumDepth` or bytes left over are `Malformed`, and the host
/// then ends that worker. Nothing a worker writes can make the host trap or allocate without bound.
package enum WorkerFrame {
    /// The version of the frames' format, sent once per worker in its `ready` frame (a worker of
    /// another build is refused there). Version 11: a scene record carries its container's slots (issue 50). Version 10: a session report carries its records' titles,
    /// and a screen may hold an alert (issue 49). Version 9: a scene record carries its kept state and filled secrets (issue 47). Version 8: `start` lists the plugin files handed as descriptors after it (`--watch`, issue 46). Version 7: a failure carries a link's refusal (issue 35). Version 6: `changed`, a session's screen sent unasked. Version 5: `settle` and `settled` (background work), and the form elements' screen tags and commands. Version 4: `start` carries the worker's `ChildSettings` (it
    /// takes no command-line options). Version 3: the host's first frame, `start`, carries the
    /// checked config. Version 2: tags from one enum per kind, `ready` carries it.
    package static let formatVersion: UInt64 = 11
    /// The length before every frame's payload, in bytes.
    package static let headerSize = 4
    /// The largest frame either side reads: a screen with a long list fits many times over.
    package static let maximumSize = 64 << 20
    /// The deepest payload value read (deeper ones are refused, never recursed into).
    package static let maximumDepth = PayloadValue.maximumRecordDepth

    package static func encode(_ request: WorkerRequest) -> [UInt8] {
        framed(request)
    }

    package static func decodeRequest(_ payload: [UInt8]) throws -> WorkerRequest {
        try decode(payload)
    }

    package static func encode(_ reply: WorkerReply) -> [UInt8] {
        framed(reply)
    }

    static func decodeReply(_ payload: [UInt8]) throws -> WorkerReply {
        try decode(payload)
    }

    /// The 4-byte length of a frame whose first bytes are `header`, checked against `maximumSize`
    /// (`TooLarge` past it: a fault with its own words, not garbage).
    package static func length(of header: [UInt8]) throws -> Int {
        guard header.count == headerSize else { throw RecordReader.Malformed() }
        let length = Int(header[0]) | Int(header[1]) << 8 | Int(header[2]) << 16 | Int(header[3]) << 24
        guard length <= maximumSize else { throw TooLarge(bytes: length) }
        guard length > 0 else { throw RecordReader.Malformed() }
        return length
    }

    /// A frame announced longer than `maximumSize`.
    struct TooLarge: Error, Equatable {
        let bytes: Int
    }

    private static func framed(_ message: some RecordValue) -> [UInt8] {
        var writer = RecordWriter()
        message.encode(into: &writer)
        // The length is written into the header in place: the payload is not copied behind it again.
        var frame = writer.finished(header: header(announcing: 0))
        frame.replaceSubrange(0..<headerSize, with: header(announcing: frame.count - headerSize))
        return frame
    }

    /// The header of a frame whose payload is `length` bytes (at most `UInt32.max`: a larger one
    /// is announced as that, over `maximumSize` all the same). A worker whose answer is too large
    /// sends this alone (`SceneWorkerLoop`): the host reads no further than a header over the limit.
    package static func header(announcing length: Int) -> [UInt8] {
        let length = UInt32(clamping: max(0, length))
        return [
            UInt8(truncatingIfNeeded: length), UInt8(truncatingIfNeeded: length >> 8),
            UInt8(truncatingIfNeeded: length >> 16), UInt8(truncatingIfNeeded: length >> 24),
        ]
    }

    /// The one message of a frame's payload: anything left over is `Malformed`.
    private static func decode<Message: RecordValue>(_ payload: [UInt8]) throws -> Message {
        var reader = RecordReader(payload, from: 0)
        try reader.readStringTable()
        let message = try Message(from: &reader)
        guard reader.isAtEnd else { throw RecordReader.Malformed() }
        return message
    }
}
