import Foundation

/// A config of one fixture plugin in a scratch folder, for end-to-end tests of the real binaries.
package struct FixtureApp {
    package let folder: TemporaryFolder
    package let config: String

    /// `initial` scene of the fixture library `library` (e.g. `FixtureForm`), configured as plugin
    /// `plugin`; `host` is the `[host]` table's body, if any.
    package init(initial: String, plugin: String, library: String, host: String = "") throws {
        folder = try TemporaryFolder()
        config = try folder.write(
            """
            initial = "\(initial)"
            \(host.isEmpty ? "" : "\n[host]\n\(host)\n")
            [plugins.\(plugin)]
            path = "\(BuildProducts.library(library))"
            """, to: "app.conf")
    }
}
