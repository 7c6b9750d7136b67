import SceneSDK
import SceneHostConfig
import SceneHostConfigFile
import SceneHostContainer
import SceneHostGraph
import SceneHostLoading

/// A config with its plugins loaded and registered: what `run`, `list` and `graph` start from.
@MainActor
package struct LoadedApp {
    package let config: SceneConfig
    package let container: SceneContainer
    package let plugins: [LoadedPlugin]

    /// Reads the config and registers every plugin; throws the first problem.
    ///
    /// `lazy`: plugins known from their probe are registered by description and opened only when
    /// one of their scenes is first built; otherwise every plugin is loaded now.
    ///
    /// `checksSettings` false (`list`, `graph`: they run no plugin code): settings that do not fit
    /// the declarations are shown as written, so the user sees what each plugin takes.
    package static func load(
        configPath: String, loader: PluginLoader, lazy: Bool = false, checksSettings: Bool = true
    ) throws -> LoadedApp {
        try load(
            config: try ConfigLoader().load(path: configPath), loader: loader, lazy: lazy,
            checksSettings: checksSettings)
    }

    /// Registers every plugin of a start (lazily, as `load(config:loader:lazy:)` with `lazy`):
    /// as the start-up cache recorded them when it answered, else each prepared from its probe.
    package static func load(_ start: AppStart, loader: PluginLoader) throws -> LoadedApp {
        // No room made for every scene: most plugins wait until one of their scenes is asked for.
        let container = SceneContainer(clock: start.config.host.sceneClock)
        if let plugins = start.registerChecked(loader: loader, into: container) {
            return LoadedApp(config: start.config, container: container, plugins: plugins)
        }
        return try load(config: start.config, loader: loader, lazy: true)
    }

    /// Registers every plugin of a config already read; throws the first problem.
    package static func load(
        config: SceneConfig, loader: PluginLoader, lazy: Bool = false, checksSettings: Bool = true
    ) throws -> LoadedApp {
        let container = SceneContainer(clock: config.host.sceneClock)
        container.reserveCapacity(plugins: config.plugins.count)
        let plugins = try loader.probingAhead(config.plugins) {
            try config.plugins.map { entry in
                guard lazy else { return try loader.load(entry, into: container) }
                return try loader.prepareReportingMetadata(entry, into: container, checksSettings: checksSettings)
                    .plugin
            }
        }
        return LoadedApp(config: config, container: container, plugins: plugins)
    }

    /// The navigation graph of the loaded scenes.
    package var graph: SceneGraph { SceneGraph(config: config, container: container) }
}
