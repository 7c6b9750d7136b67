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

    /// Reads the config, checks every plugin (going on after a plugin fails), checks scene names
    /// and builds every scene once. A config that cannot be read stops the check at once.
    ///
    /// Scenes were built in the plugins' probes: a plugin whose verdict vouches for what building
    /// them here would find (`vouchedFindings`) is only prepared, as a lazy `run` does, and its
    /// problems come from the verdict; any other plugin is loaded and its scenes built here.
    public func run(configPath: String) -> Report {
        let config: SceneConfig
        do {
            config = try ConfigLoader().load(path: configPath)
        } catch {
            // Problems found together (every unknown key of a table) are each a problem of the report.
            let found = if case .configProblems(let list)? = error as? ConfigError { list.map(HostProblem.init) } else { [HostProblem(error)] }
            return Report(config: nil, plugins: [], problems: found, warnings: [], sceneCount: 0)
        }
        let container = SceneContainer()
        var plugins: [LoadedPlugin] = []
        var problems: [HostProblem] = []
        var findings: [String: WiringFinding] = [:]
        var building: Set<String> = []
        loader.probingAhead(config.plugins) {
            for entry in config.plugins {
                do {
                    if let wiring = try vouchedFindings(entry) {
                        plugins.append(try loader.prepare(entry, into: container))
                        findings.merge(wiring) { first, _ in first }
                    } else {
                        let loaded = try loader.load(entry, into: container)
                        plugins.append(loaded)
                        building.formUnion(loaded.scenes)
                    }
                } catch {
                    problems.append(HostProblem(error))
                }
            }
        }
        let graph = SceneGraph(config: config, container: container)
        problems = Self.collapsingFollowOns(problems, graphProblems: GraphChecker.problems(in: graph), registered: container.sceneNames)
        problems += WiringCheck.problems(container: container, findings: findings, building: building)
        return Report(config: config, plugins: plugins, problems: problems, warnings: GraphChecker.warnings(in: graph),
                      sceneCount: container.sceneNames.count)
    }

    /// What building `entry`'s scenes found in its probe, when building them here would find the
    /// same; nil when they must be built here: the plugin has settings (its probe registered
    /// without them), native functions (it loads at once), registers services (the container's
    /// services are shared: another plugin's scene may resolve them, and the first plugin to
    /// register a type wins), has a finding that depends on other plugins (`needsHost`), or its
    /// verdict predates findings. Plugins loaded here register their services in config order, as
    /// before; a vouched plugin registers none and resolved none in its probe.
    private func vouchedFindings(_ entry: PluginEntry) throws -> [String: WiringFinding]? {
        guard entry.settings.isEmpty, let metadata = try loader.probedMetadata(entry), metadata.nativeFunctions == [],
              metadata.serviceCount == 0, let wiring = metadata.wiring, !wiring.values.contains(.needsHost) else {
            loader.logger.debug("check loads the plugin to build its scenes here", metadata: ["plugin": "\(entry.name)"])
            return nil
        }
        return wiring
    }

    /// `loadProblems` then `graphProblems`, where an unknown scene that only exists because a plugin
    /// failed is put under that plugin's error (the last one, when several failed) instead of
    /// standing alone. A name close to a registered one stays an error of its own: that is a typo.
    static func collapsingFollowOns(_ loadProblems: [HostProblem], graphProblems: [SceneGraphError], registered: [String]) -> [HostProblem] {
        let failed = loadProblems.lastIndex { $0.error is PluginLoadError }
        guard let failed, let failure = loadProblems[failed].error as? PluginLoadError else { return loadProblems + graphProblems.map(HostProblem.init) }
        var followOns: [SceneGraphError] = [], others: [HostProblem] = []
        for problem in graphProblems {
            let scene: String?
            switch problem {
            case .unknownInitialScene(_, let name, _), .unknownSegueScene(_, let name, _, _, _), .unknownRouteScene(_, _, let name, _): scene = name
            default: scene = nil
            }
            if let scene, Suggestion.closest(to: scene, in: registered) == nil { followOns.append(problem) } else { others.append(HostProblem(problem)) }
        }
        var problems = loadProblems
        if !followOns.isEmpty { problems[failed] = .pluginFailedWithFollowOns(failure, unknown: followOns) }
        return problems + others
    }
}
