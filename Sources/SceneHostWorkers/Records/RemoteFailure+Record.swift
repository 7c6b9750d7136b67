import SceneHostCacheCodec
import SceneHostLoading

/// A worker's rendered error in the record format: its text, then its exit code.
extension RemoteFailure: RecordValue {
    /// Which side of a `Result` follows (a session's screen, a native call's answer).
    package enum Outcome: UInt64, RecordTag {
        case success, failure
    }

    package func encode(into writer: inout CacheWriter) {
        writer.string(text)
        writer.signed(Int64(status))
    }

    package init(from reader: inout CacheReader) throws {
        let text = try reader.string()
        self.init(text: text, status: try reader.int32())
    }
}
