import Foundation

/// A config of the Fragile fixture (scenes that fault on one input) and the native Types
/// fixture (`poke` faults on 13, hangs on 7), with a `[host]` table: for the scene-worker tests.
package struct FragileApp {
    package let folder: TemporaryFolder
    package let config: String
    /// The file the Fragile scenes' `arm` writes and their `viewDidLoad` reads (its path setting `bomb`).
    package var bomb: String { folder.path("bomb") }

    package init(host: String = "") throws {
        folder = try TemporaryFolder()
        config = try folder.write(
            """
            initial = "FragileHome"

            [plugins.Fragile]
            path = "\(BuildProducts.library("FixtureFragile"))"

            [plugins.Fragile.settings]
            bomb = "bomb"

            [plugins.Types]
            path = "\(BuildProducts.library("FixtureNativeTypes"))"

            [host]
            \(host)
            """, to: "fragile.conf")
    }

    /// `scene-host run` with `script` on standard input.
    package func run(_ script: String, timeLimit: Duration = .seconds(120)) throws -> HostProcess.Result {
        try HostProcess.run(["run", "--config", config], input: script, timeLimit: timeLimit)
    }

    /// The blocks of a script run's output, one per command: `> COMMAND` and what followed it.
    package static func blocks(_ output: String) -> [String] {
        output.components(separatedBy: "\n\n> ").map { $0.hasPrefix("> ") ? String($0.dropFirst(2)) : $0 }
    }
}
