@_spi(SceneHost) import SceneSDK
import SceneHostCacheCodec
import SceneHostCore
import SceneHostNative
import SceneHostContainer
import SceneHostConfig

/// A scene's record in the record format (worker frames, stored sessions): name, whether it opens
/// a layer, its input if any, its results, its fields' texts.
extension SceneRecord: RecordValue {
    package func encode(into writer: inout CacheWriter) {
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
    }

    package init(from reader: inout CacheReader) throws {
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
        self.init(name: name, opensLayer: opensLayer, input: input, results: results, fields: fields)
    }
}
