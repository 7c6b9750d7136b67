import SceneHostCommandLine
import ArgumentParser
import Foundation
import SceneHost
import SceneHostConfig
import SceneHostConfigFile
import SceneHostLoading
import SceneHostWorkers
import SceneHostProcesses
import SceneHostRecordCodec
import SceneHostContainer
import SceneHostCore

/// `scene-host check`: load everything and report every problem without running the app.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Load every plugin and check the config and scene graph without running the app."
    )

    @OptionGroup var options: HostOptions

    // The check child of `check`, `run` or `serve` (`CheckChild.run`): what it checks and how come
    // in its start file on this descriptor (`CheckChildStart`); its other options are not read.
    @Option(name: .customLong("child-start-fd"), help: .hidden)
    var childStartDescriptor: Int32?

    func run() throws {
        if let childStartDescriptor {
            // Ends with its parent, however the parent ended.
            CheckChild.endWithParentIfChild(environment: ProcessInfo.processInfo.environment)
            guard
                let start = CheckChildStart.decode(
                    UnnamedFile.contents(of: childStartDescriptor, limit: 2 * ConfigLoader.maximumSize + (1 << 16)))
            else {
                throw StandardStreams.fail(
                    WorkerError.workerUnavailable(
                        reason: "the check child's start file cannot be read; it is started by scene-host"))
            }
            try MainActor.assumeIsolated { try Self.runAsChild(start) }
            return
        }
        guard options.inProcess else {
            // The plugins the probes cannot vouch for are loaded in a child, never in this process.
            options.warnIfInsecure()
            do {
                // Read once here, to count its plugins, and handed to the child, which checks these
                // bytes; a config that cannot be read is left to the child, which reports why.
                let bytes = try? ConfigLoader().read(path: options.config)
                let plugins = bytes.flatMap { try? ConfigLoader().parse(bytes: $0, readFrom: options.config) }?.plugins
                    .count
                let limit = options.checkChildLimit(plugins: plugins ?? 0)
                let start = CheckChildStart(
                    settings: options.childSettings, configFile: options.config, configBytes: bytes, atStart: nil)
                let status = try CheckChild.run(HostOptions.executablePath, start: start, timeLimit: limit).status
                if status != 0 { throw ExitCode(status) }
                return
            } catch let error as WorkerError {
                throw StandardStreams.fail(error)
            }
        }
        try MainActor.assumeIsolated {
            try Self.check(options.config, bytes: nil, loader: options.makeLoader(), atStart: nil)
        }
    }

    /// The check child: sandboxed as a scene worker is, just before its first plugin is opened
    /// (its probes have run ahead by then), with what the config it was handed grants.
    @MainActor
    private static func runAsChild(_ start: CheckChildStart) throws {
        let settings = start.settings
        var loader = settings.loader.makeLoader(
            logger: HostOptions.makeLogger(verbose: settings.verbose), opensPlugins: true,
            warn: { StandardStreams.error($0.message) })
        // Strictest when the config does not parse (the check reports why).
        let config =
            try?
            (start.configBytes.map { try ConfigLoader().parse(bytes: $0, readFrom: start.configFile) }
            ?? ConfigLoader().load(path: start.configFile))
        let grants = config?.host.grants ?? []
        let probed = loader
        loader.beforeOpeningCode = WorkerSetup.confiningOnFirstOpen(grants: grants) {
            SandboxFiles.rules(
                plugins: config?.plugins ?? [],
                declarations: { ((try? probed.probedMetadata($0)) ?? nil)?.settings ?? [] },
                grants: grants, environment: ProcessInfo.processInfo.environment)
        }
        try check(start.configFile, bytes: start.configBytes, loader: loader, atStart: start.atStart)
    }

    /// Checks `configPath` (as `bytes` when given) and reports: every problem; for `atStart` (`run`,
    /// `serve`) only problems and that command's last line, never "check: ok" or warnings.
    @MainActor
    private static func check(_ configPath: String, bytes: [UInt8]?, loader: PluginLoader, atStart: String?) throws {
        let report = AppCheck(loader: loader).run(configPath: configPath, bytes: bytes)
        for problem in report.problems { StandardStreams.error(problem.message) }
        if let command = atStart {
            guard let first = report.problems.first else { return }
            StandardStreams.error(
                HostOptions.refusal(command: command, count: report.problems.count, config: configPath))
            throw ExitCode(first.exitStatus.rawValue)
        }
        for warning in report.warnings { StandardStreams.error(warning.message) }
        if let first = report.problems.first {
            StandardStreams.error(
                "check: \(report.problems.count) problem\(report.problems.count == 1 ? "" : "s") in \(configPath)")
            throw ExitCode(first.exitStatus.rawValue)
        }
        let plugins = report.plugins.map { "\($0.name) \($0.version)" }.joined(separator: ", ")
        let segues = report.config?.segues.count ?? 0
        let warnings =
            report.warnings.isEmpty ? "" : ", \(report.warnings.count) warning\(report.warnings.count == 1 ? "" : "s")"
        StandardStreams.out(
            "check: ok: \(configPath): \(report.plugins.count) plugins (\(plugins)), \(report.sceneCount) scenes, \(segues) segue\(segues == 1 ? "" : "s")\(warnings)"
        )
    }
}
