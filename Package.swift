// swift-tools-version: 6.0
import PackageDescription

/// Every plugin is its own `.dynamic` product depending on the SDK *product* of the
/// nested SceneSDK package, so that all of them share one libSceneSDK.so (see docs/decisions.md, "The SDK").
let sdk: Target.Dependency = .product(name: "SceneSDK", package: "SceneSDK")
let ordersKit: Target.Dependency = .product(name: "OrdersKit", package: "OrdersKit")
let swift6: [SwiftSetting] = [.swiftLanguageMode(.v6), .enableUpcomingFeature("MemberImportVisibility")]

/// The benchmarks (scripts/benchmark sets SCENE_HOST_BENCHMARKS=1) are part of the package only when
/// asked for: a plain `swift build` builds the host, its worker and the demo's plugins, and fetches
/// none of what only the benchmarks use (Swinject, hdrhistogram-swift). They stay in this package,
/// not one of their own, because they time the host's layers through `package` declarations.
let benchmarks = Context.environment["SCENE_HOST_BENCHMARKS"] == "1"

/// A scene plugin: target name, folder, extra dependencies. (The test fixtures are a package of their
/// own, Tests/Fixtures, built by the tests that need them: `swift build` builds the host and the demo.)
struct PluginSpec {
    let name: String
    let path: String
    var dependencies: [Target.Dependency] = [sdk]
}

let plugins: [PluginSpec] = [
    PluginSpec(name: "HomeScene", path: "Plugins/HomeScene"),
    PluginSpec(name: "DetailScene", path: "Plugins/DetailScene"),
    PluginSpec(name: "ListOrdersScene", path: "Plugins/ListOrdersScene", dependencies: [sdk, ordersKit]),
    PluginSpec(name: "ShowOrderScene", path: "Plugins/ShowOrderScene", dependencies: [sdk, ordersKit]),
    PluginSpec(name: "EditOrderScene", path: "Plugins/EditOrderScene", dependencies: [sdk, ordersKit]),
    PluginSpec(name: "OrdersAppScene", path: "Plugins/OrdersAppScene"),
]

/// Libraries written in C (no Swift, no SDK): native-function plugins (docs/authoring.md,
/// "Writing a C plugin"). Each is its own `.dynamic` product.
let cLibraries: [(name: String, path: String)] = [
    ("NativePricing", "Plugins/NativePricing")
]

let package = Package(
    name: "scene-host",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "scene-host", targets: ["scene-host"]),
        .executable(name: "scene-host-serve", targets: ["scene-host-serve"]),
        .executable(name: "scene-host-worker", targets: ["scene-host-worker"]),
        .executable(name: "scene-host-probe", targets: ["scene-host-probe"]),
    ]
        + plugins.map { .library(name: $0.name, type: .dynamic, targets: [$0.name]) }
        + cLibraries.map { .library(name: $0.name, type: .dynamic, targets: [$0.name]) },
    dependencies: [
        .package(path: "Sources/SceneSDK"),
        .package(path: "Plugins/OrdersKit"),
        // The testing kit (tests only; never a dependency of the host or a plugin).
        .package(path: "Sources/SceneSDK/SceneTesting"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.0"),
        // The web frontend (scene-host serve): only the SceneHostWeb target uses these.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        // Already in the graph through Hummingbird; named for the idle timeout's TimeAmount (serve only).
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.81.0"),
        // Already in the graph through Hummingbird; named for the HTTP parts the connection guard reads.
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.34.1"),
        // The session stores of `serve` (docs/decisions.md, "Session stores"): SQLite, the default, through
        // GRDB (already built for the orders plugins).
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // The admin port's /metrics: the host counts through swift-metrics' API (a factory passed in,
        // no global bootstrap), and serve exposes them as Prometheus text.
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.0"),
        // The PostgreSQL session store (many serve instances, any machine).
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.0"),
    ],
    targets: [
        // libffi, for calling native functions whose signatures are known only at run time.
        .systemLibrary(name: "CFFI", path: "Sources/CFFI", pkgConfig: "libffi", providers: [.apt(["libffi-dev"])]),
        // Linux system calls Glibc does not give Swift (pidfd_open, through the variadic `syscall`).
        .target(name: "CSyscalls", path: "Sources/CSyscalls"),
        // The scene worker's crash handler (async-signal-safe C): which plugin's code the thread that
        // crashed was running, written to the host before the worker dies (docs/decisions.md).
        .target(name: "CCrashReport", path: "Sources/CCrashReport"),
        // The `open` of the processes that confine themselves (scene-host-worker; scene-host as the check
        // child), for libdispatch's thread monitor under Landlock (docs/decisions.md).
        .target(name: "CWorkerShim", path: "Sources/CWorkerShim"),
        // SHA-256 in C, optimized even in a debug build (a 50 MB plugin is hashed within a probe's
        // time limit): swift-crypto imports Foundation, which the probe child must not load.
        .target(name: "CSHA256", path: "Sources/CSHA256", cSettings: [.unsafeFlags(["-O2"])]),
        // Parts of the plugin loading kept apart by the compiler (docs/decisions.md, "Loading as targets"):
        // none knows the host's types, so none can reach into Loading/ or above it.
        // ELF reading from a file's bytes: headers, program headers, the dynamic section and symbols.
        .target(name: "SceneHostELF", swiftSettings: swift6),
        // Owner and mode walks of paths (FileTrust), the plain paths they skip splitting, and which file
        // is mapped at an address.
        .target(name: "SceneHostFileTrust", swiftSettings: swift6),
        // The byte layer of the probe cache and the worker frames (LEB128, a string table) and SHA-256.
        .target(name: "SceneHostRecordCodec", dependencies: ["CSHA256"], swiftSettings: swift6),
        // Probe and worker processes: spawning in a group of their own, the signal handler that kills
        // the group, unnamed files for their output, pidfd waits.
        .target(name: "SceneHostProcesses", dependencies: ["CSyscalls", "CCrashReport"], swiftSettings: swift6),
        // The host's bottom layer: errors and their texts, exit codes, locations, names and the
        // terminal escaping every message goes through. It knows no other layer of the host.
        .target(
            name: "SceneHostCore",
            dependencies: [sdk, .product(name: "Logging", package: "swift-log")],
            swiftSettings: swift6
        ),
        // libffi for native functions: signatures, prepared calls, argument conversion, callbacks.
        .target(
            name: "SceneHostNative",
            dependencies: ["SceneHostCore", "CFFI", sdk],
            swiftSettings: swift6
        ),
        // The C interface of scenes (docs/decisions.md, "Scenes in C"): its header, a module so the host's
        // Swift code compiles against the very declarations a plugin is built with.
        .target(name: "CSceneHost", path: "Sources/CSceneHost"),
        // The C interface as data: its functions, roles, element kinds, events and field types, from which
        // `scene-host interface` writes the header and the JSON description.
        .target(
            name: "SceneHostCInterface",
            dependencies: [sdk],
            swiftSettings: swift6
        ),
        // Scenes written in C: a plugin's declarations read through the C interface, its roles found by
        // name and called through libffi, wired as the four parts of any scene.
        .target(
            name: "SceneHostCScenes",
            dependencies: ["SceneHostCore", "SceneHostNative", "SceneHostCInterface", "CSceneHost", "CSyscalls", sdk],
            swiftSettings: swift6
        ),
        // The dependency container and the scene assembler: what a plugin registers, and how a scene is wired.
        .target(
            name: "SceneHostContainer",
            dependencies: ["SceneHostCore", "SceneHostNative", sdk],
            swiftSettings: swift6
        ),
        // scenes.conf read, checked and located (TOML through TOMLKit), each plugin's table a `PluginEntry`.
        .target(
            name: "SceneHostConfig",
            dependencies: ["SceneHostCore", "SceneHostFileTrust", sdk],
            swiftSettings: swift6
        ),
        // Reading scenes.conf: its TOML (TOMLKit, a C++ parser), its keys located for messages, its
        // limits. Apart from the checked model above, so a process that only receives a checked
        // config (a probe child, a scene worker) does not link the parser.
        .target(
            name: "SceneHostConfigFile",
            dependencies: [
                "SceneHostCore", "SceneHostConfig", sdk, .product(name: "TOMLKit", package: "TOMLKit"),
            ],
            swiftSettings: swift6
        ),
        // The plugin file, its trust and dependencies, pins, probes and their cache: what makes a
        // plugin safe to open, and opening it.
        .target(
            name: "SceneHostLoading",
            dependencies: [
                "SceneHostCore", "SceneHostNative", "SceneHostContainer", "SceneHostConfig",
                "SceneHostELF", "SceneHostFileTrust", "SceneHostRecordCodec", "SceneHostProcesses",
                "SceneHostCScenes", "SceneHostCInterface", sdk,
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swift6
        ),
        // The navigator: the stack, routes by name, data passed forward and back, its records.
        .target(
            name: "SceneHostNavigation",
            dependencies: [
                "SceneHostCore", "SceneHostNative", "SceneHostContainer", "SceneHostConfig", "SceneHostRecordCodec",
                sdk,
            ],
            swiftSettings: swift6
        ),
        // The navigation graph: every route of the app, checked and drawn (`scene-host graph`).
        .target(
            name: "SceneHostGraph",
            dependencies: [
                "SceneHostCore", "SceneHostNative", "SceneHostContainer", "SceneHostConfig", "SceneHostLoading",
                "SceneHostNavigation", sdk,
            ],
            swiftSettings: swift6
        ),
        // The frontends every session shares: sessions, commands, scripts, transcripts, the terminal.
        .target(
            name: "SceneHostFrontend",
            dependencies: [
                "SceneHostCore",
                "SceneHostNative",
                "SceneHostContainer",
                "SceneHostConfig",
                "SceneHostLoading",
                "SceneHostNavigation",
                "SceneHostRecordCodec",
                sdk,
            ],
            swiftSettings: swift6
        ),
        // Scene workers: the worker process, its frames and start message, the pool, faults, the sandbox.
        .target(
            name: "SceneHostWorkers",
            dependencies: [
                "CSyscalls",
                "SceneHostCore",
                "SceneHostContainer",
                "SceneHostConfig", "SceneHostConfigFile",
                "SceneHostLoading",
                "SceneHostNavigation",
                "SceneHostFrontend",
                "SceneHostRecordCodec",
                "SceneHostProcesses",
                sdk,
                .product(name: "Logging", package: "swift-log"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
            ],
            swiftSettings: swift6
        ),
        // What a session is when it is stored: keys, bodies, guards, the store protocol and its memory store.
        .target(
            name: "SceneHostSessions",
            dependencies: [
                "SceneHostCore",
                "SceneHostLoading",
                "SceneHostNavigation",
                "SceneHostFileTrust",
                "SceneHostRecordCodec",
                sdk,
            ],
            swiftSettings: swift6
        ),
        // The web frontend's model without a server: pages, forms, links, cookies, guards and limits.
        .target(
            name: "SceneHostWebModel",
            dependencies: [
                "SceneHostCore",
                "SceneHostLoading",
                "SceneHostNavigation",
                "SceneHostFrontend",
                "SceneHostWorkers",
                "SceneHostSessions",
                sdk,
                .product(name: "Logging", package: "swift-log"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
            ],
            swiftSettings: swift6
        ),
        // `scene-host new-scene`: the scene templates and the files they write.
        .target(
            name: "SceneHostScaffold",
            dependencies: ["SceneHostCore"],
            swiftSettings: swift6
        ),
        // The app: loading and checking an app, starting its workers, the startup cache, --watch's file watch.
        .target(
            name: "SceneHost",
            dependencies: [
                "SceneHostCore",
                "SceneHostContainer",
                "SceneHostConfig", "SceneHostConfigFile",
                "SceneHostLoading",
                "SceneHostNavigation",
                "SceneHostGraph",
                "SceneHostWorkers",
                "SceneHostFileTrust",
                "SceneHostRecordCodec",
                "SceneHostProcesses",
                sdk,
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swift6
        ),
        // What the commands share (`scene-host` and `scene-host-serve`): the host's options, the standard
        // streams, the start every process takes, --watch's reload.
        .target(
            name: "SceneHostCommandLine",
            dependencies: [
                "SceneHost",
                "SceneHostCore",
                "SceneHostContainer",
                "SceneHostConfig",
                "SceneHostLoading",
                "SceneHostFrontend",
                "SceneHostWorkers",
                "SceneHostProcesses",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swift6
        ),
        // The default session store of `serve`: an SQLite file through GRDB. Only the CLI links it (a
        // scene worker never opens the store).
        .target(
            name: "SceneHostSQLiteStore",
            dependencies: ["SceneHostSessions", .product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: swift6
        ),
        // The session store of many `serve` instances: PostgreSQL through postgres-nio. Only the CLI links it.
        .target(
            name: "SceneHostPostgresStore",
            dependencies: [
                "SceneHostSessions", .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swift6
        ),
        // The web frontend: its own target, so the SceneHost library and its tests do not build swift-nio.
        .target(
            name: "SceneHostWeb",
            dependencies: [
                "SceneHostCore",
                "SceneHostFrontend",
                "SceneHostNavigation",
                "SceneHostSessions",
                "SceneHostWebModel",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ],
            swiftSettings: swift6
        ),
        // `scene-host`: run, check, list, graph, new, call, interface; `serve` starts scene-host-serve in its place.
        .executableTarget(
            name: "scene-host",
            dependencies: [
                "SceneHost",
                "SceneHostCommandLine",
                "SceneHostCore",
                "SceneHostNative",
                "SceneHostContainer",
                "SceneHostConfig", "SceneHostConfigFile",
                "SceneHostLoading",
                "SceneHostNavigation",
                "SceneHostGraph",
                "SceneHostFrontend",
                "SceneHostWorkers",
                "SceneHostScaffold",
                "SceneHostCInterface",
                "SceneHostRecordCodec",
                "SceneHostProcesses",
                "CWorkerShim",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: swift6
        ),
        // `scene-host serve`: the only executable that links the web stack and the session stores' drivers.
        .executableTarget(
            name: "scene-host-serve",
            dependencies: [
                "SceneHost",
                "SceneHostCommandLine",
                "SceneHostCore",
                "SceneHostContainer",
                "SceneHostConfig",
                "SceneHostNavigation",
                "SceneHostFrontend",
                "SceneHostWorkers",
                "SceneHostSessions",
                "SceneHostWebModel",
                "SceneHostWeb",
                "SceneHostSQLiteStore",
                "SceneHostPostgresStore",
                "CWorkerShim",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: swift6
        ),
        // The scene worker the host starts to run plugin code: no argument parser, no web stack, no
        // session store, so it starts (and restarts after a fault) quickly. Installed beside scene-host.
        .executableTarget(
            name: "scene-host-worker",
            dependencies: [
                "SceneHost",
                "SceneHostCore",
                "SceneHostContainer",
                "SceneHostConfig",
                "SceneHostLoading",
                "SceneHostWorkers",
                "SceneHostProcesses",
                "CWorkerShim",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swift6
        ),
        // The probe child the host starts to probe plugins: no Foundation, no config parser, no argument
        // parser, so it loads no library the probed plugins did not ask for. Installed beside scene-host.
        .executableTarget(
            name: "scene-host-probe",
            dependencies: [
                "SceneHostCore", "SceneHostLoading", "SceneHostProcesses", "SceneHostRecordCodec", "CWorkerShim",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swift6
        ),
        // Test helpers, as test targets layered like the host: none knows a layer above what its users test.
        .testTarget(
            name: "TestSupport",
            dependencies: [
                "SceneHostRecordCodec", "SceneHostProcesses", sdk,
                .product(name: "Logging", package: "swift-log"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
            ],
            path: "Tests/Support",
            swiftSettings: swift6
        ),
        .testTarget(
            name: "LoadingTestSupport",
            dependencies: [
                "SceneHostRecordCodec", "SceneHostCore", "SceneHostNative", "SceneHostContainer",
                "SceneHostLoading", sdk,
            ],
            path: "Tests/LoadingSupport",
            swiftSettings: swift6
        ),
        .testTarget(
            name: "SceneTestSupport",
            dependencies: [
                "SceneHostCore", "SceneHostContainer", "SceneHostConfig", "SceneHostNavigation", sdk,
            ],
            path: "Tests/SceneSupport",
            swiftSettings: swift6
        ),
        .testTarget(
            name: "HostTestSupport",
            dependencies: [
                "SceneHostRecordCodec", "SceneHostCore", "SceneHostContainer", "SceneHostConfig", "SceneHostConfigFile",
                "SceneHostLoading", "SceneHostNavigation", "SceneHostFrontend", "SceneHostSessions",
                "SceneHostWebModel", "SceneHost", "TestSupport", "LoadingTestSupport", "SceneTestSupport",
                .product(name: "Logging", package: "swift-log"), .product(name: "GRDB", package: "GRDB.swift"),
            ],
            path: "Tests/HostSupport",
            swiftSettings: swift6
        ),
        // Unit tests: one target per host target, importing only that target and what it is built on
        // (ArchitectureTargetTests checks it); SceneSDKTests for the SDK and the kit; RepositoryTests for docs and layout.
        .testTarget(
            name: "SceneHostRecordCodecTests",
            dependencies: [
                "SceneHostRecordCodec", "TestSupport",
            ],
            path: "Tests/Unit/SceneHostRecordCodecTests",
            swiftSettings: swift6
        ),
        .testTarget(
            name: "SceneHostELFTests",
            dependencies: [
                "SceneHostELF"
            ],
            path: "Tests/Unit/SceneHostELFTests",
            swiftSettings: swift6
        ),
        .testTarget(
            name: "SceneHostFileTrustTests",
            dependencies: [
                "SceneHostFileTrust", "TestSupport",
            ],
            path: "Tests/Unit/SceneHostFileTrustTests",
            swiftSettings: swift6
        ),
        .testTarget(
            name: "SceneHostProcessesTests",
            dependencies: [
                "SceneHostProcesses", "TestSupport",
            ],
            path: "Tests/Unit/SceneHostProcessesTests",
            swiftSettings: swift6
        ),
        .testTarget(
            name: "SceneHostCoreTests",
            dependencies: [
                "SceneHostCore", "TestSupport",
            ],
            path: "Tests/Unit/SceneHostCoreTests",
            swiftSettings: swift6
        ),
        .testTarget(
            name: "SceneHostNativeTests",
            dependencies: [
                "SceneHostNative", "CFFI",
            ],
            path: "Tests/Unit/SceneHostNativeTests",
            swiftSettings: swift6
        ),
        .testTarget(
            name: "SceneHostCInterfaceTests",
            dependencies: [
                "SceneHostCInterface", "TestSupport", sdk,
            ],
            path: "Tests/Unit/SceneHostCInterfaceTests",
            swiftSettings: swift6
        ),
        .testTarget(
            name: "SceneHostContainerTests",
            dependencies: [
                "SceneHostContainer", "SceneHostCore", sdk,
            ],
            path: "Tests/Unit/SceneHostContainerTests",
            swiftSettings: swift6
        ),
        .testTarget(
            name: "SceneHostConfigTests",
            dependencies: ["SceneHostConfig", "SceneHostFileTrust"],
            path: "Tests/Unit/SceneHostConfigTests",
            swiftSettings: swift6
        ),
        .testTarget(
            name: "SceneHostConfigFileTests",
            dependencies: [
                "SceneHostConfigFile", "SceneHostConfig", "SceneHostFileTrust", "SceneHostCore", "TestSupport", sdk,
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            path: "Tests/Unit/SceneHostConfigFileTests",
            swiftSettings: swift6
        ),
        .testTarget(
            name: "SceneHostLoadingTests",
            dependencies: [
                "SceneHostLoading", "SceneHostRecordCodec", "SceneHostProcesses", "SceneHostCore",
                "SceneHostNative", "SceneHostContainer", "SceneHostConfig", "TestSupport",
                "LoadingTestSupport", sdk, .product(name: "Logging", package: "swift-log"),
                .product(name: "SceneTesting", package: "SceneTesting"),
            ],
            path: "Tests/Unit/SceneHostLoadingTests",
            swiftSettings: swift6
        ),
        .testTarget(
            name: "SceneHostNavigationTests",
            dependencies: [
                "SceneHostNavigation", "SceneHostRecordCodec", "SceneHostCore", "SceneHostContainer",
                "TestSupport", "SceneTestSupport", sdk,
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            path: "Tests/Unit/SceneHostNavigationTests",
            swiftSettings: swift6
        ),
        .testTarget(
            name: "SceneHostGraphTests",
            dependencies: [
                "SceneHostGraph", "SceneHostCore", "SceneHostContainer", "SceneHostConfig",
                "SceneHostNavigation", "SceneTestSupport", sdk,
            ],
            path: "Tests/Unit/SceneHostGraphTests",
            swiftSettings: swift6
        ),
        .testTarget(
            name: "SceneHostFrontendTests",
            dependencies: [
                "SceneHostFrontend", "SceneHostCore", "SceneHostNavigation", "SceneHostContainer", "TestSupport",
                "SceneTestSupport", sdk,
            ],
            path: "Tests/Unit/SceneHostFrontendTests",
            swiftSettings: swift6
        ),
        .testTarget(
            name: "SceneHostWorkersTests",
            dependencies: [
                "SceneHostWorkers", "SceneHostRecordCodec", "SceneHostProcesses", "SceneHostCore",
                "SceneHostContainer", "SceneHostConfig", "SceneHostLoading", "SceneHostNavigation",
                "SceneHostFrontend", "TestSupport", "LoadingTestSupport", "SceneTestSupport", sdk,
            ],
            path: "Tests/Unit/SceneHostWorkersTests",
            swiftSettings: swift6
        ),
        .testTarget(
            name: "SceneHostSessionsTests",
            dependencies: [
                "SceneHostSessions", "SceneHostNavigation", sdk,
            ],
            path: "Tests/Unit/SceneHostSessionsTests",
            swiftSettings: swift6
        ),
        .testTarget(
            name: "SceneHostWebTests",
            dependencies: ["SceneHostWeb", "SceneHostWebModel", "SceneHostFrontend", "SceneHostSessions"],
            path: "Tests/Unit/SceneHostWebTests",
            swiftSettings: swift6
        ),
        .testTarget(
            name: "SceneHostWebModelTests",
            dependencies: [
                "SceneHostWebModel", "SceneHostCore", "SceneHostNavigation", "SceneHostFrontend",
                "SceneHostWorkers", "SceneHostSessions", sdk,
            ],
            path: "Tests/Unit/SceneHostWebModelTests",
            swiftSettings: swift6
        ),
        .testTarget(
            name: "SceneHostScaffoldTests",
            dependencies: [
                "SceneHostScaffold", "SceneHostCore", "TestSupport",
            ],
            path: "Tests/Unit/SceneHostScaffoldTests",
            swiftSettings: swift6
        ),
        .testTarget(
            name: "SceneHostTests",
            dependencies: [
                "SceneHost", "SceneHostRecordCodec", "SceneHostFileTrust", "SceneHostCore", "SceneHostNative",
                "SceneHostContainer", "SceneHostConfig", "SceneHostLoading", "SceneHostNavigation",
                "SceneHostGraph", "SceneHostFrontend", "SceneHostWorkers", "SceneHostWebModel",
                "SceneHostScaffold", "TestSupport", "LoadingTestSupport", "SceneTestSupport",
                "HostTestSupport", sdk, .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tests/Unit/SceneHostTests",
            swiftSettings: swift6
        ),
        .testTarget(
            name: "RepositoryTests",
            dependencies: [
                "SceneHostCore", "SceneHostNative", "SceneHostContainer", "SceneHostConfig",
                "SceneHostLoading", "SceneHostNavigation", "SceneHostGraph", "SceneHostFrontend",
                "SceneHostWorkers", "SceneHostWebModel", "SceneHostScaffold", "SceneHost", "TestSupport",
            ],
            path: "Tests/Unit/RepositoryTests",
            swiftSettings: swift6
        ),
        .testTarget(
            name: "SceneSDKTests",
            dependencies: [
                "TestSupport", "SceneTestSupport", sdk,
                .product(name: "SceneTesting", package: "SceneTesting"),
            ],
            path: "Tests/Unit/SceneSDKTests",
            swiftSettings: swift6
        ),
        // Integration tests (the real .so files, real servers) and end-to-end tests (the real binaries).
        .testTarget(
            name: "IntegrationTests",
            dependencies: [
                "SceneHostRecordCodec", "SceneHostELF", "SceneHostFileTrust", "SceneHostProcesses",
                "SceneHostCore", "SceneHostNative", "SceneHostContainer", "SceneHostConfig", "SceneHostConfigFile",
                "SceneHostLoading", "SceneHostNavigation", "SceneHostFrontend", "SceneHostWorkers",
                "SceneHostSessions", "SceneHostWebModel", "SceneHostScaffold", "SceneHost", "SceneHostSQLiteStore",
                "SceneHostPostgresStore", "TestSupport", "SceneTestSupport", "HostTestSupport", sdk,
                .product(name: "Logging", package: "swift-log"), ordersKit,
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            path: "Tests/Integration",
            swiftSettings: swift6
        ),
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "SceneHostRecordCodec", "SceneHostFileTrust", "SceneHostProcesses", "SceneHostCore",
                "SceneHostContainer", "SceneHostConfig", "SceneHostLoading", "SceneHostNavigation",
                "SceneHostGraph", "SceneHostFrontend", "SceneHostWorkers", "SceneHostWebModel",
                "SceneHostScaffold", "SceneHost", "TestSupport", "LoadingTestSupport", "HostTestSupport", sdk,
                .product(name: "Logging", package: "swift-log"), ordersKit,
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            path: "Tests/EndToEnd",
            swiftSettings: swift6
        ),
    ] + plugins.map { .target(name: $0.name, dependencies: $0.dependencies, path: $0.path, swiftSettings: swift6) }
        + cLibraries.map { .target(name: $0.name, path: $0.path) }
)

if benchmarks {
    package.products.append(.executable(name: "scene-host-bench", targets: ["scene-host-bench"]))
    package.dependencies += [
        .package(url: "https://github.com/Swinject/Swinject", from: "2.10.0"),
        // Per-operation latency percentiles in the benchmark only (never the host).
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.2.0"),
    ]
    package.targets += [
        // The benchmarks (scripts/benchmark): separate from the tests, ratios against baselines.
        .executableTarget(
            name: "scene-host-bench",
            dependencies: [
                "SceneHost", "SceneHostCore", "SceneHostNative", "SceneHostContainer", "SceneHostConfig",
                "SceneHostConfigFile",
                "SceneHostLoading", "SceneHostNavigation", "SceneHostFrontend", "SceneHostWorkers",
                sdk,
                "BenchHomeScene",
                "BenchDetailScene",
                "BenchListOrdersScene",
                "BenchShowOrderScene",
                "BenchNativePricing",
                ordersKit,
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Swinject", package: "Swinject"),
                .product(name: "Histogram", package: "hdrhistogram-swift"),
            ],
            path: "Benchmarks/scene-host-bench",
            swiftSettings: swift6
        ),
        // The navigation figures' fair baseline: the demo's Home and Detail sources (symbolic links,
        // without their plugin entry files) compiled into the benchmark and wired by hand.
        .target(name: "BenchHomeScene", dependencies: [sdk], path: "Benchmarks/BenchHomeScene", swiftSettings: swift6),
        .target(
            name: "BenchDetailScene", dependencies: [sdk], path: "Benchmarks/BenchDetailScene", swiftSettings: swift6),
        // The container figures' fair baseline: the orders app's ListOrders and ShowOrder sources (symbolic
        // links, without their plugin entry and registration files) and its C pricing Worker, compiled
        // into the benchmark and wired by hand.
        .target(
            name: "BenchListOrdersScene", dependencies: [sdk, ordersKit], path: "Benchmarks/BenchListOrdersScene",
            swiftSettings: swift6),
        .target(
            name: "BenchShowOrderScene", dependencies: [sdk, ordersKit], path: "Benchmarks/BenchShowOrderScene",
            swiftSettings: swift6),
        .target(name: "BenchNativePricing", path: "Benchmarks/BenchNativePricing"),
        // The physical floor of the start-up figures: a Swift executable that prints one line and exits.
        .executableTarget(
            name: "scene-host-bench-floor", path: "Benchmarks/scene-host-bench-floor", swiftSettings: swift6),
        // The raw side of the libffi figures: libffi called from C, nothing of the host around it.
        // The raw side of the worker hop: a socketpair ping-pong between two C processes.
        .executableTarget(name: "scene-host-bench-pingpong", path: "Benchmarks/scene-host-bench-pingpong"),
        .executableTarget(
            name: "scene-host-bench-ffi", dependencies: ["CFFI"], path: "Benchmarks/scene-host-bench-ffi",
            linkerSettings: [.linkedLibrary("ffi")]),
    ]
}
