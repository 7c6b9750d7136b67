import SceneHostConfig
import SceneHostConfigFile
import SceneHostContainer
import SceneHostLoading
import Logging
/// A config as a start reads it: from the start-up cache when that answers for these bytes and
/// every plugin file is unchanged (`StartupCache`), else parsed. Commands that start the app
/// (`run`, `serve` and their scene workers) read it first, then register its plugins.
@MainActor
package struct AppStart {
    /// The config the file's bytes give.
    package let config: SceneConfig
    /// The checked start the cache recorded; nil: the config was parsed and must be checked.
    let checked: CheckedStart?
    /// The config's bytes, for recording the start once checked.
    let bytes: [UInt8]
    /// The start-up cache file `checked` came from.
    private var cachePath: String? = nil

    /// Reads and parses the config at `configPath` (no start-up cache: `check` checks every start).
    init(parsing configPath: String) throws {
        try self.init(parsing: configPath, bytes: try ConfigLoader().read(path: configPath))
    }

    /// Parses `bytes`, read from `configPath` (no start-up cache).
    init(parsing configPath: String, bytes: [UInt8]) throws {
        try self.init(parsing: configPath, baseDirectory: ConfigPath.folder(of: configPath), bytes: bytes)
    }

    /// Parses `bytes`, read from `configPath` in `baseDirectory` by the host (a scene worker's start).
    init(parsing configPath: String, baseDirectory: String, bytes: [UInt8]) throws {
        self.bytes = bytes
        config = try ConfigLoader().parse(bytes: bytes, file: configPath, baseDirectory: baseDirectory)
        checked = nil
    }

    private init(config: SceneConfig, checked: CheckedStart?, bytes: [UInt8], cachePath: String? = nil) {
        self.config = config
        self.checked = checked
        self.bytes = bytes
        self.cachePath = cachePath
    }

    /// Reads the config at `configPath` and asks the start-up cache about it (plugin files walked
    /// with `loader`'s file trust); throws the config's problem (only a parsed config can have one).
    package static func read(configPath: String, loader: PluginLoader, startup: StartupCache?) throws -> AppStart {
        let reader = ConfigLoader()
        let bytes = try reader.read(path: configPath)
        let folder = ConfigPath.folder(of: configPath)
        if let startup, loader.inspector != nil,
            let checked = startup.pendingStart(
                configFile: configPath, baseDirectory: folder, bytes: bytes, trust: loader.trust)
        {
            return AppStart(config: checked.config, checked: checked, bytes: bytes, cachePath: startup.path)
        }
        return AppStart(
            config: try reader.parse(bytes: bytes, file: configPath, baseDirectory: folder), checked: nil, bytes: bytes)
    }

    /// Registers every plugin of a start the cache answered for (`PluginLoader.registerChecked`),
    /// or nil when one could not be, or a plugin file no longer has its recorded identity (the
    /// caller then takes the whole path with a new container: this one must not be used).
    ///
    /// Plugins with settings or native functions are prepared now; the others, known from their
    /// record alone, are registered when one of their scenes is first asked for
    /// (`SceneContainer.addDeferred`): a first screen needs one plugin of a thousand.
    func registerChecked(loader: PluginLoader, into container: SceneContainer) -> [LoadedPlugin]? {
        guard let checked, checked.plugins.count == config.plugins.count else { return nil }
        let entries = config.plugins, records = checked.plugins
        var plugins: [LoadedPlugin] = []
        plugins.reserveCapacity(records.count)
        var deferred: [Int] = [], deferredScenes: [[String]] = [], deferredNames: [String] = []
        deferred.reserveCapacity(records.count)
        deferredScenes.reserveCapacity(records.count)
        deferredNames.reserveCapacity(records.count)
        // Indexed, not zipped: a thousand plugins' entries and records are read in place rather
        // than copied (each copy retains a dozen strings), and no closure runs per plugin.
        for index in entries.indices {
            if loader.registersFromRecord(entries[index], recorded: records[index]) {
                deferred.append(index)
                deferredScenes.append(records[index].summary.sceneNames)
                deferredNames.append(entries[index].name)
                plugins.append(LoadedPlugin(entries[index], summarizedBy: records[index].summary))
                continue
            }
            guard let plugin = try? loader.registerChecked(entries[index], recorded: records[index], into: container)
            else {
                loader.logger.debug(
                    "start-up cache not used: a plugin could not be registered from it",
                    metadata: ["plugin": "\(entries[index].name)"])
                return nil
            }
            plugins.append(plugin)
        }
        guard checked.filesUnchanged() else {
            loader.logger.debug("start-up cache not used: a plugin file changed since the start was recorded")
            return nil
        }
        container.addDeferred(sceneNames: deferredScenes, names: deferredNames) { container, position in
            let index = deferred[position]
            _ = try loader.registerChecked(entries[index], recorded: records[index], into: container)
        }
        loader.logger.debug(
            "start-up cache answers: the config and every plugin file are unchanged",
            metadata: ["cache": "\(cachePath ?? "")"])
        return plugins
    }
}
