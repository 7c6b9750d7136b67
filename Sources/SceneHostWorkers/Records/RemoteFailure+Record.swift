import SceneHostRecordCodec
import SceneHostLoading

/// A worker's rendered error in the record format: its text, its exit code, then a flag and a
/// link refusal's sentence, and a flag and a rebuilt page's sentence for its user.
extension RemoteFailure: RecordValue {
    /// Which side of a `Result` follows (a session's screen, a native call's answer).
    package enum Outcome: UInt64, RecordTag {
        case success, failure
    }

    package func encode(into writer: inout RecordWriter) {
        writer.string(text)
        writer.signed(Int64(status))
        writer.bool(linkRefusal != nil)
        if let linkRefusal { writer.string(linkRefusal) }
        writer.bool(rebuilt != nil)
        if let rebuilt { writer.string(rebuilt) }
    }

    package init(from reader: inout RecordReader) throws {
        let text = try reader.string()
        let status = try reader.int32()
        let refusal = try reader.bool() ? try reader.string() : nil
        self.init(
            text: text, status: status, linkRefusal: refusal, rebuilt: try reader.bool() ? try reader.string() : nil)
    }
}
