import ArgumentParser
import Foundation
import SceneHost

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

    func run() throws {
        guard options.inProcess else {
            // The plugins the probes cannot vouch for are loaded in a child, never in this process.
            do {
                // The config is read here only to count its plugins (the child reports its problems).
                let limit = options.checkChildLimit(plugins: (try? ConfigLoader().load(path: options.config).plugins.count) ?? 0)
                let status = try CheckChild.run(HostOptions.executablePath, arguments: Array(CommandLine.arguments.dropFirst()) + ["--in-process"],
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
        var loader = options.makeLoader()
        if ProcessInfo.processInfo.environment[CheckChild.childVariable] == "1" {
            // The check child runs plugin code in this process: it is sandboxed as a scene worker is,
            // just before its first plugin is opened (its probes have run ahead by then).
            // What the config grants (strictest when it does not read: the check reports why).
            let grants = (try? ConfigLoader().load(path: options.config).host.grants) ?? []
            loader.beforeOpeningCode = WorkerSetup.confiningOnFirstOpen(grants: grants)
        }
        let report = AppCheck(loader: loader).run(configPath: options.config)
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
