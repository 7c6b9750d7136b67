// swift-tools-version: 6.0
import PackageDescription

/// The test fixtures: plugins that are wrong on purpose, or shaped to fail in one way. A package of
/// their own, so that a plain `swift build` of scene-host builds the host and the demo only; the tests
/// that need them build this package (`scripts/build-fixtures.sh`, or the tests' `FixtureBuild` on
/// first use) into `.build/fixtures` of the repository.
///
/// Like every plugin built outside the repository, each links the SDK *product* of the SceneSDK
/// package, so that all of them need the one libSceneSDK.so the host has loaded.
let sdk: Target.Dependency = .product(name: "SceneSDK", package: "SceneSDK")
let swift6: [SwiftSetting] = [.swiftLanguageMode(.v6)]

/// The Swift fixtures, each in the folder of its name.
let swiftFixtures = [
    "DuplicateHome", "BadABI", "NoEntry", "Contracts", "Liar", "Crash", "Fatal", "Hang", "Throws",
    "NullEntry", "NewerSDK", "OtherSwift", "Numbered", "OtherSDKBuild",
    "Daemon", "FaultyScene", "Realistic", "Fragile", "Links", "RouteTypo", "SettingHang", "Hostile", "Fickle", "Saboteur",
    "HugeRoute", "Form", "Async", "TwiceInOne", "FormReworded", "Busy", "Samples", "Clock", "Containers", "ContainerTypo",
]

let package = Package(
    name: "scene-host-fixtures",
    platforms: [.macOS(.v13)],
    products: swiftFixtures.map { .library(name: "Fixture\($0)", type: .dynamic, targets: ["Fixture\($0)"]) }
        + [
            .library(name: "FixtureOwnSDK", type: .dynamic, targets: ["FixtureOwnSDK"]),
            // A library written in C (no Swift, no SDK): native functions of every type.
            .library(name: "FixtureNativeTypes", type: .dynamic, targets: ["FixtureNativeTypes"]),
            // A Swift plugin with native functions: @_cdecl functions, the table from a C target in the same library.
            .library(name: "FixtureNativeSwift", type: .dynamic, targets: ["FixtureNativeSwift", "FixtureNativeSwiftTable"]),
            // Answers larger than a worker's channel takes, on demand: a render, a link's page, a native result (issue 46).
            .library(name: "FixtureOversized", type: .dynamic, targets: ["FixtureOversized", "FixtureOversizedTable"]),
            // A Swift plugin whose library's C destructor crashes when the process ends.
            .library(name: "FixtureCrashingDestructor", type: .dynamic, targets: ["FixtureCrashingDestructor", "FixtureCrashingDestructorC"]),
        ],
    dependencies: [.package(path: "../../Sources/SceneSDK")],
    // FormReworded is Form's source built again with a fourth loan period (`REWORDED`): a new build of
    // the same plugin, for the live-reload tests (`--watch`).
    targets: swiftFixtures.map { .target(name: "Fixture\($0)", dependencies: [sdk], path: $0,
                                         swiftSettings: swift6 + ($0 == "FormReworded" ? [.define("REWORDED")] : [])) }
        + [
            // Links a static copy of the SDK: the mistake the host must refuse.
            .target(name: "FixtureOwnSDK", dependencies: [.product(name: "SceneSDKStaticCopyForTests", package: "SceneSDK")],
                    path: "OwnSDK", swiftSettings: swift6),
            .target(name: "FixtureNativeTypes", path: "NativeTypes"),
            .target(name: "FixtureNativeSwift", dependencies: [sdk], path: "NativeSwift/Scene", swiftSettings: swift6),
            .target(name: "FixtureNativeSwiftTable", path: "NativeSwift/Table"),
            .target(name: "FixtureOversized", dependencies: [sdk], path: "Oversized/Scene", swiftSettings: swift6),
            .target(name: "FixtureOversizedTable", path: "Oversized/Table"),
            .target(name: "FixtureCrashingDestructor", dependencies: [sdk], path: "CrashingDestructor/Scene", swiftSettings: swift6),
            .target(name: "FixtureCrashingDestructorC", path: "CrashingDestructor/Destructor"),
        ]
)
