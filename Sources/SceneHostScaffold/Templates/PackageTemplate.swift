/// Package.swift of a generated plugin: one dynamic library, the SDK by relative path.
///
/// `{{KIT_PACKAGE}}` and `{{TEST_DEPENDENCIES}}` come from `PluginTestsTemplate`, which knows
/// whether the testing kit is there.
enum PackageTemplate {
    package static let text = #"""
        // swift-tools-version: 6.0
        // The {{PLUGIN}} scene plugin, made by `scene-host new scene {{NAME}}`.
        import PackageDescription

        let package = Package(
            name: "{{PLUGIN}}",
            products: [
                // A dynamic library, lib{{PLUGIN}}.so: the host loads it and calls its scene_plugin_entry.
                .library(name: "{{PLUGIN}}", type: .dynamic, targets: ["{{PLUGIN}}"]),
            ],
            dependencies: [
                // The host's own SceneSDK sources: the host loads only plugins built against its exact SDK build.
                .package(path: "{{SDK}}"),{{KIT_PACKAGE}}
            ],
            targets: [
                .target(
                    name: "{{PLUGIN}}",
                    dependencies: [.product(name: "SceneSDK", package: "SceneSDK")],
                    swiftSettings: [.swiftLanguageMode(.v6)]
                ),
                .testTarget(
                    name: "{{PLUGIN}}Tests",
                    dependencies: [{{TEST_DEPENDENCIES}}],
                    swiftSettings: [.swiftLanguageMode(.v6)]
                ),
            ]
        )

        """#
}
