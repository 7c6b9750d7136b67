import SceneSDK

/// `scene-host check`: everything `run` would refuse, found without running the app.
@MainActor
public struct AppCheck {
    /// What the check found.
    public struct Report {
        public let config: SceneConfig?
        public let plugins: [LoadedPlugin]
        public let problems: [HostError]
        public let warnings: [HostWarning]
        public let sceneCount: Int
    }

    let loader: PluginLoader

    public init(loader: PluginLoader) {
        self.loader = loader
    }

    /// Reads the config, loads every plugin (going on after a plugin fails), checks scene names
    /// and builds every scene once. A config that cannot be read stops the check at once.
    public func run(configPath: String) -> Report {
        let config: SceneConfig
        do {
            config = try ConfigLoader().load(path: configPath)
        } catch {
            return Report(config: nil, plugins: [], problems: [Self.hostError(error)], warnings: [], sceneCount: 0)
        }
        let container = SceneContainer()
        var plugins: [LoadedPlugin] = []
        var problems: [HostError] = []
        for entry in config.plugins {
            do {
                plugins.append(try loader.load(entry, into: container))
            } catch {
                problems.append(Self.hostError(error))
            }
        }
        let graph = SceneGraph(config: config, container: container)
        problems += GraphChecker.problems(in: graph)
        problems += WiringCheck.problems(container: container)
        return Report(config: config, plugins: plugins, problems: problems, warnings: GraphChecker.warnings(in: graph),
                      sceneCount: container.sceneNames.count)
    }

    private static func hostError(_ error: any Error) -> HostError {
        error as? HostError ?? .sceneFailed(scene: "?", reason: String(describing: error))
    }
}
