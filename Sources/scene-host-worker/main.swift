#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Logging
import SceneHost
import SceneHostCore
import SceneHostWorkers
import SceneHostProcesses
import CWorkerShim
import SceneHostConfig
import SceneHostContainer
import SceneHostLoading

// `scene-host-worker`: the process that runs plugin code for a `scene-host` (docs/security.md, "Scene
// workers"). The host starts it; people never do. Its own small executable, without the host's
// command-line parser and web stack, so that it starts (and restarts after a fault) quickly.
//
// It takes no arguments. Its channel to the host is descriptor 3 and its crash report pipe 4
// (`WorkerDescriptor`); the host's first frame on the channel (`WorkerRequest.start`) brings the
// checked config and the settings it runs with (`ChildSettings`: the loader options, --verbose,
// the plugins refused for everyone). The worker never opens the config file, so it runs what the
// host checked.

// libdispatch's thread monitor reads /proc/<tid>/stat, which Landlock refuses: the shim's `open`
// reads the same file where the rules allow it (Sources/CWorkerShim). Referenced so it is linked.
_ = scene_host_worker_shim_linked()

if CommandLine.arguments.count > 1 {
    let message =
        "error: scene-host-worker takes no arguments; it is started by scene-host, which hands it what it needs\n"
    _ = message.withCString { write(STDERR_FILENO, $0, strlen($0)) }
    exit(ExitStatus.usage.rawValue)
}

MainActor.assumeIsolated {
    let channel = WorkerDescriptor.channel
    let app: WorkerApp
    do {
        // Before any plugin is opened: a crash names the plugin whose code crashed (docs/security.md, "Scene workers").
        do throws(CrashReporter.Failure) {
            try CrashReporter.install(reportingTo: WorkerDescriptor.crashReport)
        } catch {
            throw WorkerError.workerUnavailable(reason: error.reason)
        }
        // The start frame first, as the host checked it (no plugin code runs reading it, nor from
        // the start-up cache): the settings this worker runs with, and the config, whose [host]
        // table sets the limits, which hold before any plugin is opened. The host has checked the
        // graph and compared the plugin files already; each file is compared again when the worker opens it.
        let message = try WorkerStart.receiveMessage(channel: channel)
        guard let settings = message.settings else {
            throw WorkerError.workerUnavailable(
                reason: "its host's start frame holds no settings; it is started by scene-host")
        }
        var logger = Logger(label: "scene-host-worker") { label -> any LogHandler in
            settings.verbose
                ? EscapingLogHandler(wrapped: StreamLogHandler.standardError(label: label)) : SwiftLogNoOpLogHandler()
        }
        logger.logLevel = settings.verbose ? .debug : .warning
        // Cache warnings were the host's to print.
        var loader = settings.loader.makeLoader(logger: logger, opensPlugins: true, warn: { _ in })
        loader.loadPlace = "in a scene worker"
        // `--watch`: the files the host checked, handed right after the start frame; loaded in place of their paths.
        loader.handedFiles = try WorkerStart.receiveHandedFiles(message, channel: channel)
        let startup = settings.loader.makeStartupCache(warn: { _ in })
        let start = try WorkerStart.read(message, loader: loader, startup: startup)
        do throws(WorkerSetup.Failure) {
            try WorkerSetup.apply(channel: channel, memoryBytes: start.host.workerMemory)
        } catch {
            throw WorkerError.workerUnavailable(reason: error.reason)
        }
        let probed = loader
        loader.beforeOpeningCode = WorkerSetup.confiningOnFirstOpen(
            grants: start.host.grants, user: start.host.workerUser
        ) {
            start.sandboxRules(loader: probed, environment: ProcessInfo.processInfo.environment)
        }
        app = try start.load(loader: loader)
        for refusal in settings.refused {
            app.container.refuse(
                pluginNamed: refusal.plugin,
                with: WorkerError.pluginRefused(
                    plugin: refusal.plugin, sources: refusal.sources, retryIn: refusal.seconds))
        }
    } catch {
        SceneWorkerLoop.reportLoadFailure(RemoteFailure(error), channel: channel)
        exit(ExitStatus(for: error).rawValue)
    }
    let loop = SceneWorkerLoop(channel: channel, app: app)
    loop.start {
        // The host said it is finished (or closed the channel): the sessions' scenes were freed; now
        // every object the plugins handed over goes, so their deinits run.
        app.container.releasePluginObjects()
        fflush(nil)
        _exit(0)
    }
    // Requests and the main queue (the main actor's executor: the scenes' background work) on this thread.
    WorkerMainThread.run(loop)
}
