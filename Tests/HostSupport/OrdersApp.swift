import Logging
@testable import SceneHostContainer
@testable import SceneHostConfig
@testable import SceneHostConfigFile
@testable import SceneHostLoading
@testable import SceneHostNavigation
@testable import SceneHostFrontend
import TestSupport

/// The three orders plugins on one SQLite file in a temporary folder: each `process()` is what one
/// scene worker holds (its own container, so its own orders Worker and connection), and each
/// `session(in:)` one user's navigator there.
@MainActor
package struct OrdersApp {
    package let folder: TemporaryFolder
    package let config: SceneConfig

    /// The database file (made on the first start).
    package var database: String { folder.path("orders.sqlite") }

    package init() throws {
        folder = try TemporaryFolder()
        var text = "initial = \"ListOrders\"\n"
        for name in ["ListOrdersScene", "ShowOrderScene", "EditOrderScene"] {
            text +=
                "[plugins.\(name)]\npath = \"\(BuildProducts.library(name))\"\n[plugins.\(name).settings]\ndatabase = \"orders.sqlite\"\n"
        }
        text += "[[segues]]\nfrom = \"ShowOrder\"\nid = \"edit\"\nto = \"EditOrder\"\nstyle = \"present\"\n"
        config = try ConfigLoader().load(path: try folder.write(text, to: "orders-stack.conf"))
    }

    /// A fresh container with the three plugins loaded: one scene worker's.
    package func process() throws -> SceneContainer {
        let container = SceneContainer()
        let loader = PluginLoader(logger: Logger(label: "test"))
        for entry in config.plugins { _ = try loader.load(entry, into: container) }
        return container
    }

    /// One user's session in `container`, on ListOrders, its orders loaded (its background work settled).
    package func session(in container: SceneContainer) async throws -> Navigator {
        let navigator = Navigator(container: container, segues: config.segues)
        try await navigator.startSettled(at: config.initial.value)
        return navigator
    }

    /// Runs `commands` in order, each one's background work settled before the next, as `run` does.
    package static func run(_ commands: [FrontendCommand], in navigator: Navigator) async throws {
        for command in commands { try await navigator.executeSettled(command) }
    }
}

extension Navigator {
    /// `start(at:)`, then its background work (a list's load) settled, as a script's first screen is.
    /// The work is waited for with room for a loaded machine (`Slack`): it ends, and the wait with it.
    package func startSettled(at scene: String) async throws {
        try start(at: scene)
        _ = await settle(within: Slack.scaled(.seconds(10)))
    }

    /// `execute(_:)`, then the background work it started settled, as a script does after each command.
    package func executeSettled(_ command: FrontendCommand) async throws {
        try execute(command)
        _ = await settle(within: Slack.scaled(.seconds(10)))
    }
}
