import Logging
@_spi(SceneHost) @testable import SceneHost
@testable import SceneHostContainer
@testable import SceneHostConfig
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
            text += "[plugins.\(name)]\npath = \"\(BuildProducts.library(name))\"\n[plugins.\(name).settings]\ndatabase = \"orders.sqlite\"\n"
        }
        text += "[[segues]]\nfrom = \"ShowOrder\"\nid = \"edit\"\nto = \"EditOrder\"\nstyle = \"present\"\n"
        config = try ConfigLoader().load(path: try folder.write(text, to: "orders.conf"))
    }

    /// A fresh container with the three plugins loaded: one scene worker's.
    package func process() throws -> SceneContainer {
        let container = SceneContainer()
        let loader = PluginLoader(logger: Logger(label: "test"))
        for entry in config.plugins { _ = try loader.load(entry, into: container) }
        return container
    }

    /// One user's session in `container`, on ListOrders.
    package func session(in container: SceneContainer) throws -> Navigator {
        let navigator = Navigator(container: container, segues: config.segues)
        try navigator.start(at: config.initial.value)
        return navigator
    }

    /// Runs `commands` in order.
    package static func run(_ commands: [FrontendCommand], in navigator: Navigator) throws {
        for command in commands { try navigator.execute(command) }
    }
}
