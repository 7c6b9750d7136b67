import Logging
import SceneSDK

/// A loaded app: its config, its plugins registered into one container, and a navigator.
@MainActor
public final class SceneApp {
    public let config: SceneConfig
    public let container: SceneContainer
    public let plugins: [LoadedPlugin]
    public let navigator: Navigator

    init(config: SceneConfig, container: SceneContainer, plugins: [LoadedPlugin]) {
        self.config = config
        self.container = container
        self.plugins = plugins
        self.navigator = Navigator(container: container, segues: config.segues)
    }

    /// Reads the config, loads every plugin and checks the scene graph; throws the first problem.
    public static func load(configPath: String, loader: PluginLoader) throws -> SceneApp {
        let config = try ConfigLoader().load(path: configPath)
        let container = SceneContainer()
        let plugins = try config.plugins.map { try loader.load($0, into: container) }
        if let problem = GraphValidator.problems(in: config, container: container).first { throw problem }
        return SceneApp(config: config, container: container, plugins: plugins)
    }

    /// Shows the config's initial scene.
    public func start() throws {
        try navigator.start(at: config.initial.value)
    }
}
