/// Package.swift of `new plugin`: several plugins, each a `.dynamic` library of three targets, all made
/// from ONE generated list of plugin names that `new plugin --into` adds a line to (`PluginList`).
///
/// `{{LIST}}` is the list with its markers; `{{KIT_PACKAGE}}` and `{{TESTING}}` say whether the tests
/// use the testing kit (`PluginTestsTemplate`).
enum PluginPackageTemplate {
    package static let text = #"""
        // swift-tools-version: 6.0
        // The {{PACKAGE}} plugins, made by `scene-host new plugin`: each plugin is a .dynamic library,
        // lib<Plugin>.so, that the host loads. Each has three targets: <Plugin> (its scenes, linked by its
        // tests), <Plugin>Entry (its scene_plugin_entry, kept out of the tests: two plugins in one test
        // binary would define it twice) and <Plugin>Tests (its tests, each plugin's in its own target).
        import PackageDescription

        {{LIST}}

        let sdk: Target.Dependency = .product(name: "SceneSDK", package: "SceneSDK")
        {{TESTING}}
        let swift6: [SwiftSetting] = [.swiftLanguageMode(.v6)]

        let package = Package(
            name: "{{PACKAGE}}",
            products: plugins.map { plugin in
                Product.library(name: plugin, type: .dynamic, targets: [plugin, plugin + "Entry"])
            },
            dependencies: [
                // The host's own SceneSDK sources: the host loads only plugins built against its exact SDK build.
                .package(path: "{{SDK}}"),{{KIT_PACKAGE}}
            ],
            targets: plugins.flatMap { plugin -> [Target] in
                [
                    .target(name: plugin, dependencies: [sdk], path: "Sources/\(plugin)", swiftSettings: swift6),
                    .target(
                        name: plugin + "Entry", dependencies: [.target(name: plugin), sdk],
                        path: "Sources/\(plugin)Entry", swiftSettings: swift6),
                    // Every plugin has tests: a test target without sources would be left out, with its
                    // dependencies (SwiftPM would then warn that the testing kit is used by no target).
                    .testTarget(
                        name: plugin + "Tests", dependencies: [.target(name: plugin), testing],
                        path: "Tests/\(plugin)Tests", swiftSettings: swift6),
                ]
            }
        )

        """#

    /// The tests' dependency besides their plugin: the kit when the SDK has it, else SceneSDK.
    static func testing(kit: Bool) -> String {
        kit
            ? """
            // The testing kit, for the tests only: never a dependency of a plugin.
            let testing: Target.Dependency = .product(name: "SceneTesting", package: "SceneTesting")
            """
            : """
            // This SDK has no testing kit: the tests use SceneSDK alone.
            let testing = sdk
            """
    }
}
