@_spi(SceneHost) import SceneSDK
import SceneHostRecordCodec
import SceneHostCore
import SceneHostContainer

/// What a plugin's check rested on, as the start-up cache keeps it (`StartupCache`): its file's
/// `stat` identity when it was checked, the SHA-256 of the content whose probe gave the verdict,
/// and what that probe found.
///
/// Read from the cache, the whole description is decoded the first time it is asked for
/// (`metadata()`); a start needs only the summary of most plugins (a first screen opens one).
package struct CheckedPlugin {
    package let identity: StatIdentity
    package let sha256: String
    /// What a start needs of it before any of its scenes is asked for.
    package let summary: PluginSummary
    private let description: Description

    private enum Description {
        case decoded(PluginMetadata)
        case recorded(RecordedMetadata)
    }

    /// A plugin just checked, described by its probe.
    package init(identity: StatIdentity, sha256: String, metadata: PluginMetadata) {
        self.identity = identity
        self.sha256 = sha256
        summary = PluginSummary(metadata)
        description = .decoded(metadata)
    }

    /// A plugin read from the start-up cache: its summary now, its description when asked for.
    package init(identity: StatIdentity, sha256: String, summary: PluginSummary, recorded: RecordedMetadata) {
        self.identity = identity
        self.sha256 = sha256
        self.summary = summary
        description = .recorded(recorded)
    }

    /// The start-up cache file it was read from; nil for a plugin just checked.
    package var cachePath: String? {
        switch description {
        case .decoded: return nil
        case .recorded(let recorded): return recorded.cachePath
        }
    }

    /// Its whole description, as its probe found it; throws `RecordReader.Malformed` when its
    /// record cannot be read, or does not match its summary.
    package func metadata() throws -> PluginMetadata {
        switch description {
        case .decoded(let metadata): return metadata
        case .recorded(let recorded): return try recorded.metadata(matching: summary)
        }
    }
}

/// What a start needs of a plugin before any of its scenes is asked for: what it is, its scene
/// names (to find the plugin of a scene), and whether it can be registered from its record alone
/// (it declares no settings and no native functions).
package struct PluginSummary: Equatable {
    /// Its name and version, and what it was built with.
    package let plugin: ProbeCacheFormat.Identification
    /// Its scenes' names, sorted (as its description lists them).
    package let sceneNames: [String]
    /// Whether it declares no settings, no native functions and no in-memory state (an older
    /// verdict without native functions recorded counts as declaring some).
    package let isPlain: Bool

    package init(plugin: ProbeCacheFormat.Identification, sceneNames: [String], isPlain: Bool) {
        self.plugin = plugin
        self.sceneNames = sceneNames
        self.isPlain = isPlain
    }

    package init(_ metadata: PluginMetadata) {
        self.init(
            plugin: ProbeCacheFormat.Identification(metadata), sceneNames: metadata.scenes.map(\.name),
            isPlain: metadata.settings.isEmpty && metadata.nativeFunctions == [] && metadata.inMemoryState == nil
                && metadata.permissions.isEmpty)
    }
}

/// A plugin's description in the start-up cache file, decoded the first time it is asked for.
/// The whole file's checksum held when it was read; the description must still decode to the end
/// of its record and match the plugin's summary, or it is not believed.
package final class RecordedMetadata {
    /// The start-up cache file it was read from.
    package let cachePath: String
    private let reader: RecordReader
    private let contracts: [ContractInfo]
    private var decoded: PluginMetadata?

    package init(reader: RecordReader, contracts: [ContractInfo], cachePath: String) {
        self.reader = reader
        self.contracts = contracts
        self.cachePath = cachePath
    }

    package func metadata(matching summary: PluginSummary) throws -> PluginMetadata {
        if let decoded { return decoded }
        var reader = reader
        let metadata = try ProbeCacheFormat.decodeMetadata(&reader, contracts: contracts)
        guard reader.isAtEnd, PluginSummary(metadata) == summary else { throw RecordReader.Malformed() }
        decoded = metadata
        return metadata
    }
}

/// A plugin registered by `PluginLoader.prepareRecording`, with what the start-up cache keeps of it
/// (nil when it was loaded without an inspector).
package struct PreparedPlugin {
    package let plugin: LoadedPlugin
    package let metadata: PluginMetadata?
    package let recorded: CheckedPlugin?
}
