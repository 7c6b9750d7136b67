import SceneHostRecordCodec
import SceneHostLoading

/// A plugin's summary in the start-up cache's index: what it is, its scenes' names, whether it is plain.
extension PluginSummary: RecordValue {
    package func encode(into writer: inout RecordWriter) {
        plugin.encode(into: &writer)
        writer.stringList(sceneNames)
        writer.bool(isPlain)
    }

    package init(from reader: inout RecordReader) throws {
        let plugin = try ProbeCacheFormat.Identification(from: &reader)
        let sceneNames = try reader.stringList()
        self.init(plugin: plugin, sceneNames: sceneNames, isPlain: try reader.bool())
    }
}
