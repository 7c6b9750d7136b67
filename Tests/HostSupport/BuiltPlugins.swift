import Logging
@testable import SceneHostCore
@testable import SceneHostContainer
@testable import SceneHostConfig
@testable import SceneHostLoading
import TestSupport

/// Loads built plugin libraries into a container, as the host would from a config.
@MainActor
package enum BuiltPlugins {
    package static func load(_ names: [String], into container: SceneContainer, file: String = "scenes.conf") throws {
        let loader = PluginLoader(logger: Logger(label: "test"))
        for name in names {
            let path = BuildProducts.library(name)
            let location = SourceLocation(file: file, line: 1, column: 1)
            _ = try loader.load(
                PluginEntry(
                    name: name, path: path, resolvedPath: path, sha256: nil, location: location, pathLocation: location),
                into: container)
        }
    }
}
