import ArgumentParser
import Logging
import SceneHost

/// `scene-host probe-plugin`: the child process of a probe (see `ProbeChild`). It loads the
/// plugin open at `--fd`; `--name` and `--path` are for messages only.
struct ProbePluginCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "probe-plugin",
        abstract: "Load one plugin and report the result (run by the host as a child process).",
        shouldDisplay: false
    )

    @Option(name: .customLong("fd")) var pluginDescriptor: Int32
    @Option(name: .customLong("result-fd")) var resultDescriptor: Int32
    @Option var name: String
    @Option var path: String

    func run() throws {
        MainActor.assumeIsolated {
            let logger = Logger(label: "scene-host-probe") { _ in SwiftLogNoOpLogHandler() }
            ProbeChild(name: name, path: path, pluginDescriptor: pluginDescriptor, resultDescriptor: resultDescriptor, logger: logger).run()
        }
    }
}
