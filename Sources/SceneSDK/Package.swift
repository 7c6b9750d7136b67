// swift-tools-version: 6.0
// The SDK is its own package so that SwiftPM links it as ONE shared library (libSceneSDK.so)
// that the host, every plugin and the tests all load: a target of the root package would be
// copied statically into each product, giving each copy its own type metadata.
import PackageDescription

let package = Package(
    name: "SceneSDK",
    products: [
        .library(name: "SceneSDK", type: .dynamic, targets: ["SceneSDK"]),
        // NOT for plugins: a static copy of the SDK exists only so the tests can build a plugin that
        // makes the classic mistake of carrying its own SDK, and prove the host refuses it.
        .library(name: "SceneSDKStaticCopyForTests", type: .static, targets: ["SceneSDK"]),
    ],
    targets: [
        // C layout of the plugin descriptor: readable by the host before any Swift code of a plugin runs.
        .target(name: "SceneABI", path: "ABI"),
        .target(
            name: "SceneSDK",
            dependencies: ["SceneABI"],
            path: ".",
            // api-baseline.json: the API the SDK is checked against (scripts/check-sdk-api.sh), not a resource.
            exclude: ["Package.swift", "ABI", "BuildSupport", "SceneTesting", "api-baseline.json"],
            swiftSettings: [.swiftLanguageMode(.v6)],
            // The SDK build identity (`sceneSDKFingerprint()`): a hash of the SDK's sources, generated
            // at every build, because the SDK is built without library evolution (docs/decisions.md).
            plugins: ["SDKFingerprintPlugin"]
        ),
        .plugin(
            name: "SDKFingerprintPlugin",
            capability: .buildTool(),
            dependencies: ["SDKFingerprintTool"],
            path: "BuildSupport/SDKFingerprintPlugin"
        ),
        .executableTarget(
            name: "SDKFingerprintTool",
            path: "BuildSupport/SDKFingerprintTool",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
    ]
)
