import ArgumentParser
import Foundation
import Logging
import SceneHost
import SceneHostCore
import SceneHostFrontend
import SceneHostLoading
import SceneHostWorkers
import SceneHostConfig
import SceneHostContainer

/// Options every subcommand takes.
package struct HostOptions: ParsableArguments {
    package init() {}

    @Option(name: .long, help: "The app's config file; plugin paths in it are relative to its folder.")
    package var config: String = "scenes.conf"

    @Flag(name: .long, help: "Log what the host does (plugin loading, probes) to standard error.")
    package var verbose = false

    @Flag(name: .long, help: "Probe every plugin again, ignoring verdicts recorded in the probe cache.")
    package var rescan = false

    // Unconditional: `--probe-timeout -1` is a value (refused by `validate` with the range), not a missing one.
    @Option(
        name: .long, parsing: .unconditional,
        help: "Seconds a plugin may take to load in its probe before it counts as hanging.")
    package var probeTimeout: Double = 10

    @Option(
        name: .long,
        help:
            "The probe cache file (default: $SCENE_HOST_PROBE_CACHE, else $XDG_CACHE_HOME/scene-host/probes.cache, else ~/.cache/scene-host/probes.cache)."
    )
    package var probeCache: String?

    @Flag(name: .long, help: "Development only: do not check plugin file owners and permissions.")
    var insecurePluginFiles = false

    @Flag(
        name: .long,
        help:
            "Debugging only, unsafe: run plugin code in the host process instead of scene workers (a plugin's crash or hang then ends the host)."
    )
    package var inProcess = false

    package func validate() throws {
        // NaN fails both comparisons, infinity the second: every value that is not a sane limit is refused here.
        guard probeTimeout >= 0.001, probeTimeout <= 3600 else {
            throw ValidationError(
                "--probe-timeout is \(probeTimeout); give a number of seconds from 0.001 to 3600 (default 10).")
        }
    }

    /// What `--in-process` costs, said on standard error whenever a user asks for it.
    static let inProcessWarning =
        "warning: --in-process: plugin code runs in this process, outside the sandbox: a plugin's crash or hang ends it, and its code can read and change this process's memory. Use it only for debugging."

    /// The one logger of the process; libraries get it passed in.
    package func makeLogger() -> Logger {
        Self.makeLogger(verbose: verbose)
    }

    /// The logger of a command (or of the check child, from its `ChildSettings`).
    package static func makeLogger(verbose: Bool) -> Logger {
        var logger = Logger(label: "scene-host") { label in
            EscapingLogHandler(wrapped: StreamLogHandler.standardError(label: label))
        }
        logger.logLevel = verbose ? .debug : .warning
        return logger
    }

    /// What a child of this command runs with (`ChildSettings`): the loader options and `--verbose`,
    /// the probe cache named (a child's environment does not hold the variables that choose it:
    /// `ChildEnvironment`).
    package var childSettings: ChildSettings {
        var loader = loaderSettings
        loader.probeCache = loader.probeCache ?? ProbeCache.defaultPath()
        return ChildSettings(loader: loader, verbose: verbose)
    }

    /// The loader options of the command line.
    var loaderSettings: LoaderSettings {
        LoaderSettings(
            probeExecutable: LoaderSettings.probeExecutable(besideHost: Self.executablePath),
            probeTimeout: probeTimeout, probeCache: probeCache, rescan: rescan,
            checksFileTrust: !insecurePluginFiles)
    }

    /// Says loudly that `--insecure-plugin-files` is on (the check child is handed it, and says nothing).
    package func warnIfInsecure() {
        if insecurePluginFiles {
            StandardStreams.error(
                "warning: --insecure-plugin-files: plugin file owners and permissions are NOT checked. Use it only while developing."
            )
        }
    }

    /// The loader of every command: file trust on, each plugin probed in a child process first.
    /// `opensPlugins` false: a host whose plugin code runs in scene workers (it opens no plugin).
    @MainActor
    package func makeLoader(opensPlugins: Bool = true, beforeProbing: (@MainActor () -> Void)? = nil) -> PluginLoader {
        warnIfInsecure()
        // The check child (`check --in-process` started by check, run or serve) is the host's own use of it: no warning.
        if inProcess, ProcessInfo.processInfo.environment[CheckChild.childVariable] != "1" {
            StandardStreams.error(Self.inProcessWarning)
        }
        return loaderSettings.makeLoader(
            logger: makeLogger(), opensPlugins: opensPlugins, warn: { StandardStreams.error($0.message) },
            beforeProbing: beforeProbing)
    }

    /// How a scene worker is started: `scene-host-worker` beside this executable, with the same
    /// loader options (the config is handed to it once checked: `SceneApp.workerStart`).
    package var workerLaunch: SceneWorkerSupervisor.Launch {
        SceneWorkerSupervisor.Launch(executable: Self.workerExecutable, settings: childSettings)
    }

    /// `scene-host-worker` beside this executable (`/proc/self/exe`, links resolved): the scene
    /// worker. Installed and trusted with `scene-host` itself (as `scene-host-probe`, the probe
    /// child): it is found only there, never on `PATH` or through an option.
    package static var workerExecutable: String {
        LoaderSettings.workerExecutable(besideHost: executablePath)
    }

    /// The supervisor of a scene worker for `app` (loaded with `makeLoader(opensPlugins: false)`),
    /// adopting `early` (started while the host loaded) when given; `ledger`: the fault accounting
    /// it shares with the other workers (`serve`), else one of its own.
    @MainActor
    /// `changes`: raised when the worker changes a session unasked or fails between requests (`run`'s terminal).
    package func makeSupervisor(
        for app: SceneApp, early: sending EarlyWorker? = nil, ledger: FaultLedger? = nil, changes: ChangeSignal? = nil
    ) -> SceneWorkerSupervisor {
        let container = app.loaded.container
        // Scene -> plugin, taken here: the supervisor may call it from another thread.
        return SceneWorkerSupervisor(
            launch: workerLaunch, start: app.workerStart, settings: app.loaded.config.host,
            initialScene: app.loaded.config.initial.value,
            logger: makeLogger(), early: early, ledger: ledger, pluginOfScene: container.sceneOwners,
            onUnasked: { changes?.raise() })
    }

    /// The config with every plugin known from its probe, for commands that only read the graph;
    /// a problem is printed and becomes the command's exit code.
    @MainActor
    package func loadGraph() throws -> LoadedApp {
        do {
            // From the probes' records: this process opens no plugin (unless --in-process).
            // Settings are shown as written, even those `check` refuses: `list` is where to see what a plugin takes.
            return try LoadedApp.load(
                configPath: config, loader: makeLoader(opensPlugins: inProcess), lazy: true, checksSettings: false)
        } catch {
            throw StandardStreams.fail(error)
        }
    }

    /// The app for `run` and `serve`, refused at start for everything `scene-host check` reports
    /// as an error, through the same check (`AppCheck`): the problems found from the config and the
    /// probes' records are printed here; the plugins whose scenes must be built with the app's
    /// settings and services to be checked are checked by `check` in a child process (this one
    /// opens no plugin), which prints its own. Throws the first problem's exit code, as `check`.
    ///
    /// `early`: the scene worker started before this load; it is ended if plugins must be probed
    /// (the supervisor starts another after the load, which reads their verdicts instead of
    /// probing them all a second time on the same cores).
    @MainActor
    package func loadCheckedApp(command: String, early: EarlyWorker? = nil) throws -> SceneApp {
        switch checkApp(command: command, early: early) {
        case .success(let app):
            return app
        case .failure(let refusal):
            for problem in refusal.problems { StandardStreams.error(problem) }
            if refusal.printsSummary {
                StandardStreams.error(Self.refusal(command: command, count: refusal.problems.count, config: config))
            }
            throw ExitCode(refusal.status)
        }
    }

    /// Why a check refused the app: its problems as printed, and the exit status they give.
    struct CheckRefusal: Error {
        /// Each problem's message (from a check child: what it printed).
        var problems: [String]
        var status: Int32
        /// The problems came from this process's check (a check child prints its own last line).
        var printsSummary: Bool
    }

    /// The check of `loadCheckedApp`, printing nothing: `bytes` (a reload under `--watch`) checks
    /// the config as the app started with it, not the file read again; `capturesChild` keeps what
    /// a check child prints, for the refusal's words.
    @MainActor
    func checkApp(
        command: String, early: EarlyWorker? = nil, bytes: [UInt8]? = nil, capturesChild: Bool = false
    ) -> Result<SceneApp, CheckRefusal> {
        let loader = makeLoader(opensPlugins: inProcess, beforeProbing: Self.ending(early))
        let startup = loaderSettings.makeStartupCache { StandardStreams.error($0.message) }
        let report = AppCheck(loader: loader, startup: startup).run(
            configPath: config, bytes: bytes, buildsHere: inProcess)
        if let first = report.problems.first {
            return .failure(
                CheckRefusal(
                    problems: report.problems.map(ErrorMessage.render), status: first.exitStatus.rawValue,
                    printsSummary: true))
        }
        if !report.unbuilt.isEmpty {
            let limit = checkChildLimit(plugins: report.config?.plugins.count ?? 0)
            // The bytes this process checked and runs: the child checks them, not the file read again.
            // Never `--rescan` there: this process has just probed what needed it.
            var settings = childSettings
            settings.loader.rescan = false
            let start = CheckChildStart(
                settings: settings, configFile: config,
                configBytes: report.configBytes.isEmpty ? nil : report.configBytes,
                atStart: command)
            do {
                let (status, printed) = try CheckChild.run(
                    Self.checkExecutable, start: start, timeLimit: limit, capturesErrors: capturesChild)
                if status != 0 {
                    let lines = printed.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
                    return .failure(CheckRefusal(problems: lines, status: status, printsSummary: false))
                }
            } catch {
                return .failure(
                    CheckRefusal(
                        problems: [ErrorMessage.render(error)], status: error.exitStatus.rawValue, printsSummary: false)
                )
            }
        }
        guard let app = SceneApp(checked: report) else {
            return .failure(CheckRefusal(problems: [], status: ExitStatus.configError.rawValue, printsSummary: false))
        }
        return .success(app)
    }

    /// What a loader calls before it probes plugins ahead when `early` was started: it ends it.
    @MainActor
    package static func ending(_ early: EarlyWorker?) -> (@MainActor () -> Void)? {
        guard let early else { return nil }
        return { early.end() }
    }

    /// How long a check child may take: a probe's time (`--probe-timeout`) for each plugin to be
    /// probed (when the cache cannot be used) and once more to have its scenes built, and one to
    /// spare. A scene that hangs only with the app's settings then ends the check with a message
    /// instead of keeping `check`, `run` or `serve` waiting for ever.
    package func checkChildLimit(plugins: Int) -> Duration {
        Duration.milliseconds(Int64(probeTimeout * 1000)) * (2 * plugins + 1)
    }

    /// The last line of a refusal at start: how many problems, and that nothing ran.
    package static func refusal(command: String, count: Int, config: String) -> String {
        "\(command): \(count) problem\(count == 1 ? "" : "s") in \(config); nothing was started ('scene-host check' reports the same)"
    }

    /// The executable a check child runs as `check`: this one, unless this is `scene-host-serve`
    /// (which has no `check`), then the `scene-host` it is installed beside.
    static var checkExecutable: String {
        let path = executablePath
        return path.hasSuffix("/" + CommandStart.serveExecutable) ? CommandStart.beside("scene-host") : path
    }

    /// This executable.
    package static var executablePath: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }
}
