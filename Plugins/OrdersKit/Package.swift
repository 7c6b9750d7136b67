// swift-tools-version: 6.0
// Types the orders plugins and their tests share: its own package with a .dynamic product, for
// the same reason as the SDK — a target of the root package would be copied into every plugin.
import PackageDescription

let package = Package(
    name: "OrdersKit",
    products: [
        .library(name: "OrdersKit", type: .dynamic, targets: ["OrdersKit"]),
    ],
    targets: [
        .target(name: "OrdersKit", swiftSettings: [.swiftLanguageMode(.v6)]),
    ]
)
