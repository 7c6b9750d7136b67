import Foundation
import Logging
@testable import SceneHostCore
@testable import SceneHostContainer
@testable import SceneHostConfig
@testable import SceneHostLoading
@testable import SceneHostGraph
@testable import SceneHostWorkers
import HostTestSupport
import TestSupport

/// A config of the Links fixture (scenes with deep links), and a supervisor and a table for it.
struct LinksApp {
    let folder: TemporaryFolder
    let config: String

    /// `extra`: more of the config (segues).
    init(_ extra: String = "") throws {
        folder = try TemporaryFolder()
        config = try folder.write(
            """
            initial = "LinkHome"

            [plugins.Links]
            path = "\(BuildProducts.library("FixtureLinks"))"

            \(extra)
            """, to: "links.conf")
    }

    /// `scene-host ARGUMENTS --config links.conf`, with `input` on standard input.
    func run(_ arguments: [String], input: String = "") throws -> HostProcess.Result {
        try HostProcess.run(arguments + ["--config", config], input: input)
    }

    /// A started supervisor of one scene worker on this config.
    func supervisor() async throws -> SceneWorkerSupervisor {
        let loader = LoaderSettings(
            probeExecutable: BuildProducts.probeExecutable, probeTimeout: 10, probeCache: folder.path("probes.cache"),
            rescan: false, checksFileTrust: true)
        let launch = SceneWorkerSupervisor.Launch(
            executable: BuildProducts.workerExecutable, settings: ChildSettings(loader: loader, verbose: false))
        let supervisor = SceneWorkerSupervisor(
            launch: launch, start: try .reading(configPath: config), settings: HostSettings(), initialScene: "LinkHome",
            logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() },
            pluginOfScene: { $0.hasPrefix("Link") ? "Links" : nil })
        try await supervisor.start()
        return supervisor
    }

    /// The fixture loaded into this process, its graph and its links (for in-process navigators).
    @MainActor
    static func graph() throws -> (container: SceneContainer, graph: SceneGraph) {
        let container = SceneContainer()
        try BuiltPlugins.load(["FixtureLinks"], into: container, file: "links.conf")
        let location = SourceLocation(file: "links.conf", line: 1, column: 11)
        let config = SceneConfig(
            file: "links.conf", baseDirectory: "/", initial: Located(value: "LinkHome", location: location),
            plugins: [], segues: [])
        return (container, SceneGraph(config: config, container: container))
    }
}
