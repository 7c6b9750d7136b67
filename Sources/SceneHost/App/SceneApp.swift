import Logging
import SceneSDK
import SceneHostGraph
import SceneHostLoading
import SceneHostNavigation
import SceneHostWorkers
import SceneHostConfig
import SceneHostContainer

/// A loaded app, checked and ready to run: its plugins registered into one container, and a navigator.
@MainActor
package final class SceneApp {
    package let loaded: LoadedApp
    package let navigator: Navigator
    /// The app's deep links (`run --open`, `serve`), checked with the graph.
    package let links: LinkTable
    /// What its scene workers are handed: the config as the check read it.
    package let workerStart: WorkerStartMessage
    /// What each plugin's check rested on, by resolved path (`AppCheck.Report.checkedPlugins`).
    let checkedPlugins: [String: CheckedPlugin]

    init(
        loaded: LoadedApp, links: LinkTable, configBytes: [UInt8], checkedStart: [UInt8] = [],
        checkedPlugins: [String: CheckedPlugin] = [:]
    ) {
        self.loaded = loaded
        self.checkedPlugins = checkedPlugins
        workerStart = WorkerStartMessage(
            configFile: loaded.config.file, baseDirectory: loaded.config.baseDirectory, configBytes: configBytes,
            checkedStart: checkedStart)
        self.navigator = Navigator(container: loaded.container, segues: loaded.config.segues)
        self.links = links
        navigator.links = links
    }

    /// The app of a check that found no problem (`AppCheck.run(configPath:buildsHere:)`); nil
    /// when the report has problems or no config.
    package convenience init?(checked report: AppCheck.Report) {
        guard report.problems.isEmpty, let config = report.config, let links = report.links else { return nil }
        self.init(
            loaded: LoadedApp(config: config, container: report.container, plugins: report.plugins), links: links,
            configBytes: report.configBytes, checkedStart: report.checkedStart, checkedPlugins: report.checkedPlugins)
    }

    /// Reads the config, registers every plugin (opening each only when first needed) and checks
    /// the scene graph; throws the first problem.
    package static func load(configPath: String, loader: PluginLoader) throws -> SceneApp {
        // Read once: these bytes are what is checked here and what the scene workers are handed.
        let start = try AppStart(parsing: configPath)
        let loaded = try LoadedApp.load(config: start.config, loader: loader, lazy: true)
        // One graph for the check and the links: with a thousand plugins, building it costs.
        let graph = loaded.graph
        if let problem = GraphChecker.problems(in: graph).first { throw problem }
        return SceneApp(loaded: loaded, links: graph.links, configBytes: start.bytes)
    }

    /// Frees the scenes on screen and every object the plugins made or handed over, so their
    /// `deinit`s run, before a process that ends without freeing the host's own tables (a
    /// thousand plugins' descriptions, the config). The app shows nothing afterwards.
    package func releasePluginObjects() {
        navigator.closeAll()
        loaded.container.releasePluginObjects()
    }

    /// Shows the config's initial scene.
    package func start() throws {
        try navigator.start(at: loaded.config.initial.value)
    }
}
