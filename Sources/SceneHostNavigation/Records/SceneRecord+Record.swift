@_spi(SceneHost) import SceneSDK
import SceneHostRecordCodec

/// A scene's record in the record format (worker frames, stored sessions): name, whether it opens
/// a layer, its input if any, its results, its fields' texts, then (since session body format 4)
/// its kept state if any and its filled secrets' ids.
extension SceneRecord: RecordValue {
    package func encode(into writer: inout RecordWriter) {
        writer.string(name)
        writer.bool(opensLayer)
        writer.bool(input != nil)
        input?.encode(into: &writer)
        writer.list(results)
        writer.count(fields.count)
        for field in fields {
            writer.string(field.id)
            writer.string(field.text)
        }
        writer.bool(state != nil)
        state?.encode(into: &writer)
        writer.count(secrets.count)
        for secret in secrets { writer.string(secret) }
    }

    package init(from reader: inout RecordReader) throws {
        try self.init(from: &reader, keepsState: true)
    }

    /// `keepsState` false: the layout before kept state (session bodies of formats 1 to 3), which
    /// ends after the fields.
    package init(from reader: inout RecordReader, keepsState: Bool) throws {
        let name = try reader.string()
        let opensLayer = try reader.bool()
        let input = try reader.bool() ? try ScenePayload(from: &reader) : nil
        let results = try reader.list(ScenePayload.self)
        let fieldCount = try reader.count()
        var fields: [FieldText] = []
        for _ in 0..<fieldCount {
            let id = try reader.string()
            fields.append(FieldText(id: id, text: try reader.string()))
        }
        guard keepsState else {
            self.init(name: name, opensLayer: opensLayer, input: input, results: results, fields: fields)
            return
        }
        let state = try reader.bool() ? try ScenePayload(from: &reader) : nil
        let secretCount = try reader.count()
        var secrets: [String] = []
        for _ in 0..<secretCount { secrets.append(try reader.string()) }
        self.init(
            name: name, opensLayer: opensLayer, input: input, results: results, fields: fields, state: state,
            secrets: secrets)
    }
}
