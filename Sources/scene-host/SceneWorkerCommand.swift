#if canImport(Glibc)
import Glibc
#endif
import ArgumentParser
import SceneHost

/// `scene-host scene-worker`: the process that runs plugin code for a host (see `SceneWorkerLoop`).
/// It loads the same config with the same options, then answers the host on `--channel-fd`.
struct SceneWorkerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scene-worker",
        abstract: "Run plugin code for a host (started by the host; not for people).",
        shouldDisplay: false
    )

    @OptionGroup var options: HostOptions
    @Option(name: .customLong("channel-fd")) var channel: Int32
    /// `PLUGIN=RESTARTS`: plugins the host refused after repeated faults.
    @Option(name: .customLong("refuse")) var refused: [String] = []

    func run() throws {
        let describe: (any Error) -> RemoteFailure = { RemoteFailure(text: ErrorMessage.render($0), status: ExitStatus(for: $0).rawValue) }
        MainActor.assumeIsolated {
            let app: LoadedApp
            do {
                // The config first (no plugin code runs reading it): its [host] table sets the limits,
                // which hold before any plugin is opened. The host checked the graph already.
                let config = try ConfigLoader().load(path: options.config)
                do throws(WorkerSetup.Failure) {
                    try WorkerSetup.apply(channel: channel, memoryBytes: config.host.workerMemory)
                } catch {
                    throw WorkerError.workerUnavailable(reason: error.reason)
                }
                app = try LoadedApp.load(config: config, loader: options.makeLoader(quiet: true), lazy: true)
            } catch {
                SceneWorkerLoop.reportLoadFailure(describe(error), channel: channel)
                _exit(ExitStatus(for: error).rawValue)
            }
            for item in refused {
                let parts = item.split(separator: "=", maxSplits: 1)
                guard let name = parts.first else { continue }
                let plugin = String(name)
                let restarts = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
                app.container.refuse(pluginNamed: plugin, with: WorkerError.pluginRefused(plugin: plugin, restarts: restarts))
            }
            SceneWorkerLoop(channel: channel, container: app.container, segues: app.config.segues,
                            initial: app.config.initial.value, describe: describe).run()
            // The host said it is finished (or closed the channel): the sessions' scenes were freed; now
            // every object the plugins handed over goes, so their deinits run.
            app.container.releasePluginObjects()
            fflush(nil)
            _exit(0)
        }
    }
}
