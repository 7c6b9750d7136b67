import ArgumentParser
import Logging
import SceneHost

/// `scene-host probe-plugin`: the child process of a probe (see `ProbeChild`). It loads the
/// plugin open at `--fd`; `--name` and `--path` are for messages only, `--real-path` is the file's
/// real path, whose folder stands in for `$ORIGIN` (the parent checked the libraries found there).
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
    @Option(name: .customLong("real-path")) var realPath: String

    func run() throws {
        MainActor.assumeIsolated {
            let logger = Logger(label: "scene-host-probe") { _ in SwiftLogNoOpLogHandler() }
            ProbeChild(name: name, path: path, realPath: realPath, pluginDescriptor: pluginDescriptor, resultDescriptor: resultDescriptor, logger: logger,
                       describe: ErrorMessage.body).run()
        }
    }
}
