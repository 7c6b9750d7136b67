import Foundation
import Testing
@testable import SceneHostScaffold

@Suite("PluginScaffold: the plugins of 'new plugin', and the Package.swift list --into adds to")
struct PluginScaffoldTests {
    static func shop(kit: Bool = true) throws -> PluginScaffold {
        try PluginScaffold(plugin: "Shop", scenes: ["Shop", "Cart", "Checkout"], testingKit: kit)
    }

    static func text(_ files: [GeneratedFile], _ path: String) -> String {
        files.first { $0.path == path }?.text ?? ""
    }

    @Test("the plugin type, a folder of the six Clean Swift files per scene, the entry target and a test per scene")
    func filePaths() throws {
        let cleanSwift = { (scene: String) in
            SceneFiles.roles.map { "Sources/Shop/\(scene)/\(scene)\($0).swift" }
        }
        #expect(
            try Self.shop().files.map(\.path)
                == ["Sources/Shop/ShopPlugin.swift"] + cleanSwift("Shop") + cleanSwift("Cart") + cleanSwift("Checkout")
                + [
                    "Sources/ShopEntry/ShopEntry.swift", "Tests/ShopTests/ShopTests.swift",
                    "Tests/ShopTests/CartTests.swift", "Tests/ShopTests/CheckoutTests.swift",
                ])
        #expect(try Self.shop().folders == ["Sources/Shop", "Sources/ShopEntry", "Tests/ShopTests"])
    }

    @Test("a scene that routes nowhere is the very files 'new scene' makes: one model of a scene")
    func sameScene() throws {
        let plugin = try Self.shop().files
        let scene = try SceneScaffold(scene: "Cart", plugin: "Shop", sdkPath: "../sdk", testingKit: true).files
        for role in SceneFiles.roles {
            #expect(
                Self.text(plugin, "Sources/Shop/Cart/Cart\(role).swift")
                    == Self.text(scene, "Sources/Shop/Cart\(role).swift"),
                "Cart\(role)")
        }
    }

    @Test("the first scene has a button, a tap, a router method, a declared route and a test for each other scene")
    func routes() throws {
        let files = try Self.shop().files
        let viewController = Self.text(files, "Sources/Shop/Shop/ShopViewController.swift")
        #expect(
            viewController.contains(
                """
                            .button(id: "update", title: "Update"),
                            .button(id: "showCart", title: "Cart"),
                            .button(id: "showCheckout", title: "Checkout"),
                            .button(id: "done", title: "Done"),
                """))
        #expect(
            viewController.contains(
                """
                        case .tap(button: "showCart"):
                            try router?.routeToCart()
                        case .tap(button: "showCheckout"):
                            try router?.routeToCheckout()
                        default:
                """))
        let router = Self.text(files, "Sources/Shop/Shop/ShopRouter.swift")
        #expect(router.contains("    func routeToPrevious() throws\n    func routeToCart() throws\n"))
        #expect(
            router.contains(
                """
                    /// On to Checkout, a scene of this plugin, in code (the Checkout button).
                    func routeToCheckout() throws {
                        try route(to: "Checkout", segue: nil, style: .push)
                    }
                """))
        let plugin = Self.text(files, "Sources/Shop/ShopPlugin.swift")
        #expect(
            plugin.contains(
                """
                                router: ShopRouter.init
                            )
                            .route(to: "Cart")
                            .route(to: "Checkout")
                        )
                """))
        #expect(plugin.contains("package enum ShopPlugin: ScenePlugin {\n    package static let name = \"Shop\"\n"))
        #expect(plugin.components(separatedBy: "try registry.register(").count - 1 == 3)
        #expect(Self.text(files, "Tests/ShopTests/ShopTests.swift").contains("try kit.tap(\"showCheckout\")"))
        for scene in ["Cart", "Checkout"] {
            #expect(
                !Self.text(files, "Sources/Shop/\(scene)/\(scene)ViewController.swift").contains("button(id: \"show"))
            #expect(!Self.text(files, "Tests/ShopTests/\(scene)Tests.swift").contains("showC"))
        }
        for file in files { #expect(!file.text.contains("{{"), "\(file.path) has a placeholder left") }
    }

    @Test("the entry target holds only the C symbol, naming the plugin type of the plugin's module")
    func entry() throws {
        let entry = Self.text(try Self.shop().files, "Sources/ShopEntry/ShopEntry.swift")
        #expect(entry.hasPrefix("import Shop\nimport SceneSDK\n"))
        #expect(
            entry.hasSuffix(
                "@_cdecl(\"scene_plugin_entry\")\npublic func scenePluginEntry() -> UnsafeRawPointer { "
                    + "ShopPlugin.exportDescriptor() }\n"
            ))
        #expect(!Self.text(try Self.shop().files, "Sources/Shop/ShopPlugin.swift").contains("@_cdecl"))
    }

    @Test("without the kit the tests count the plugin's scenes, and one file of the target declares the registry")
    func testsWithoutKit() throws {
        let files = try Self.shop(kit: false).files
        let first = Self.text(files, "Tests/ShopTests/ShopTests.swift")
        #expect(first.contains("@Test(\"the plugin registers 3 scenes and their Workers\")"))
        #expect(first.contains("#expect(registry.sceneCount == 3)"))
        #expect(first.contains("final class CollectingRegistry: SceneRegistry {"))
        #expect(!Self.text(files, "Tests/ShopTests/CartTests.swift").contains("final class CollectingRegistry"))
        #expect(!files.contains { $0.text.contains("SceneTesting") })
    }

    @Test(
        "without --scene, one scene: the plugin's name without a last 'Scene'",
        arguments: [("WeatherScene", "Weather"), ("Shop", "Shop"), ("Scene", "Scene"), ("SceneScene", "Scene")])
    func defaultScene(plugin: String, scene: String) {
        #expect(PluginScaffold.defaultScene(for: plugin) == scene)
    }

    @Test("Package.swift: the list of plugins between its markers, each plugin's three targets made from it")
    func manifest() throws {
        let withKit = PluginPackage.manifest(package: "App", plugins: ["Shop"], sdkPath: "../sdk", testingKit: true)
        #expect(withKit.hasPrefix("// swift-tools-version: 6.0\n"))
        #expect(
            withKit.contains(
                """
                // The plugins, one a line: `scene-host new plugin PLUGIN --into .` adds one here.
                let plugins = [
                    "Shop",
                ]  // The end of the plugins.
                """))
        #expect(withKit.contains("    name: \"App\",\n"))
        #expect(
            withKit.contains(".package(path: \"../sdk\"),\n        .package(path: \"../sdk/SceneTesting\"),\n    ],"))
        #expect(
            withKit.contains("Product.library(name: plugin, type: .dynamic, targets: [plugin, plugin + \"Entry\"])"))
        #expect(withKit.contains("name: plugin + \"Tests\", dependencies: [.target(name: plugin), testing],"))
        #expect(PluginPackage.usesTestingKit(withKit))
        let withoutKit = PluginPackage.manifest(
            package: "App", plugins: ["Shop"], sdkPath: "../sdk", testingKit: false)
        #expect(!withoutKit.contains("SceneTesting"))
        #expect(withoutKit.contains("let testing = sdk\n"))
        #expect(!PluginPackage.usesTestingKit(withoutKit))
    }

    @Test("--into reads the list and adds one line to it; a list edited out of shape is not read")
    func list() throws {
        let manifest = PluginPackage.manifest(
            package: "App", plugins: ["Shop", "Help"], sdkPath: "../sdk", testingKit: true)
        #expect(PluginList.plugins(in: manifest) == ["Shop", "Help"])
        let added = try #require(PluginList.adding("Account", to: manifest))
        #expect(PluginList.plugins(in: added) == ["Shop", "Help", "Account"])
        #expect(added.contains("    \"Help\",\n    \"Account\",\n]  // The end of the plugins.\n"))
        #expect(added.replacingOccurrences(of: "    \"Account\",\n", with: "") == manifest)
        for broken in [
            manifest.replacingOccurrences(of: "    \"Help\",", with: "    \"Help\", \"More\","),
            manifest.replacingOccurrences(of: "]  // The end of the plugins.", with: "]"),
            manifest.replacingOccurrences(of: "let plugins = [", with: "var plugins = ["),
            manifest.replacingOccurrences(of: PluginList.startMarker, with: "// plugins"),
            manifest.replacingOccurrences(of: "    \"Help\",", with: "    \"help\","),
        ] {
            #expect(PluginList.plugins(in: broken) == nil)
            #expect(PluginList.adding("Account", to: broken) == nil)
        }
    }

    @Test(
        "names a plugin would declare twice, or that SceneSDK, the kit or Swift use, are refused",
        arguments: [
            ("Shop", ["Shop", "Shop"], ScaffoldError.sceneTwice(scene: "Shop")),
            ("Shop", ["ShopPlugin"], .namesCollide(plugin: "Shop", declared: "ShopPlugin")),
            ("Shop", ["Cart", "CartWorker"], .namesCollide(plugin: "Shop", declared: "CartWorker")),
            ("Scene", [], .pluginNameClash(plugin: "Scene", scene: nil, declared: "ScenePlugin")),
            ("Shop", ["Screen"], .pluginNameClash(plugin: "Shop", scene: "Screen", declared: "Screen")),
            ("shop", [], .invalidName(option: "the plugin name", value: "shop", .notUpperCaseStart)),
            ("Shop", ["Cart", "check-out"], .invalidName(option: "--scene", value: "check-out", .notUpperCaseStart)),
        ] as [(String, [String], ScaffoldError)])
    func refusals(plugin: String, scenes: [String], error: ScaffoldError) {
        #expect(throws: error) { try PluginScaffold(plugin: plugin, scenes: scenes, testingKit: true) }
    }
}
