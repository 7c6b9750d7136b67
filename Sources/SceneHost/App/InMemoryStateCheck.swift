import SceneHostConfig
import SceneHostCore
import SceneHostLoading
import SceneSDK
/// The plugins of an app that keep state in their scene worker's memory (`ScenePlugin.inMemoryState`)
/// while the config does not move it to a shared store: `check` reports them, and `serve` warns at
/// start when it runs more than one worker.
///
/// The host can tell only what plugins declare: a Worker that keeps users' data in memory without
/// saying so is not found.
enum InMemoryStateCheck {
    /// One warning per such plugin, in config order; none when `workers` is 1 or less (nil: `serve`'s
    /// default, one worker per core, which is several on most machines).
    static func warnings(config: SceneConfig, plugins: [LoadedPlugin], workers: Int?) -> [HostWarning] {
        if let workers, workers <= 1 { return [] }
        let byName = Dictionary(plugins.map { ($0.configName, $0) }, uniquingKeysWith: { first, _ in first })
        return config.plugins.compactMap { entry in
            guard let plugin = byName[entry.name], let state = plugin.inMemoryState else { return nil }
            if let setting = state.unlessSet, isSet(setting, of: plugin) { return nil }
            let reference = PluginReference(name: entry.name, path: entry.resolvedPath, location: entry.location)
            return .stateInWorkerMemory(plugin: reference, what: state.what, setting: state.unlessSet, workers: workers)
        }
    }

    /// Whether `plugin` gets a value for `setting`: from the config, or its declared default.
    private static func isSet(_ setting: String, of plugin: LoadedPlugin) -> Bool {
        plugin.settings.contains { $0.key == setting }
            || plugin.settingDeclarations.contains { $0.name == setting && $0.defaultValue != nil }
    }
}

extension SceneApp {
    /// What `serve` warns about at start when it runs this app on `workers` scene workers
    /// (`InMemoryStateCheck`): none for one.
    package func inMemoryStateWarnings(workers: Int) -> [HostWarning] {
        InMemoryStateCheck.warnings(config: loaded.config, plugins: loaded.plugins, workers: workers)
    }
}
