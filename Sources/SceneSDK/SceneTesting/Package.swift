// swift-tools-version: 6.0
// The testing kit is its own package, next to the SDK, so that it can depend on the SDK's
// *dynamic product*: a target of the SDK package could only depend on the SceneSDK target, and
// SwiftPM would then copy the SDK statically into every test binary that uses the kit, next to
// the libSceneSDK.so its plugins need (two copies of the SDK's types; docs/decisions.md).
// For tests only: plugins and the host never depend on it.
import PackageDescription

let package = Package(
    name: "SceneTesting",
    products: [
        .library(name: "SceneTesting", targets: ["SceneTesting"]),
    ],
    dependencies: [
        .package(path: ".."),
    ],
    targets: [
        .target(
            name: "SceneTesting",
            dependencies: [.product(name: "SceneSDK", package: "SceneSDK")],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
    ]
)
