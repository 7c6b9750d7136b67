import ArgumentParser
import Logging
import SceneHost

/// `scene-host probe-plugin`: the child process of a probe (see `ProbeChild`). It loads the
/// plugin open at `--fd`; `--name` and `--path` are for messages only, `--real-path` is the file's
/// real path, whose folder stands in for `$ORIGIN` (the parent checked the libraries found there).
/// With `--batch-fd` it is a scanner probing many plugins in turn (see `ProbeScanner`).
struct ProbePluginCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "probe-plugin",
        abstract: "Load one plugin and report the result (run by the host as a child process).",
        shouldDisplay: false
    )

    @Option(name: .customLong("fd")) var pluginDescriptor: Int32?
    @Option(name: .customLong("result-fd")) var resultDescriptor: Int32
    @Option var name: String?
    @Option var path: String?
    @Option(name: .customLong("real-path")) var realPath: String?
    /// A scanner: the list of plugins to probe in turn, as JSON in this descriptor (see `ProbeScanner`).
    @Option(name: .customLong("batch-fd")) var batchDescriptor: Int32?

    func run() throws {
        ProbeChild.endWithParent()
        try MainActor.assumeIsolated {
            let logger = Logger(label: "scene-host-probe") { _ in SwiftLogNoOpLogHandler() }
            if let batchDescriptor {
                guard ProbeScanner(batchDescriptor: batchDescriptor, resultDescriptor: resultDescriptor, logger: logger).run() else { throw ExitCode(2) }
                return
            }
            guard let pluginDescriptor, let name, let path, let realPath else {
                throw ValidationError("give --fd, --name, --path and --real-path, or --batch-fd")
            }
            ProbeChild(name: name, path: path, realPath: realPath, pluginDescriptor: pluginDescriptor, resultDescriptor: resultDescriptor, logger: logger).run()
        }
    }
}
