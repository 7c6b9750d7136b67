// swift-tools-version: 6.0
import PackageDescription

/// Every plugin and fixture is its own `.dynamic` product depending on the SDK *product* of the
/// nested SceneSDK package, so that all of them share one libSceneSDK.so (see DESIGN.md).
let sdk: Target.Dependency = .product(name: "SceneSDK", package: "SceneSDK")
let ordersKit: Target.Dependency = .product(name: "OrdersKit", package: "OrdersKit")
let swift6: [SwiftSetting] = [.swiftLanguageMode(.v6)]

func plugin(_ name: String, path: String, dependencies: [Target.Dependency] = []) -> Target {
    .target(name: name, dependencies: [sdk] + dependencies, path: path, swiftSettings: swift6)
}

let package = Package(
    name: "scene-host",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "scene-host", targets: ["scene-host"]),
        .library(name: "HomeScene", type: .dynamic, targets: ["HomeScene"]),
        .library(name: "DetailScene", type: .dynamic, targets: ["DetailScene"]),
        .library(name: "ListOrdersScene", type: .dynamic, targets: ["ListOrdersScene"]),
        .library(name: "ShowOrderScene", type: .dynamic, targets: ["ShowOrderScene"]),
        .library(name: "EditOrderScene", type: .dynamic, targets: ["EditOrderScene"]),
        // Test fixtures: plugins that are wrong on purpose.
        .library(name: "FixtureDuplicateHome", type: .dynamic, targets: ["FixtureDuplicateHome"]),
        .library(name: "FixtureBadABI", type: .dynamic, targets: ["FixtureBadABI"]),
        .library(name: "FixtureNoEntry", type: .dynamic, targets: ["FixtureNoEntry"]),
        .library(name: "FixtureContracts", type: .dynamic, targets: ["FixtureContracts"]),
        .library(name: "FixtureLiar", type: .dynamic, targets: ["FixtureLiar"]),
        .library(name: "FixtureOwnSDK", type: .dynamic, targets: ["FixtureOwnSDK"]),
        .library(name: "FixtureCrash", type: .dynamic, targets: ["FixtureCrash"]),
        .library(name: "FixtureFatal", type: .dynamic, targets: ["FixtureFatal"]),
        .library(name: "FixtureHang", type: .dynamic, targets: ["FixtureHang"]),
        .library(name: "FixtureThrows", type: .dynamic, targets: ["FixtureThrows"]),
        .library(name: "FixtureNullEntry", type: .dynamic, targets: ["FixtureNullEntry"]),
        .library(name: "FixtureNewerSDK", type: .dynamic, targets: ["FixtureNewerSDK"]),
        .library(name: "FixtureOtherSwift", type: .dynamic, targets: ["FixtureOtherSwift"]),
    ],
    dependencies: [
        .package(path: "Sources/SceneSDK"),
        .package(path: "Plugins/OrdersKit"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.0"),
    ],
    targets: [
        .target(
            name: "SceneHost",
            dependencies: [
                sdk,
                .product(name: "Logging", package: "swift-log"),
                .product(name: "TOMLKit", package: "TOMLKit"),
            ],
            swiftSettings: swift6
        ),
        .executableTarget(
            name: "scene-host",
            dependencies: [
                "SceneHost",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swift6
        ),
        plugin("HomeScene", path: "Plugins/HomeScene"),
        plugin("DetailScene", path: "Plugins/DetailScene"),
        plugin("ListOrdersScene", path: "Plugins/ListOrdersScene", dependencies: [ordersKit]),
        plugin("ShowOrderScene", path: "Plugins/ShowOrderScene"),
        plugin("EditOrderScene", path: "Plugins/EditOrderScene"),
        plugin("FixtureDuplicateHome", path: "Tests/Fixtures/DuplicateHome"),
        plugin("FixtureBadABI", path: "Tests/Fixtures/BadABI"),
        plugin("FixtureNoEntry", path: "Tests/Fixtures/NoEntry"),
        plugin("FixtureContracts", path: "Tests/Fixtures/Contracts"),
        plugin("FixtureLiar", path: "Tests/Fixtures/Liar"),
        .target(name: "FixtureOwnSDK", dependencies: [.product(name: "SceneSDKStaticCopyForTests", package: "SceneSDK")],
                path: "Tests/Fixtures/OwnSDK", swiftSettings: swift6),
        plugin("FixtureCrash", path: "Tests/Fixtures/Crash"),
        plugin("FixtureFatal", path: "Tests/Fixtures/Fatal"),
        plugin("FixtureHang", path: "Tests/Fixtures/Hang"),
        plugin("FixtureThrows", path: "Tests/Fixtures/Throws"),
        plugin("FixtureNullEntry", path: "Tests/Fixtures/NullEntry"),
        plugin("FixtureNewerSDK", path: "Tests/Fixtures/NewerSDK"),
        plugin("FixtureOtherSwift", path: "Tests/Fixtures/OtherSwift"),
        .testTarget(
            name: "SceneHostTests",
            dependencies: ["SceneHost", sdk, ordersKit, .product(name: "PropertyBased", package: "swift-property-based")],
            swiftSettings: swift6
        ),
    ]
)
