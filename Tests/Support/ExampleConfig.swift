import Foundation

/// A config of examples/ copied into a scratch folder with its plugin paths made absolute (the C
/// and C++ plugins' built by `CScenePlugins` when a config names one): a file
/// it names relative to its own folder (the orders' `database = "orders.sqlite"`) is made in the
/// scratch folder, never in the package's examples/.
package enum ExampleConfig {
    /// `examples/NAME` written into `folder` under the same name; returns its path.
    package static func copy(_ name: String, into folder: TemporaryFolder) throws -> String {
        let text = try String(
            contentsOf: BuildProducts.packageRoot.appendingPathComponent("examples/\(name)"), encoding: .utf8
        )
        .replacingOccurrences(of: "../.build/fixtures/debug/", with: FixtureBuild.directory.path + "/")
        .replacingOccurrences(of: "../.build/debug/", with: BuildProducts.directory.path + "/")
        .replacingOccurrences(of: "../.build/c-scenes/", with: CScenePlugins.directory.path + "/")
        return try folder.write(text, to: name)
    }
}
