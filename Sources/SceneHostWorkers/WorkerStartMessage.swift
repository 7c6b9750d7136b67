import SceneHostConfig
import SceneHostConfigFile
/// What the host hands a scene worker before the worker loads anything (`WorkerRequest.start`):
/// the config the host read and checked, as its very bytes, with the name and folder the host read
/// it under, and the checked start its check rested on (each plugin's resolved path, file identity,
/// the SHA-256 its probe's verdict is about, and that verdict), when the host has one.
///
/// The worker never opens the config file: a file replaced or removed after the host read it
/// changes nothing in the worker, which parses these bytes (or finds the start-up cache's record
/// keyed by them) and so runs exactly the plugins, settings and segues the host checked.
package struct WorkerStartMessage: Equatable, Sendable {
    /// The config file as the user named it (for messages and the start-up cache's key).
    package let configFile: String
    /// The folder the config's relative paths start at, as the host resolved it.
    package let baseDirectory: String
    /// The config's bytes, as the host read and checked them.
    package let configBytes: [UInt8]
    /// The checked start in the start-up cache's format (`StartupCacheFormat`, keyed by these
    /// config bytes): what the worker registers its plugins from, without reading a cache file.
    /// Empty when the host has none (no start-up cache): the worker then parses `configBytes`.
    package let checkedStart: [UInt8]
    /// The options the worker runs with (`ChildSettings`): set by the supervisor for each worker it
    /// starts (the refusals change); a start without them is refused by the worker.
    package var settings: ChildSettings?
    /// The plugin files whose checked descriptors follow this frame on the channel, in this order
    /// (`WorkerChannel.sendDescriptors`; `--watch`: `CheckedPluginFiles`): the worker loads those
    /// and never opens their paths. Set by the supervisor for each worker it starts.
    package var handedFiles: [HandedFile] = []

    /// A plugin file handed as a descriptor: its path as the config resolves it (the key the worker's
    /// loader looks it up by) and its real path when checked (the folder of its `$ORIGIN`).
    package struct HandedFile: Equatable, Sendable {
        package let path: String
        package let realPath: String

        package init(path: String, realPath: String) {
            self.path = path
            self.realPath = realPath
        }
    }

    package init(
        configFile: String, baseDirectory: String, configBytes: [UInt8], checkedStart: [UInt8] = [],
        settings: ChildSettings? = nil,
        handedFiles: [HandedFile] = []
    ) {
        self.settings = settings
        self.handedFiles = handedFiles
        self.configFile = configFile
        self.baseDirectory = baseDirectory
        self.configBytes = configBytes
        // Both must fit one frame (64 MiB): a start too large to hand is left to the config bytes.
        self.checkedStart = configBytes.count + checkedStart.count < WorkerFrame.maximumSize / 2 ? checkedStart : []
    }

    /// The config at `path` as it is now, for a host that starts workers without a checked start
    /// of its own (tests, the benchmark): read here, once, never by the worker.
    package static func reading(configPath path: String) throws -> WorkerStartMessage {
        WorkerStartMessage(
            configFile: path, baseDirectory: ConfigPath.folder(of: path),
            configBytes: try ConfigLoader().read(path: path))
    }
}
