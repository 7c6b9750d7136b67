// swift-tools-version: 6.0
// Types the orders plugins and their tests share: its own package with a .dynamic product, for
// the same reason as the SDK — a target of the root package would be copied into every plugin.
// GRDB (the SQLite orders Worker) is linked into libOrdersKit.so once, for the same reason.
import PackageDescription

let package = Package(
    name: "OrdersKit",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "OrdersKit", type: .dynamic, targets: ["OrdersKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        .target(
            name: "OrdersKit",
            dependencies: [.product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
    ]
)
