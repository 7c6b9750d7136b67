// swift-tools-version: 6.0
// An out-of-tree plugin package: two scene plugins and their tests, built on their own.
//
// Each plugin is a `.dynamic` library depending on the SDK *product*: the build makes its own
// libSceneSDK.so next to them, but the host loads its own copy first and the plugins bind to it.
// Both copies come from the same SDK sources, so they carry the same SDK build identity.
import PackageDescription

let sdk: Target.Dependency = .product(name: "SceneSDK", package: "SceneSDK")
let swift6: [SwiftSetting] = [.swiftLanguageMode(.v6)]

let package = Package(
    name: "GreetingPlugin",
    products: [
        .library(name: "GreetingScene", type: .dynamic, targets: ["GreetingScene", "GreetingSceneEntry"]),
        .library(name: "NameScene", type: .dynamic, targets: ["NameScene", "NameSceneEntry"]),
    ],
    dependencies: [
        // Outside this repository: the same folders of a checkout of the host release you target.
        .package(path: "../../Sources/SceneSDK"),
        .package(path: "../../Sources/SceneSDK/SceneTesting"),
    ],
    targets: [
        .target(name: "GreetingScene", dependencies: [sdk], swiftSettings: swift6),
        .target(name: "NameScene", dependencies: [sdk], swiftSettings: swift6),
        // Each plugin's `scene_plugin_entry`, kept out of the targets the tests link (two plugins,
        // one test binary: the symbol would be defined twice).
        .target(name: "GreetingSceneEntry", dependencies: ["GreetingScene", sdk], swiftSettings: swift6),
        .target(name: "NameSceneEntry", dependencies: ["NameScene", sdk], swiftSettings: swift6),
        .testTarget(
            name: "GreetingSceneTests",
            dependencies: ["GreetingScene", "NameScene", .product(name: "SceneTesting", package: "SceneTesting")],
            swiftSettings: swift6
        ),
    ]
)
