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
    /// Scenes are built in the plugins' probes (`WiringFinding`s in the verdicts), so a check opens
    /// no plugin the probes vouch for, like a lazy `run`. When a verdict cannot tell what building
    /// in the host would report (see `fromVerdicts`), every plugin is loaded and built here instead.
    public func run(configPath: String) -> Report {
        let config: SceneConfig
        do {
            config = try ConfigLoader().load(path: configPath)
        } catch {
            return Report(config: nil, plugins: [], problems: [HostProblem(error)], warnings: [], sceneCount: 0)
        }
        return loader.probingAhead(config.plugins) {
            if let report = fromVerdicts(config) { return report }
            loader.logger.debug("check loads every plugin: a probe verdict cannot tell what building its scenes here reports")
            return loadingEvery(config)
        }
    }

    /// The check from the probe verdicts: plugins are prepared as `run` does, and each scene's
    /// wiring problems come from its probe. Plugins with settings (the probe registers without
    /// them) and plugins loaded at once (native functions) are loaded and their scenes built here.
    ///
    /// Nil when a verdict cannot tell: it predates wiring findings, a finding depends on other
    /// plugins (`needsHost`), or the plugin registers services, which other plugins' scenes might
    /// resolve (in its probe, each plugin saw only its own).
    private func fromVerdicts(_ config: SceneConfig) -> Report? {
        let container = SceneContainer()
        var plugins: [LoadedPlugin] = []
        var problems: [HostProblem] = []
        var findings: [String: WiringFinding] = [:]
        var building: Set<String> = []
        for entry in config.plugins {
            do {
                guard entry.settings.isEmpty else {
                    let loaded = try loader.load(entry, into: container)
                    plugins.append(loaded)
                    building.formUnion(loaded.scenes)
                    continue
                }
                let (loaded, pending) = try loader.prepareReading(entry, into: container)
                plugins.append(loaded)
                guard let pending else {
                    building.formUnion(loaded.scenes)
                    continue
                }
                guard let wiring = pending.wiring, pending.serviceCount == 0, !wiring.values.contains(.needsHost) else { return nil }
                findings.merge(wiring) { first, _ in first }
            } catch {
                problems.append(HostProblem(error))
            }
        }
        let graph = SceneGraph(config: config, container: container)
        problems = Self.collapsingFollowOns(problems, graphProblems: GraphChecker.problems(in: graph), registered: container.sceneNames)
        problems += WiringCheck.problems(container: container, findings: findings, building: building)
        return Report(config: config, plugins: plugins, problems: problems, warnings: GraphChecker.warnings(in: graph),
                      sceneCount: container.sceneNames.count)
    }

    /// The check with every plugin loaded into this process and every scene built here.
    private func loadingEvery(_ config: SceneConfig) -> Report {
        let container = SceneContainer()
        var plugins: [LoadedPlugin] = []
        var problems: [HostProblem] = []
        for entry in config.plugins {
            do {
                plugins.append(try loader.load(entry, into: container))
            } catch {
                problems.append(HostProblem(error))
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
