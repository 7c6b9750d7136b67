import Logging
@testable import SceneHost

/// The demo's two real plugins loaded into a container, with a navigator showing Home.
@MainActor
enum DemoApp {
    static func navigator(segues: [SegueDeclaration] = [ProbeScenes.segue(from: "Home", id: "showDetail", to: "Detail")]) throws -> Navigator {
        let container = SceneContainer()
        let loader = PluginLoader(logger: Logger(label: "test"))
        for name in ["HomeScene", "DetailScene"] {
            let path = BuildProducts.library(name)
            let location = SourceLocation(file: "scenes.conf", line: 1, column: 1)
            _ = try loader.load(PluginEntry(name: name, path: path, resolvedPath: path, sha256: nil, location: location, pathLocation: location), into: container)
        }
        let navigator = Navigator(container: container, segues: segues)
        try navigator.start(at: "Home")
        return navigator
    }
}
