@_spi(SceneHost) import SceneSDK
import SceneHostConfig
import SceneHostContainer
import SceneHostCore
import SceneHostGraph
import SceneHostLoading
import SceneHostNavigation
import Logging

/// `scene-host check`: everything `run` would refuse, found without running the app.
@MainActor
package struct AppCheck {
    /// What the check found.
    package struct Report {
        package let config: SceneConfig?
        package let plugins: [LoadedPlugin]
        package let problems: [HostProblem]
        /// What `check` warns about (empty when not `buildsHere`: `run` and `serve` print none).
        package let warnings: [HostWarning]
        package let sceneCount: Int
        /// The plugins whose scenes must be built with the app's settings and services to be
        /// checked, and were not (`buildsHere` false): `run` and `serve` hand them to a check child.
        package let unbuilt: [String]
        /// The container the plugins were registered into (prepared, when not built here).
        package let container: SceneContainer
        /// The navigation graph the check read, when the config could be read (nil too for a
        /// start the start-up cache answered for: the graph was checked when it was recorded).
        package let graph: SceneGraph?
        /// The app's deep links when a start the start-up cache answered for has none (no graph).
        let knownLinks: LinkTable?
        /// The config's bytes as this check read them (empty when they could not be read): what
        /// the scene workers are handed (`WorkerStartMessage`), never the file read again.
        package var configBytes: [UInt8] = []
        /// The checked start as the start-up cache holds it (the file's bytes, read or just
        /// recorded), handed to the scene workers with the config; empty without one.
        package var checkedStart: [UInt8] = []
        /// What each plugin's check rested on (file identity, content hash), by resolved path: what
        /// `--watch` compares the file it hands its workers with (`CheckedPluginFiles`).
        var checkedPlugins: [String: CheckedPlugin] = [:]
        /// The app's deep links, when the config could be read.
        @MainActor package var links: LinkTable? {
            if let knownLinks { return knownLinks }
            return graph?.links
        }
    }

    let loader: PluginLoader
    /// Where `run` and `serve` find and record a checked start (`StartupCache`); nil: none.
    let startup: StartupCache?

    package init(loader: PluginLoader, startup: StartupCache? = nil) {
        self.loader = loader
        self.startup = startup
    }

    /// Reads the config, checks every plugin (going on after a plugin fails), checks scene names
    /// and builds every scene once. A config that cannot be read stops the check at once.
    ///
    /// Scenes were built in the plugins' probes: a plugin whose verdict vouches for what building
    /// them here would find (`vouchedFindings`) is only prepared, as a lazy `run` does, and its
    /// problems come from the verdict; any other plugin is loaded and its scenes built here.
    ///
    /// `buildsHere` false (`run` and `serve`, whose process opens no plugin): every plugin is only
    /// prepared, and those whose scenes must be built to be checked are listed in `unbuilt`
    /// instead; the same code otherwise, so `run`, `serve` and `check` refuse the same things.
    ///
    /// Not `buildsHere`: a start the start-up cache answers for (`AppStart`) registers every
    /// plugin as it recorded them and checks nothing again; a start checked without problems is
    /// recorded there.
    ///
    /// `bytes`: the config as a parent process read it (a check child, `CheckChildStart`): checked
    /// as they are, the file not read again.
    package func run(configPath: String, bytes: [UInt8]? = nil, buildsHere: Bool = true) -> Report {
        let start: AppStart
        do {
            if let bytes {
                start = try AppStart(parsing: configPath, bytes: bytes)
            } else {
                start =
                    buildsHere
                    ? try AppStart(parsing: configPath)
                    : try AppStart.read(configPath: configPath, loader: loader, startup: startup)
            }
        } catch {
            // Problems found together (every unknown key of a table) are each a problem of the report.
            let found =
                if case .configProblems(let list)? = error as? ConfigError { list.map(HostProblem.init) } else {
                    [HostProblem(error)]
                }
            return Report(
                config: nil, plugins: [], problems: found, warnings: [], sceneCount: 0, unbuilt: [],
                container: SceneContainer(),
                graph: nil, knownLinks: nil)
        }
        if let report = recordedReport(start) { return report }
        let config = start.config
        // The container `run --in-process` goes on with: its scenes read the config's clock.
        let container = SceneContainer(clock: config.host.sceneClock)
        container.reserveCapacity(plugins: config.plugins.count)
        var plugins: [LoadedPlugin] = []
        var problems: [HostProblem] = []
        var findings: [String: WiringFinding] = [:]
        var building: Set<String> = []
        var unbuilt: [String] = []
        var undeclaredRoutes: [String: [String]] = [:]
        var probedButtons: [String: [String]] = [:]
        var recorded: [CheckedPlugin] = []
        loader.probingAhead(config.plugins) {
            for entry in config.plugins {
                do {
                    if buildsHere {
                        let metadata = try loader.probedMetadata(entry)
                        undeclaredRoutes.merge(metadata?.undeclaredRoutes ?? [:]) { first, _ in first }
                        probedButtons.merge(metadata?.probedButtons ?? [:]) { first, _ in first }
                        if let wiring = Self.vouchedFindings(entry, metadata: metadata, logger: loader) {
                            plugins.append(try loader.prepare(entry, into: container))
                            findings.merge(wiring) { first, _ in first }
                        } else {
                            let loaded = try loader.load(entry, into: container)
                            plugins.append(loaded)
                            building.formUnion(loaded.scenes)
                        }
                    } else {
                        let prepared = try loader.prepareRecording(entry, into: container)
                        let (loaded, metadata) = (prepared.plugin, prepared.metadata)
                        plugins.append(loaded)
                        if let checked = prepared.recorded { recorded.append(checked) }
                        undeclaredRoutes.merge(metadata?.undeclaredRoutes ?? [:]) { first, _ in first }
                        probedButtons.merge(metadata?.probedButtons ?? [:]) { first, _ in first }
                        if let wiring = Self.vouchedFindings(entry, metadata: metadata, logger: loader) {
                            findings.merge(wiring) { first, _ in first }
                        } else {
                            unbuilt.append(entry.name)
                        }
                    }
                } catch let error as PluginLoadError where error.isSettingsRefusal {
                    // Each refused setting is a problem of its own; the plugin's scenes are still
                    // registered by description, so the graph does not report them as unknown.
                    problems += error.eachSettingProblem.map(HostProblem.init)
                    if let (loaded, _) = try? loader.prepareReportingMetadata(
                        entry, into: container, checksSettings: false)
                    {
                        plugins.append(loaded)
                    }
                } catch {
                    problems.append(HostProblem(error))
                }
            }
        }
        let graph = SceneGraph(config: config, container: container)
        problems = Self.collapsingFollowOns(
            problems, graphProblems: GraphChecker.problems(in: graph), registered: container.sceneNames)
        problems += Self.undeclaredRouteProblems(undeclaredRoutes, container: container)
        problems += Self.segueButtonProblems(config.segues, buttons: probedButtons, container: container, graph: graph)
        // Not built here: the scenes of `unbuilt` plugins are checked by the caller's check child.
        let unbuiltScenes = Set(plugins.filter { unbuilt.contains($0.configName) }.flatMap(\.scenes))
        problems += WiringCheck.problems(
            container: container, findings: findings, building: building, skipping: unbuiltScenes)
        var recordedStart: [UInt8]?
        if !buildsHere, problems.isEmpty, recorded.count == config.plugins.count, let startup {
            let hasLinks = recorded.contains { (try? $0.metadata())?.scenes.contains { $0.link != nil } ?? true }
            let checked = CheckedStart(config: config, plugins: recorded, unbuilt: unbuilt, hasLinks: hasLinks)
            recordedStart = startup.record(
                checked, configFile: configPath, baseDirectory: config.baseDirectory, bytes: start.bytes)
        }
        // Warnings are `check`'s to print; `run` and `serve` start without reading the graph for them
        // (`serve` says what its own worker count makes of an in-memory state).
        let warnings =
            buildsHere
            ? GraphChecker.warnings(in: graph)
                + InMemoryStateCheck.warnings(config: config, plugins: plugins, workers: config.host.workers)
                + Self.ungrantedPermissions(config: config, plugins: plugins) : []
        var report = Report(
            config: config, plugins: plugins, problems: problems, warnings: warnings,
            sceneCount: container.sceneCount, unbuilt: unbuilt, container: container, graph: graph, knownLinks: nil)
        report.configBytes = start.bytes
        report.checkedStart = recordedStart ?? []
        if recorded.count == config.plugins.count { report.checkedPlugins = Self.byPath(config.plugins, recorded) }
        return report
    }

    /// The report of a start the start-up cache answered for: its plugins registered as recorded,
    /// no problem (it was recorded only without), the links made from the graph only when a scene
    /// declares one. Nil when the cache did not answer or a plugin could not be registered from it.
    private func recordedReport(_ start: AppStart) -> Report? {
        guard let checked = start.checked else { return nil }
        // No room made for every scene: most plugins wait until one of their scenes is asked for.
        let container = SceneContainer(clock: start.config.host.sceneClock)
        guard let plugins = start.registerChecked(loader: loader, into: container) else { return nil }
        let graph = checked.hasLinks ? SceneGraph(config: start.config, container: container) : nil
        var report = Report(
            config: start.config, plugins: plugins, problems: [], warnings: [], sceneCount: container.sceneCount,
            unbuilt: checked.unbuilt, container: container, graph: graph, knownLinks: graph == nil ? LinkTable() : nil)
        report.configBytes = start.bytes
        report.checkedStart = checked.recordedBytes ?? []
        report.checkedPlugins = Self.byPath(start.config.plugins, checked.plugins)
        return report
    }

    /// `records` (in config order) by their entries' resolved paths.
    private static func byPath(_ entries: [PluginEntry], _ records: [CheckedPlugin]) -> [String: CheckedPlugin] {
        Dictionary(zip(entries.map(\.resolvedPath), records), uniquingKeysWith: { first, _ in first })
    }

    /// The routes scenes took in their probes without declaring them, by scene and destination.
    private static func undeclaredRouteProblems(
        _ routes: [String: [String]], container: SceneContainer
    ) -> [HostProblem] {
        routes.sorted { $0.key < $1.key }.flatMap { scene, destinations -> [HostProblem] in
            guard let plugin = container.plugin(registering: scene) else { return [] }
            let declared = container.description(of: scene)?.routes.map(\.destination) ?? []
            return destinations.map {
                HostProblem(SceneGraphError.routeNotDeclared(plugin, scene: scene, destination: $0, declared: declared))
            }
        }
    }

    /// The segues whose id is none of the buttons their source scene's screens showed in its
    /// probe (a segue's id is the button that performs it: such a segue could never be taken).
    ///
    /// Only what the probe's screens can vouch for is judged (docs/decisions.md, "Segues no button
    /// takes"): not a scene the probe did not build (or a verdict from before probes kept buttons);
    /// not a scene that takes an input (its probe built it without one, so its screens there need
    /// not be those it shows with the input a route hands it); not a scene whose screens showed no
    /// button at all (its buttons come with a state the probe did not reach); and not a segue that
    /// leads toward a scene with a deep link (a link's path takes its style from the segue).
    private static func segueButtonProblems(
        _ segues: [SegueDeclaration], buttons: [String: [String]], container: SceneContainer,
        graph: SceneGraph
    ) -> [HostProblem] {
        let leaving = Dictionary(grouping: graph.edges, by: \.from)
        func leadsToLink(_ start: String) -> Bool {
            var seen: Set<String> = [start], queue = [start]
            while let scene = queue.popLast() {
                if graph.node(scene)?.description.link != nil { return true }
                for edge in leaving[scene] ?? [] where seen.insert(edge.to).inserted { queue.append(edge.to) }
            }
            return false
        }
        return segues.compactMap { segue in
            let scene = segue.from.value
            guard let shown = buttons[scene], !shown.isEmpty, !shown.contains(segue.id),
                let plugin = container.plugin(registering: scene),
                let description = container.description(of: scene), description.input == nil,
                !leadsToLink(segue.to.value)
            else { return nil }
            return HostProblem(
                SceneGraphError.segueNotAButton(
                    segue.location, segue: segue.id, scene: scene, plugin: plugin.name, buttons: shown))
        }
    }

    /// What building `entry`'s scenes found in its probe (`metadata`), when building them here
    /// would find the same; nil when they must be built here: the plugin has settings (its probe
    /// registered without them), native functions (it loads at once), registers services (the
    /// container's services are shared: another plugin's scene may resolve them, and the first
    /// plugin to register a type wins), has a finding that depends on other plugins (`needsHost`),
    /// or its verdict predates findings. Plugins loaded here register their services in config
    /// order, as before; a vouched plugin registers none and resolved none in its probe.
    private static func vouchedFindings(
        _ entry: PluginEntry, metadata: PluginMetadata?, logger loader: PluginLoader
    ) -> [String: WiringFinding]? {
        guard entry.settings.isEmpty, let metadata, metadata.nativeFunctions == [],
            metadata.serviceCount == 0, let wiring = metadata.wiring, !wiring.values.contains(.needsHost)
        else {
            loader.logger.debug("the plugin's scenes are built to be checked", metadata: ["plugin": "\(entry.name)"])
            return nil
        }
        return wiring
    }

    /// `loadProblems` then `graphProblems`, where an unknown scene that only exists because a plugin
    /// failed is put under that plugin's error (the last one, when several failed) instead of
    /// standing alone. A name close to a registered one stays an error of its own: that is a typo.
    static func collapsingFollowOns(
        _ loadProblems: [HostProblem], graphProblems: [SceneGraphError], registered: [String]
    ) -> [HostProblem] {
        let failed = loadProblems.lastIndex { $0.error is PluginLoadError }
        guard let failed, let failure = loadProblems[failed].error as? PluginLoadError else {
            return loadProblems + graphProblems.map(HostProblem.init)
        }
        var followOns: [SceneGraphError] = [], others: [HostProblem] = []
        for problem in graphProblems {
            let scene: String?
            switch problem {
            case .unknownInitialScene(_, let name, _), .unknownSegueScene(_, let name, _, _, _),
                .unknownRouteScene(_, _, let name, _), .slotInitialUnknown(_, _, _, _, let name, _):
                scene = name
            case .initialNeedsInput, .routeNotDeclared, .segueNotAButton, .routeUnexpectedInput, .routeMissingInput,
                .routeInputMismatch,
                .routeResultNotAccepted, .routeResultMismatch, .linkInvalid, .linkDuplicate, .slotInitialNeedsInput,
                .slotDeclaredTwice, .slotKindsMixed, .slotNameInvalid, .routeSlotUnknown, .containerCycle:
                scene = nil
            }
            if let scene, Suggestion.closest(to: scene, in: registered) == nil {
                followOns.append(problem)
            } else {
                others.append(HostProblem(problem))
            }
        }
        var problems = loadProblems
        if !followOns.isEmpty { problems[failed] = .pluginFailedWithFollowOns(failure, unknown: followOns) }
        return problems + others
    }
}
