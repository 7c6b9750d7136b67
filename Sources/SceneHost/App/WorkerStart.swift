import SceneHostProcesses
import SceneSDK
import SceneHostConfig
import SceneHostContainer
import SceneHostCore
import SceneHostLoading
import SceneHostNavigation
import SceneHostWorkers
import Logging

/// A scene worker's start: the config (through the start-up cache when it answers), then its
/// plugins registered into a container of its own.
///
/// Its host has just read the same config, walked every plugin file and checked the start. When
/// the start-up cache answers, the worker reads it in part (`StartupCacheFormat.decodeForWorker`):
/// the initial scene and `[host]` now; the segues when a session first looks one up; the other
/// plugins' names when a scene not yet registered is looked for; a plugin's config table and record
/// when it is registered. The plugin declaring the initial scene and every plugin with settings or
/// native functions are registered at once, as `AppStart` does for the latter. Each plugin is still compared with its recorded file identity and content when
/// it is opened (`PluginLoader.registerChecked`). When the cache does not answer, or a plugin
/// registered at once cannot be, the worker starts as `run` does: the config parsed, every plugin
/// prepared from its probe.
@MainActor
package struct WorkerStart {
    private enum Source {
        case recorded(StartupCacheFormat.WorkerRecord)
        case parsed(AppStart)
    }

    private let source: Source
    private let configPath: String
    private let baseDirectory: String
    private let bytes: [UInt8]
    /// The config's `[host]` table: the worker's limits, applied before any plugin is opened.
    package let host: HostSettings

    /// The host's first frame on `channel`: the config it checked (`WorkerRequest.start`). Waits
    /// for it (the host sends it once its own check is done); anything else ends the worker.
    nonisolated package static func receiveMessage(channel: Int32) throws(WorkerError) -> WorkerStartMessage {
        let payload: [UInt8]
        do {
            payload = try WorkerChannel(descriptor: channel).receive(deadline: nil)
        } catch {
            throw .workerUnavailable(reason: "its host sent no start message (\(error)); it is started by scene-host")
        }
        guard case .start(let message)? = try? WorkerFrame.decodeRequest(payload) else {
            throw .workerUnavailable(
                reason: "its host's first frame is not a start message; it is started by scene-host")
        }
        return message
    }

    /// The checked plugin files the host hands after `message` (`WorkerStartMessage.handedFiles`,
    /// `--watch`), by path, for the loader to open in place of their paths; empty when none.
    nonisolated package static func receiveHandedFiles(
        _ message: WorkerStartMessage, channel: Int32
    ) throws(WorkerError) -> [String: HandedPluginFile] {
        guard !message.handedFiles.isEmpty else { return [:] }
        let descriptors: [Int32]
        do {
            descriptors = try WorkerChannel(descriptor: channel).receiveDescriptors(
                count: message.handedFiles.count, deadline: nil)
        } catch {
            throw .workerUnavailable(
                reason:
                    "its host did not hand the \(message.handedFiles.count) checked plugin files its start message announced (\(error)); it is started by scene-host"
            )
        }
        var files: [String: HandedPluginFile] = [:]
        for (file, descriptor) in zip(message.handedFiles, descriptors) {
            files[file.path] = HandedPluginFile(descriptor: descriptor, realPath: file.realPath)
        }
        return files
    }

    /// The config the host checked (`message`: its bytes, never the file read again), with
    /// `startup` asked about those bytes; opens no plugin.
    package static func read(
        _ message: WorkerStartMessage, loader: PluginLoader, startup: StartupCache?
    ) throws -> WorkerStart {
        let configPath = message.configFile, bytes = message.configBytes
        // What the host's check rested on, handed over: no cache file is read for it.
        if !message.checkedStart.isEmpty, loader.inspector != nil,
            let record = startup?.handed(
                message.checkedStart, configFile: configPath, baseDirectory: message.baseDirectory, bytes: bytes)
        {
            return WorkerStart(
                source: .recorded(record), configPath: configPath, baseDirectory: message.baseDirectory, bytes: bytes,
                host: record.host)
        }
        if !message.checkedStart.isEmpty {
            loader.logger.debug(
                "the checked start the host handed is not one of this config and host: the config bytes are parsed")
        }
        if message.checkedStart.isEmpty, let startup, loader.inspector != nil,
            let record = startup.recordedForWorker(
                configFile: configPath, baseDirectory: message.baseDirectory, bytes: bytes)
        {
            return WorkerStart(
                source: .recorded(record), configPath: configPath, baseDirectory: message.baseDirectory, bytes: bytes,
                host: record.host)
        }
        // The cache did not answer these bytes: reading it again would not either.
        let start = try AppStart(parsing: configPath, baseDirectory: message.baseDirectory, bytes: bytes)
        return WorkerStart(
            source: .parsed(start), configPath: configPath, baseDirectory: message.baseDirectory, bytes: bytes,
            host: start.config.host)
    }

    /// Registers the plugins into a new container.
    package func load(loader: PluginLoader) throws -> WorkerApp {
        switch source {
        case .parsed(let start):
            return WorkerApp(try LoadedApp.load(start, loader: loader))
        case .recorded(let record):
            let container = SceneContainer(clock: record.host.sceneClock)
            if register(record, loader: loader, into: container) {
                loader.logger.debug(
                    "start-up cache answers: the config is unchanged (read in part: each plugin when it is needed)",
                    metadata: ["cache": "\(record.plugins.cachePath)"])
                return WorkerApp(container: container, initial: record.initial.value, segues: SegueTable(record.segues))
            }
            loader.logger.debug("start-up cache not used: a plugin could not be registered from it")
            return WorkerApp(
                try LoadedApp.load(
                    config: try AppStart(parsing: configPath, baseDirectory: baseDirectory, bytes: bytes).config,
                    loader: loader, lazy: true))
        }
    }

    /// The files this start's plugins may open once the worker is sandboxed (`SandboxFiles`):
    /// every plugin's folder, and the file of each path setting its probe declared. Asked for at
    /// the first open, when every probe has run.
    package func sandboxRules(loader: PluginLoader, environment: [String: String]) -> [Landlock.Rule] {
        switch source {
        case .parsed(let start):
            return SandboxFiles.rules(
                plugins: start.config.plugins,
                declarations: { entry in
                    ((try? loader.probedMetadata(entry)) ?? nil)?.settings ?? []
                }, grants: host.grants, environment: environment)
        case .recorded(let record):
            let plugins = record.plugins
            let entries = (0..<plugins.layout.count).compactMap { try? plugins.entry($0) }
            // Only the plugins registered at start declare settings (`PluginSummary.isPlain`).
            var declared: [String: [SettingDeclaration]] = [:]
            for position in plugins.layout.preparedAtStart {
                if let plugin = try? plugins.plugin(position), let metadata = try? plugin.recorded.metadata() {
                    declared[plugin.entry.name] = metadata.settings
                }
            }
            return SandboxFiles.rules(
                plugins: entries, declarations: { declared[$0.name] ?? [] }, grants: host.grants,
                environment: environment)
        }
    }

    /// Registers the initial scene's plugin and those with settings or native functions now, the
    /// others when one of their scenes is first asked for; false (the container must not be used)
    /// when one registered now could not be.
    private func register(
        _ record: StartupCacheFormat.WorkerRecord, loader: PluginLoader, into container: SceneContainer
    ) -> Bool {
        let plugins = record.plugins, layout = plugins.layout
        var now = Array(repeating: false, count: layout.count)
        for index in layout.preparedAtStart { now[index] = true }
        if let owner = layout.initialOwner { now[owner] = true }
        var deferred: [Int] = []
        deferred.reserveCapacity(layout.count)
        for index in 0..<layout.count {
            guard now[index] else {
                deferred.append(index)
                continue
            }
            guard let plugin = try? plugins.plugin(index),
                (try? loader.registerChecked(plugin.entry, recorded: plugin.recorded, into: container)) != nil
            else {
                return false
            }
        }
        let configPath = configPath, logger = loader.logger, cachePath = plugins.cachePath
        container.addDeferred(
            count: deferred.count,
            table: {
                // Walked with every check when the file was read: this decodes.
                guard let index = try? plugins.index() else {
                    logger.error(
                        "the plugins' index in the start-up cache cannot be read; start the host again with --rescan",
                        metadata: ["cache": "\(cachePath)"])
                    return DeferredPlugins.Table(sceneNames: [], names: [])
                }
                return DeferredPlugins.Table(
                    sceneNames: deferred.map { index.summaries[$0].sceneNames }, names: deferred.map { index.names[$0] }
                )
            }
        ) { container, position in
            let index = deferred[position]
            let plugin: (entry: PluginEntry, recorded: CheckedPlugin)
            do {
                plugin = try plugins.plugin(index)
            } catch {
                let name = (try? plugins.name(index)) ?? "#\(index + 1)"
                let reference = PluginReference(
                    name: name, path: plugins.cachePath, location: SourceLocation(file: configPath, line: 1, column: 1))
                throw PluginLoadError.pluginRecordUnreadable(reference, cache: plugins.cachePath)
            }
            _ = try loader.registerChecked(plugin.entry, recorded: plugin.recorded, into: container)
        }
        return true
    }
}

extension WorkerApp {
    init(_ app: LoadedApp) {
        self.init(container: app.container, initial: app.config.initial.value, segues: SegueTable(app.config.segues))
    }
}
