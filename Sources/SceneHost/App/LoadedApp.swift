import SceneSDK

/// A config with its plugins loaded and registered: what `run`, `list` and `graph` start from.
@MainActor
public struct LoadedApp {
    public let config: SceneConfig
    public let container: SceneContainer
    public let plugins: [LoadedPlugin]

    /// Reads the config and loads every plugin; throws the first problem.
    public static func load(configPath: String, loader: PluginLoader) throws -> LoadedApp {
        let config = try ConfigLoader().load(path: configPath)
        let container = SceneContainer()
        let plugins = try config.plugins.map { try loader.load($0, into: container) }
        return LoadedApp(config: config, container: container, plugins: plugins)
    }

    /// The navigation graph of the loaded scenes.
    public var graph: SceneGraph { SceneGraph(config: config, container: container) }
}
