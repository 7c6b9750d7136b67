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
    /// The address-space limit in bytes (the config's `[host] worker-memory`).
    @Option var memory: Int
    /// `PLUGIN=RESTARTS`: plugins the host refused after repeated faults.
    @Option(name: .customLong("refuse")) var refused: [String] = []

    func run() throws {
        let describe: (any Error) -> RemoteFailure = { RemoteFailure(text: ErrorMessage.render($0), status: ExitStatus(for: $0).rawValue) }
        do {
            try WorkerSetup.apply(channel: channel, memoryBytes: memory)
        } catch {
            SceneWorkerLoop.reportLoadFailure(describe(WorkerError.workerUnavailable(reason: error.reason)), channel: channel)
            throw ExitCode(3)
        }
        MainActor.assumeIsolated {
            let app: SceneApp
            do {
                app = try SceneApp.load(configPath: options.config, loader: options.makeLoader(quiet: true))
            } catch {
                SceneWorkerLoop.reportLoadFailure(describe(error), channel: channel)
                _exit(ExitStatus(for: error).rawValue)
            }
            for item in refused {
                let parts = item.split(separator: "=", maxSplits: 1)
                guard let name = parts.first else { continue }
                let plugin = String(name)
                let restarts = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
                app.loaded.container.refuse(pluginNamed: plugin, with: WorkerError.pluginRefused(plugin: plugin, restarts: restarts))
            }
            SceneWorkerLoop(channel: channel, container: app.loaded.container, segues: app.loaded.config.segues,
                            initial: app.loaded.config.initial.value, describe: describe).run()
            // The host said it is finished (or closed the channel): plugin objects were freed, their deinits ran.
            app.releasePluginObjects()
            fflush(nil)
            _exit(0)
        }
    }
}
