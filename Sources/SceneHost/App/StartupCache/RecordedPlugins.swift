@_spi(SceneHost) import SceneSDK
import SceneHostRecordCodec
import SceneHostConfig
import SceneHostLoading

/// The plugins of a start-up cache file, as a scene worker reads them: nothing of them at once
/// but where each part is; their config names and summaries when a scene not registered yet is
/// looked for; each plugin's config table and record when the plugin is registered
/// (`StartupCacheFormat.decodeForWorker`). A first screen needs one plugin of a thousand.
///
/// The whole file's seal verified, and the summaries were walked with every check
/// (`RecordReader.validating()`), when the file was read. A plugin's table or record that does not
/// decode later (a file sealed by someone holding the key, or a fault of the host) refuses that plugin with
/// `pluginRecordUnreadable`, as a description that does not decode does.
final class RecordedPlugins {
    /// Where each part of the plugins is in the file.
    struct Layout {
        /// Each plugin's config table (`StartupCacheFormat.decodeEntry`).
        let entries: [Range<Int>]
        /// The index: each plugin's config name, whether its table sets settings, its summary.
        let index: [Range<Int>]
        /// Each plugin's record: file identity, content hash, description.
        let records: [Range<Int>]
        /// The plugin whose summary names the config's initial scene.
        let initialOwner: Int?
        /// The plugins prepared at every start rather than registered from their record (settings
        /// or native functions). A hint: `PluginLoader.registerChecked` decides from the plugin's
        /// own table and summary.
        let preparedAtStart: [Int]

        var count: Int { entries.count }

        /// The whole index, read from `file` (a reader of the whole file, or its `validating()` copy).
        func decodeIndex(_ file: RecordReader) throws -> PluginIndex {
            var names: [String] = [], hasSettings: [Bool] = [], summaries: [PluginSummary] = []
            names.reserveCapacity(count)
            hasSettings.reserveCapacity(count)
            summaries.reserveCapacity(count)
            for position in 0..<count {
                let indexed = try indexed(position, file)
                names.append(indexed.name)
                hasSettings.append(indexed.hasSettings)
                summaries.append(indexed.summary)
            }
            return PluginIndex(names: names, hasSettings: hasSettings, summaries: summaries)
        }

        /// What the index says of plugin `position`.
        func indexed(
            _ position: Int, _ file: RecordReader
        ) throws -> (name: String, hasSettings: Bool, summary: PluginSummary) {
            var reader = file.section(index[position])
            let name = try reader.string()
            let hasSettings = try reader.bool()
            let summary = try PluginSummary(from: &reader)
            guard reader.isAtEnd else { throw RecordReader.Malformed() }
            return (name, hasSettings, summary)
        }

        /// Plugin `position`'s config table, read from `file`; it must say what the index says of
        /// it (its `name` and whether it `hasSettings`).
        func entry(_ position: Int, name: String, hasSettings: Bool, file: RecordReader) throws -> PluginEntry {
            let entry = try StartupCacheFormat.decodeEntry(file.section(entries[position]))
            guard entry.name == name, entry.settings.isEmpty != hasSettings else { throw RecordReader.Malformed() }
            return entry
        }

        /// Plugin `position`'s record, read from `file`; its description is decoded when asked
        /// for, and must then match `summary` (`RecordedMetadata`).
        func checkedPlugin(
            _ position: Int, summary: PluginSummary, file: RecordReader, contracts: [ContractInfo], cachePath: String
        ) throws -> CheckedPlugin {
            var reader = file.section(records[position])
            let identity = try StatIdentity(from: &reader)
            let sha256 = try reader.string()
            let description = RecordedMetadata(
                reader: reader.section(try reader.skipSection()), contracts: contracts, cachePath: cachePath)
            guard reader.isAtEnd else { throw RecordReader.Malformed() }
            return CheckedPlugin(identity: identity, sha256: sha256, summary: summary, recorded: description)
        }
    }

    /// What the index says of every plugin.
    struct PluginIndex {
        let names: [String]
        let hasSettings: [Bool]
        let summaries: [PluginSummary]
    }

    let layout: Layout
    /// A reader of the whole file (its string table).
    let file: RecordReader
    private let contracts: [ContractInfo]
    /// The start-up cache file, named in the error of a part that does not decode.
    let cachePath: String

    init(layout: Layout, reader: RecordReader, contracts: [ContractInfo], cachePath: String) {
        self.layout = layout
        self.file = reader
        self.contracts = contracts
        self.cachePath = cachePath
    }

    /// The whole index (asked for once, by the worker's `DeferredPlugins` table).
    func index() throws -> PluginIndex { try layout.decodeIndex(file) }

    /// Plugin `position`'s config table and record (its part of the index only).
    func plugin(_ position: Int) throws -> (entry: PluginEntry, recorded: CheckedPlugin) {
        let indexed = try layout.indexed(position, file)
        return (
            try layout.entry(position, name: indexed.name, hasSettings: indexed.hasSettings, file: file),
            try layout.checkedPlugin(
                position, summary: indexed.summary, file: file, contracts: contracts, cachePath: cachePath)
        )
    }

    /// Plugin `position`'s config table alone.
    func entry(_ position: Int) throws -> PluginEntry {
        let indexed = try layout.indexed(position, file)
        return try layout.entry(position, name: indexed.name, hasSettings: indexed.hasSettings, file: file)
    }

    /// The config name the index gives plugin `position`.
    func name(_ position: Int) throws -> String { try layout.indexed(position, file).name }
}
