/// The files of a container scene (`new scene NAME --tabs ...` or `--panes ...`) that differ from a
/// plain scene's: its screen (a short header; the host draws the slots around it), its presenter and
/// models, its slots' declarations and routes, and its tests. The Interactor, Worker and Router are
/// the plain scene's (the router gets the slots' routes and `routeToSlot(named:)`).
///
/// `{{KIND_TITLE}}` is "Tabs" or "Panes", `{{SLOT_TITLES}}` the slots' titles joined by ", ".
enum ContainerTemplate {
    static let viewController = #"""
        import SceneSDK

        @MainActor
        protocol {{NAME}}DisplayLogic: AnyObject {
            func displaySomething(viewModel: {{NAME}}.Something.ViewModel)
        }

        /// {{NAME}}'s own screen: a short header. {{NAME}} is a container: the host shows its slots
        /// around it (a tab bar choice `@tabs`, or a section `@NAME` per pane) and each slot's scene in
        /// them; the title names the container. The header's text comes through the VIP cycle.
        final class {{NAME}}ViewController: SceneViewController<any {{NAME}}BusinessLogic, any {{NAME}}RoutingLogic & {{NAME}}DataPassing>, {{NAME}}DisplayLogic {
            private var headerText = ""

            override func viewDidLoad() {
                interactor?.doSomething(request: {{NAME}}.Something.Request(text: "{{SLOT_TITLES}}"))
            }

            override func render() -> Screen {
                Screen(title: "{{NAME}}", elements: [.label(id: "header", text: headerText)])
            }

            // MARK: Display logic

            func displaySomething(viewModel: {{NAME}}.Something.ViewModel) {
                headerText = viewModel.text
            }
        }

        """#

    static let presenter = #"""
        import SceneSDK

        @MainActor
        protocol {{NAME}}PresentationLogic {
            func presentSomething(response: {{NAME}}.Something.Response)
        }

        final class {{NAME}}Presenter: ScenePresenter<any {{NAME}}DisplayLogic>, {{NAME}}PresentationLogic {
            func presentSomething(response: {{NAME}}.Something.Response) {
                viewController?.displaySomething(viewModel: {{NAME}}.Something.ViewModel(text: "{{KIND_TITLE}}: \(response.text)"))
            }
        }

        """#

    static let models = #"""
        /// {{NAME}}'s use cases, as Clean Swift models.
        enum {{NAME}} {
            /// The scene loads: its header names its slots.
            enum Something {
                struct Request { let text: String }
                struct Response { let text: String }
                struct ViewModel { let text: String }
            }
        }

        """#

    /// In the Router file, before the router: one `Route<Void>` per initial scene (`{{ROUTE_MEMBERS}}`).
    static let routes = #"""


        /// The scenes {{NAME}}'s slots show first (any plugin's; they take no input), written once for
        /// the definition's `.{{METHOD}}(_:title:initial:)`.
        extension Route where Payload == Void {{{ROUTE_MEMBERS}}
        }
        """#

    /// One member of `routes`.
    static let routeMember = "\n    static var {{MEMBER}}: Self { Route(\"{{SCENE}}\") }"

    /// In the `RoutingLogic` protocol.
    static let routingLogic = "\n    func routeToSlot(named name: String) throws"

    /// In the Router, after `routeToPrevious()`.
    static let routerMethod = #"""


            /// Shows the slot `name` (a tab selected, a pane focused), as the user's tap on it does.
            /// To show a scene in a slot, declare a route that names it (`Route("ShowOrder", style:
            /// .replace, slot: "detail")`) and take it: data passes through its input, never a
            /// sibling slot's DataStore.
            func routeToSlot(named name: String) throws {
                try selectTab(name)
            }
        """#

    /// After the `SceneDefinition`: one slot.
    static let declaration = "\n            .{{METHOD}}(\"{{SLOT}}\", title: \"{{TITLE}}\", initial: .{{MEMBER}})"

    /// One expected slot in the test.
    static let expectedSlot =
        "\n            ContainerSlot(name: \"{{SLOT}}\", kind: .{{METHOD}}, title: \"{{TITLE}}\", initial: \"{{SCENE}}\"),"

    static let testsWithKit = #"""
        import SceneSDK
        import SceneTesting
        import Testing
        @testable import {{PLUGIN}}

        /// {{NAME}}, a container, driven as a user would without the host: the testing kit builds it
        /// from the plugin's registration, lists its slots and records every selection.
        @MainActor
        @Suite("{{NAME}}")
        struct {{NAME}}Tests {
            @Test("{{NAME}} declares its {{KIND}} in order, the first one selected")
            func declaresItsSlots() throws {
                let kit = SceneTestKit()
                try kit.load({{PLUGIN_TYPE}}.self)
                try kit.start("{{NAME}}")

                #expect(kit.slots == [{{EXPECTED_SLOTS}}
                ])
                #expect(kit.selectedSlot == "{{FIRST_SLOT}}")
            }

            @Test("the header names the {{KIND}}, through the VIP cycle and the Worker's background work")
            func header() async throws {
                let kit = SceneTestKit()
                try kit.load({{PLUGIN_TYPE}}.self)
                try kit.start("{{NAME}}")
                #expect(await kit.settle())

                #expect(try kit.text("header") == "{{KIND_TITLE}}: {{SLOT_TITLES}}")
            }

            @Test("a tap on the last of its {{KIND}} selects it")
            func selectsTheLastSlot() throws {
                let kit = SceneTestKit()
                try kit.load({{PLUGIN_TYPE}}.self)
                try kit.start("{{NAME}}")

                try kit.selectTab("{{LAST_SLOT}}")

                #expect(kit.selectedSlot == "{{LAST_SLOT}}")
                #expect(kit.selections == ["{{LAST_SLOT}}"])
                #expect(throws: SceneTestingError.unknownSlot(scene: "{{NAME}}", slot: "no such slot", declared: [{{SLOT_NAMES}}])) {
                    try kit.selectTab("no such slot")
                }
            }

            @Test("the four parts are released with the scene, its work cancelled: no reference cycle between them")
            func noLeaks() async throws {
                let kit = SceneTestKit()
                try kit.load({{PLUGIN_TYPE}}.self)
                try kit.start("{{NAME}}")
                try await kit.assertReleased(waitingForWork: .seconds(1))
            }
        }

        """#

    static let testsWithoutKit = #"""
        import SceneSDK
        import Testing
        @testable import {{PLUGIN}}

        /// {{NAME}}'s registration and display logic, checked with SceneSDK alone.
        @MainActor
        @Suite("{{NAME}}")
        struct {{NAME}}Tests {
            @Test("the plugin registers one scene and its Worker")
            func registers() throws {
                let registry = CollectingRegistry()
                try {{PLUGIN_TYPE}}.register(in: registry)
                #expect(registry.sceneCount == 1)
                #expect(registry.serviceCount == 1)
            }

            @Test("the view model reaches the header")
            func displaysTheViewModel() {
                let viewController = {{NAME}}ViewController()
                viewController.displaySomething(viewModel: {{NAME}}.Something.ViewModel(text: "{{KIND_TITLE}}: {{SLOT_TITLES}}"))
                #expect(viewController.render().elements == [.label(id: "header", text: "{{KIND_TITLE}}: {{SLOT_TITLES}}")])
            }
        }{{COLLECTING_REGISTRY}}

        """#
}
