import SceneSDK

/// `scene-host check`: everything `run` would refuse, found without running the app.
@MainActor
public struct AppCheck {
    /// What the check found.
    public struct Report {
        public let config: SceneConfig?
        public let plugins: [LoadedPlugin]
        public let problems: [HostProblem]
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
            return Report(config: nil, plugins: [], problems: [HostProblem(error)], warnings: [], sceneCount: 0)
        }
        let container = SceneContainer()
        var plugins: [LoadedPlugin] = []
        var problems: [HostProblem] = []
        loader.probingAhead(config.plugins) {
            for entry in config.plugins {
                do {
                    plugins.append(try loader.load(entry, into: container))
                } catch {
                    problems.append(HostProblem(error))
                }
            }
        }
        let graph = SceneGraph(config: config, container: container)
        problems = Self.collapsingFollowOns(problems, graphProblems: GraphChecker.problems(in: graph), registered: container.sceneNames)
        problems += WiringCheck.problems(container: container)
        return Report(config: config, plugins: plugins, problems: problems, warnings: GraphChecker.warnings(in: graph),
                      sceneCount: container.sceneNames.count)
    }

    /// `loadProblems` then `graphProblems`, where an unknown scene that only exists because a plugin
    /// failed is put under that plugin's error (the last one, when several failed) instead of
    /// standing alone. A name close to a registered one stays an error of its own: that is a typo.
    static func collapsingFollowOns(_ loadProblems: [HostProblem], graphProblems: [SceneGraphError], registered: [String]) -> [HostProblem] {
        let failed = loadProblems.lastIndex { if case .plugin = $0 { return true } else { return false } }
        guard let failed, case .plugin(let failure) = loadProblems[failed] else { return loadProblems + graphProblems.map(HostProblem.graph) }
        var followOns: [SceneGraphError] = [], others: [HostProblem] = []
        for problem in graphProblems {
            let scene: String?
            switch problem {
            case .unknownInitialScene(_, let name, _), .unknownSegueScene(_, let name, _, _, _), .unknownRouteScene(_, _, let name, _): scene = name
            default: scene = nil
            }
            if let scene, Suggestion.closest(to: scene, in: registered) == nil { followOns.append(problem) } else { others.append(.graph(problem)) }
        }
        var problems = loadProblems
        if !followOns.isEmpty { problems[failed] = .pluginFailedWithFollowOns(failure, unknown: followOns) }
        return problems + others
    }
}
