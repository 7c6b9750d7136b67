/// Tests/<PLUGIN>Tests/<NAME>Tests.swift, and what the package needs for it.
///
/// `{{PLUGIN_TYPE}}` is the `ScenePlugin` type, `{{ROUTE_TESTS}}` the tests of the scene's routes
/// (`SceneRouteTemplate.test`); without the kit, `{{SCENE_COUNT}}` (and its words) the number of
/// scenes the plugin registers, each with one Worker.
///
/// With the testing kit (`SceneTesting`, a package in the SDK folder) the test drives the scene
/// as a user would; without it (an SDK from before the kit) it checks the registration and the
/// display logic with SceneSDK and Swift Testing only. Everything about the test is in this file.
enum PluginTestsTemplate {
    /// The extra dependency line of Package.swift.
    static func kitPackage(kit: Bool) -> String {
        kit ? "\n        .package(path: \"{{SDK}}/SceneTesting\")," : ""
    }

    /// The dependencies of the test target.
    static func testDependencies(kit: Bool) -> String {
        kit
            ? #""{{PLUGIN}}", .product(name: "SceneTesting", package: "SceneTesting")"#
            : #""{{PLUGIN}}", .product(name: "SceneSDK", package: "SceneSDK")"#
    }

    package static func text(kit: Bool) -> String { kit ? withKit : withoutKit }

    static let withKit = #"""
        import SceneSDK
        import SceneTesting
        import Testing
        @testable import {{PLUGIN}}

        /// {{NAME}} driven as a user would, without the host: the testing kit builds the scene from
        /// the plugin's registration and records every route and exit.
        @MainActor
        @Suite("{{NAME}}")
        struct {{NAME}}Tests {
            @Test("Update shows the typed text in the label, through the VIP cycle and the Worker's background work")
            func updateShowsTheText() async throws {
                let kit = SceneTestKit()
                try kit.load({{PLUGIN_TYPE}}.self)
                try kit.start("{{NAME}}")
                // viewDidLoad asked the Worker for the first message: the kit runs that work to its end.
                #expect(await kit.settle())
                #expect(try kit.text("message") == "Nothing yet")

                try kit.edit("text", text: "  Hello  ")
                try kit.tap("update")
                // The Worker runs in the background: the screen says so until the kit runs it to its end.
                #expect(try kit.element("working") == .progress(id: "working", label: "Working", value: nil))
                #expect(await kit.settle())
                #expect(try kit.screen().element(id: "working") == nil)

                #expect(try kit.text("message") == "You said: Hello")
                #expect(kit.workFailures.isEmpty)
            }

            @Test("Done goes back to the scene that showed it")
            func doneGoesBack() throws {
                let kit = SceneTestKit()
                try kit.load({{PLUGIN_TYPE}}.self)
                try kit.start("{{NAME}}")

                try kit.tap("done")

                #expect(kit.exits.count == 1)
                #expect(kit.routes.isEmpty)
            }{{ROUTE_TESTS}}

            @Test("the four parts are released with the scene, its work cancelled: no reference cycle between them")
            func noLeaks() async throws {
                let kit = SceneTestKit()
                try kit.load({{PLUGIN_TYPE}}.self)
                try kit.start("{{NAME}}")
                try kit.tap("update")
                try await kit.assertReleased(waitingForWork: .seconds(1))
            }
        }

        """#

    static let withoutKit = #"""
        import SceneSDK
        import Testing
        @testable import {{PLUGIN}}

        /// {{NAME}}'s registration and display logic, checked with SceneSDK alone.
        @MainActor
        @Suite("{{NAME}}")
        struct {{NAME}}Tests {
            @Test("the plugin registers {{SCENE_COUNT_TEXT}} and {{WORKER_TEXT}}")
            func registers() throws {
                let registry = CollectingRegistry()
                try {{PLUGIN_TYPE}}.register(in: registry)
                #expect(registry.sceneCount == {{SCENE_COUNT}})
                #expect(registry.serviceCount == {{SCENE_COUNT}})
            }

            @Test("the view model reaches the label")
            func displaysTheViewModel() {
                let viewController = {{NAME}}ViewController()
                viewController.displaySomething(viewModel: {{NAME}}.Something.ViewModel(text: "You said: Hello"))
                #expect(viewController.render().elements.first == .label(id: "message", text: "You said: Hello"))
            }

            @Test("the Worker trims the text")
            func workerTrims() async throws {
                #expect(try await {{NAME}}Worker().doSomeWork(text: "  Hello  ") == "Hello")
            }
        }{{COLLECTING_REGISTRY}}

        """#

    /// Without the kit: the registry the tests count with, declared once per test target (in its
    /// first scene's tests).
    static let collectingRegistry = #"""


        /// Counts what the plugin registers, as the host's registry would receive it.
        final class CollectingRegistry: SceneRegistry {
            var sceneCount = 0
            var serviceCount = 0

            func register(_ blueprint: SceneBlueprint) throws {
                sceneCount += 1
            }

            func registerService(_ type: Any.Type, factory: @escaping @MainActor (any ServiceResolving) throws -> Any) {
                serviceCount += 1
            }
        }
        """#
}
