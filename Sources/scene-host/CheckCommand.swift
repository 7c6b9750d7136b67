import ArgumentParser
import Foundation
import SceneHost
import SceneHostProcesses

/// `scene-host check`: load everything and report every problem without running the app.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Load every plugin and check the config and scene graph without running the app."
    )

    @OptionGroup var options: HostOptions

    // `run` and `serve` check their plugins' scenes through this child: only problems, then
    // their own last line, never "check: ok" or warnings.
    @Option(name: .customLong("at-start"), help: .hidden)
    var atStart: String?

    // A check child's config, as its parent read it (`CheckChild.run`): checked instead of the file.
    @Option(name: .customLong("config-fd"), help: .hidden)
    var configDescriptor: Int32?

    func run() throws {
        guard options.inProcess else {
            // The plugins the probes cannot vouch for are loaded in a child, never in this process.
            do {
                // Read once here, to count its plugins, and handed to the child, which checks these
                // bytes; a config that cannot be read is left to the child, which reports why.
                let bytes = try? ConfigLoader().read(path: options.config)
                let plugins = bytes.flatMap { try? ConfigLoader().parse(bytes: $0, readFrom: options.config) }?.plugins.count
                let limit = options.checkChildLimit(plugins: plugins ?? 0)
                let status = try CheckChild.run(HostOptions.executablePath, arguments: Array(CommandLine.arguments.dropFirst()) + ["--in-process"],
                                                configBytes: bytes,
                                                timeLimit: limit)
                if status != 0 { throw ExitCode(status) }
                return
            } catch let error as WorkerError {
                throw StandardStreams.fail(error)
            }
        }
        // The check child of `check`, `run` or `serve` ends with its parent, however the parent ended.
        CheckChild.endWithParentIfChild(environment: ProcessInfo.processInfo.environment)
        try MainActor.assumeIsolated { try runOnMain() }
    }

    @MainActor
    private func runOnMain() throws {
        // The config bytes a parent handed (`--config-fd`); nil without the option.
        let handedBytes = configDescriptor.map { UnnamedFile.contents(of: $0, limit: ConfigLoader.maximumSize + 1) }
        var loader = options.makeLoader()
        if ProcessInfo.processInfo.environment[CheckChild.childVariable] == "1" {
            // The check child runs plugin code in this process: it is sandboxed as a scene worker is,
            // just before its first plugin is opened (its probes have run ahead by then).
            // What the config grants (strictest when it does not read: the check reports why).
            let config = try? (handedBytes.map { try ConfigLoader().parse(bytes: $0, readFrom: options.config) }
                               ?? ConfigLoader().load(path: options.config))
            let grants = config?.host.grants ?? []
            let probed = loader
            loader.beforeOpeningCode = WorkerSetup.confiningOnFirstOpen(grants: grants) {
                SandboxFiles.rules(plugins: config?.plugins ?? [], declarations: { ((try? probed.probedMetadata($0)) ?? nil)?.settings ?? [] },
                                   grants: grants, environment: ProcessInfo.processInfo.environment)
            }
        }
        let report = AppCheck(loader: loader).run(configPath: options.config, bytes: handedBytes)
        for problem in report.problems { StandardStreams.error(problem.message) }
        if let command = atStart {
            guard let first = report.problems.first else { return }
            StandardStreams.error(HostOptions.refusal(command: command, count: report.problems.count, config: options.config))
            throw ExitCode(first.exitStatus.rawValue)
        }
        for warning in report.warnings { StandardStreams.error(warning.message) }
        if let first = report.problems.first {
            StandardStreams.error("check: \(report.problems.count) problem\(report.problems.count == 1 ? "" : "s") in \(options.config)")
            throw ExitCode(first.exitStatus.rawValue)
        }
        let plugins = report.plugins.map { "\($0.name) \($0.version)" }.joined(separator: ", ")
        let segues = report.config?.segues.count ?? 0
        let warnings = report.warnings.isEmpty ? "" : ", \(report.warnings.count) warning\(report.warnings.count == 1 ? "" : "s")"
        StandardStreams.out("check: ok: \(options.config): \(report.plugins.count) plugins (\(plugins)), \(report.sceneCount) scenes, \(segues) segue\(segues == 1 ? "" : "s")\(warnings)")
    }
}
