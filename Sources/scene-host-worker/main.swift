#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Logging
import SceneHost
import SceneHostProcesses

// `scene-host-worker`: the process that runs plugin code for a `scene-host` (README, "Scene
// workers"). The host starts it; people never do. Its own small executable, without the host's
// command-line parser and web stack, so that it starts (and restarts after a fault) quickly.
//
// Arguments, all given by the host: --channel-fd N --crash-report-fd N --probe-executable PATH
// --probe-timeout SECONDS [--probe-cache FILE] [--insecure-plugin-files] [--verbose]
// [--refuse PLUGIN=CLIENTS,SECONDS]...
// The config comes in the host's first frame on the channel (`WorkerRequest.start`): the
// worker never opens the config file, so it runs what the host checked.
//
// Or, as the host's probe child: probe-plugin --result-fd N (--batch-fd N | --fd N --name NAME
// --path PATH --real-path PATH), see ProbeMode.

/// The worker's options, read from its command line.
struct WorkerArguments {
    var channel: Int32 = -1
    /// Where the crash handler writes its report (`CrashReporter`); the host always gives it.
    var crashReport: Int32 = -1
    var verbose = false
    /// Plugins refused for everyone (`FaultLedger`): the clients whose faults refused each, and the seconds left.
    var refused: [(plugin: String, sources: Int, seconds: Int)] = []
    var loader = LoaderSettings(probeExecutable: "", probeTimeout: 10, probeCache: nil, rescan: false, checksFileTrust: true)

    /// Reads `arguments`; nil and the reason when they are not the host's.
    static func parse(_ arguments: [String]) -> Result<WorkerArguments, WorkerError> {
        var parsed = WorkerArguments()
        var rest = arguments[...]
        func value(_ name: String) -> String? {
            guard let next = rest.popFirst() else { return nil }
            return next
        }
        while let name = rest.popFirst() {
            switch name {
            case "--channel-fd": parsed.channel = value(name).flatMap { Int32($0) } ?? -1
            case "--crash-report-fd": parsed.crashReport = value(name).flatMap { Int32($0) } ?? -1
            case "--probe-executable": parsed.loader.probeExecutable = value(name) ?? ""
            case "--probe-timeout": parsed.loader.probeTimeout = value(name).flatMap { Double($0) } ?? .nan
            case "--probe-cache": parsed.loader.probeCache = value(name)
            case "--insecure-plugin-files": parsed.loader.checksFileTrust = false
            case "--verbose": parsed.verbose = true
            case "--refuse":
                let parts = (value(name) ?? "").split(separator: "=", maxSplits: 1)
                let numbers = parts.count > 1 ? parts[1].split(separator: ",").compactMap { Int($0) } : []
                guard let plugin = parts.first, numbers.count == 2 else {
                    return .failure(.workerUnavailable(reason: "--refuse needs PLUGIN=CLIENTS,SECONDS; it is started by scene-host"))
                }
                parsed.refused.append((String(plugin), numbers[0], numbers[1]))
            default:
                return .failure(.workerUnavailable(reason: "scene-host-worker does not take '\(name)'; it is started by scene-host, which gives its arguments"))
            }
        }
        guard parsed.channel >= 0, parsed.crashReport >= 0, !parsed.loader.probeExecutable.isEmpty,
              parsed.loader.probeTimeout >= 0.001, parsed.loader.probeTimeout <= 3600 else {
            return .failure(.workerUnavailable(reason: "scene-host-worker needs --channel-fd, --crash-report-fd, --probe-executable and --probe-timeout; it is started by scene-host"))
        }
        return .success(parsed)
    }
}

if CommandLine.arguments.dropFirst().first == "probe-plugin" {
    ProbeMode.run(Array(CommandLine.arguments.dropFirst(2)))
}

let options: WorkerArguments
switch WorkerArguments.parse(Array(CommandLine.arguments.dropFirst())) {
case .success(let parsed): options = parsed
case .failure(let error):
    let message = ErrorMessage.render(error) + "\n"
    _ = message.withCString { write(STDERR_FILENO, $0, strlen($0)) }
    exit(ExitStatus.usage.rawValue)
}

MainActor.assumeIsolated {
    let channel = options.channel
    var logger = Logger(label: "scene-host-worker") { label -> any LogHandler in
        options.verbose ? EscapingLogHandler(wrapped: StreamLogHandler.standardError(label: label)) : SwiftLogNoOpLogHandler()
    }
    logger.logLevel = options.verbose ? .debug : .warning
    let app: WorkerApp
    do {
        // Before any plugin is opened: a crash names the plugin whose code crashed (README, "Scene workers").
        do throws(CrashReporter.Failure) {
            try CrashReporter.install(reportingTo: options.crashReport)
        } catch {
            throw WorkerError.workerUnavailable(reason: error.reason)
        }
        // Cache warnings were the host's to print.
        var loader = options.loader.makeLoader(logger: logger, opensPlugins: true, warn: { _ in })
        loader.loadPlace = "in a scene worker"
        // The config first, as the host checked it (its first frame; no plugin code runs reading
        // it, nor from the start-up cache): its [host] table sets the limits, which hold before
        // any plugin is opened. The host has checked the graph and compared the plugin files
        // already; each file is compared again when the worker opens it.
        let message = try WorkerStart.receiveMessage(channel: channel)
        let startup = options.loader.makeStartupCache(warn: { _ in })
        let start = try WorkerStart.read(message, loader: loader, startup: startup)
        do throws(WorkerSetup.Failure) {
            try WorkerSetup.apply(channel: channel, memoryBytes: start.host.workerMemory)
        } catch {
            throw WorkerError.workerUnavailable(reason: error.reason)
        }
        let probed = loader
        loader.beforeOpeningCode = WorkerSetup.confiningOnFirstOpen(grants: start.host.grants, user: start.host.workerUser) {
            start.sandboxRules(loader: probed, environment: ProcessInfo.processInfo.environment)
        }
        app = try start.load(loader: loader)
    } catch {
        SceneWorkerLoop.reportLoadFailure(RemoteFailure(error), channel: channel)
        exit(ExitStatus(for: error).rawValue)
    }
    for (plugin, sources, seconds) in options.refused {
        app.container.refuse(pluginNamed: plugin, with: WorkerError.pluginRefused(plugin: plugin, sources: sources, retryIn: seconds))
    }
    SceneWorkerLoop(channel: channel, app: app).run()
    // The host said it is finished (or closed the channel): the sessions' scenes were freed; now
    // every object the plugins handed over goes, so their deinits run.
    app.container.releasePluginObjects()
    fflush(nil)
    _exit(0)
}
