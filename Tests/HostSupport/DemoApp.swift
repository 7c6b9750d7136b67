@testable import SceneHostContainer
@testable import SceneHostConfig
@testable import SceneHostNavigation
import SceneTestSupport

/// The demo's two real plugins loaded into a container, with a navigator showing Home.
@MainActor
package enum DemoApp {
    package static func navigator(
        segues: [SegueDeclaration] = [ProbeScenes.segue(from: "Home", id: "showDetail", to: "Detail")]
    ) throws -> Navigator {
        let container = SceneContainer()
        try BuiltPlugins.load(["HomeScene", "DetailScene"], into: container)
        let navigator = Navigator(container: container, segues: segues)
        try navigator.start(at: "Home")
        return navigator
    }
}
