import Testing
@testable import SceneHostScaffold
import FoundationEssentials

/// `new scene NAME --tabs ...` and `--panes ...`: the slots parsed and checked, and the container's files.
@Suite("SceneScaffold, containers")
struct ContainerScaffoldTests {
    static func main(kit: Bool = true) throws -> SceneScaffold {
        let slots = try ContainerSlots.parse("orders:ListOrders,settings:Settings", kind: .tabs, container: "Main")
        return try SceneScaffold(scene: "Main", plugin: nil, sdkPath: "../sdk", testingKit: kit, container: slots)
    }

    static func file(_ suffix: String, kit: Bool = true) throws -> String {
        try #require(try main(kit: kit).files.first { $0.path.hasSuffix(suffix) }).text
    }

    @Test("--tabs and --panes: NAME:SCENE items in order, each slot titled by its name")
    func parses() throws {
        let tabs = try #require(
            try ContainerSlots.from(tabs: "orders:ListOrders,order-list:Settings", panes: nil, container: "Main"))
        #expect(tabs.kind == .tabs)
        #expect(
            tabs.slots == [.init(name: "orders", scene: "ListOrders"), .init(name: "order-list", scene: "Settings")])
        #expect(tabs.slots.map(\.title) == ["Orders", "Order list"])
        let panes = try #require(try ContainerSlots.from(tabs: nil, panes: "list:OrderList", container: "Split"))
        #expect(panes.kind == .panes)
        #expect(try ContainerSlots.from(tabs: nil, panes: nil, container: "Main") == nil)
    }

    @Test(
        "a wrong item is refused with its option, its place and its text",
        arguments: [
            ("", ScaffoldError.SlotProblem.empty, 1, ""),
            ("orders:ListOrders,", .empty, 2, ""),
            ("orders", .noScene, 1, "orders"),
            ("orders:List:Orders", .tooManyColons, 1, "orders:List:Orders"),
            (":ListOrders", .slotNameEmpty, 1, ":ListOrders"),
            ("1st:ListOrders", .slotNameStart("1"), 1, "1st:ListOrders"),
            ("a:A,my tab:ListOrders", .slotNameCharacter(" "), 2, "my tab:ListOrders"),
            ("orders:listOrders", .scene("listOrders", .notUpperCaseStart), 1, "orders:listOrders"),
            ("orders:", .scene("", .empty), 1, "orders:"),
            ("home:Main", .showsItself(container: "Main"), 1, "home:Main"),
            ("a:A,b:B,a:C", .slotTwice(name: "a", firstItem: 1), 3, "a:C"),
        ] as [(String, ScaffoldError.SlotProblem, Int, String)])
    func refusesItems(value: String, problem: ScaffoldError.SlotProblem, item: Int, text: String) {
        #expect(throws: ScaffoldError.slotInvalid(option: "--tabs", item: item, text: text, problem)) {
            try ContainerSlots.from(tabs: value, panes: nil, container: "Main")
        }
    }

    @Test("--tabs and --panes together are refused")
    func refusesBoth() {
        #expect(throws: ScaffoldError.containerKindsBoth) {
            try ContainerSlots.from(tabs: "a:A", panes: "b:B", container: "Main")
        }
    }

    @Test("the container is a scene of six Clean Swift files like any other")
    func filePaths() throws {
        #expect(
            try Self.main().files.map(\.path) == [
                "Package.swift", ".gitignore", "Sources/MainScene/MainPlugin.swift",
                "Sources/MainScene/MainViewController.swift", "Sources/MainScene/MainInteractor.swift",
                "Sources/MainScene/MainPresenter.swift", "Sources/MainScene/MainRouter.swift",
                "Sources/MainScene/MainModels.swift", "Sources/MainScene/MainWorker.swift",
                "Tests/MainSceneTests/MainTests.swift",
            ])
        for file in try Self.main().files { #expect(!file.text.contains("{{"), "\(file.path) has a placeholder left") }
    }

    @Test("the registration declares each slot with a Route<Void> to its initial scene")
    func registration() throws {
        #expect(
            try Self.file("MainPlugin.swift").contains(
                """
                                presenter: MainPresenter.init,
                                router: MainRouter.init
                            )
                            .tab("orders", title: "Orders", initial: .listOrders)
                            .tab("settings", title: "Settings", initial: .settings)
                        )
                    }
                """))
        #expect(
            try Self.file("MainRouter.swift").contains(
                """
                /// The scenes Main's slots show first (any plugin's; they take no input), written once for
                /// the definition's `.tab(_:title:initial:)`.
                extension Route where Payload == Void {
                    static var listOrders: Self { Route("ListOrders") }
                    static var settings: Self { Route("Settings") }
                }

                final class MainRouter
                """))
        #expect(
            try Self.file("MainRouter.swift").contains(
                "    func routeToSlot(named name: String) throws {\n        try selectTab(name)\n    }"))
    }

    @Test("panes are declared with .pane; a scene shown in two slots gets one Route, a keyword in backticks")
    func panesAndMembers() throws {
        let slots = try ContainerSlots.parse("list:Default,detail:Default", kind: .panes, container: "Split")
        let files = try SceneScaffold(
            scene: "Split", plugin: nil, sdkPath: "../sdk", testingKit: true, container: slots
        ).files
        let plugin = try #require(files.first { $0.path.hasSuffix("SplitPlugin.swift") }).text
        #expect(
            plugin.contains(
                ".pane(\"list\", title: \"List\", initial: .`default`)\n            .pane(\"detail\", title: \"Detail\", initial: .`default`)\n"
            ))
        let router = try #require(files.first { $0.path.hasSuffix("SplitRouter.swift") }).text
        #expect(
            router.contains(
                "extension Route where Payload == Void {\n    static var `default`: Self { Route(\"Default\") }\n}"))
    }

    @Test("the screen is a short header filled through the VIP cycle")
    func header() throws {
        let viewController = try Self.file("MainViewController.swift")
        #expect(
            viewController.contains(
                "interactor?.doSomething(request: Main.Something.Request(text: \"Orders, Settings\"))"))
        #expect(
            viewController.contains("Screen(title: \"Main\", elements: [.label(id: \"header\", text: headerText)])"))
        #expect(
            try Self.file("MainPresenter.swift").contains("Main.Something.ViewModel(text: \"Tabs: \\(response.text)\")")
        )
    }

    @Test("the test drives the container with the kit: its slots, a tab selected, an unknown one refused")
    func testsWithKit() throws {
        let test = try Self.file("MainTests.swift")
        #expect(
            test.contains(
                """
                        #expect(kit.slots == [
                            ContainerSlot(name: "orders", kind: .tab, title: "Orders", initial: "ListOrders"),
                            ContainerSlot(name: "settings", kind: .tab, title: "Settings", initial: "Settings"),
                        ])
                        #expect(kit.selectedSlot == "orders")
                """))
        #expect(test.contains("try kit.selectTab(\"settings\")\n"))
        #expect(test.contains("#expect(kit.selections == [\"settings\"])"))
        #expect(test.contains("declared: [\"orders\", \"settings\"]"))
        #expect(test.contains("#expect(try kit.text(\"header\") == \"Tabs: Orders, Settings\")"))
        let withoutKit = try Self.file("MainTests.swift", kit: false)
        #expect(!withoutKit.contains("SceneTesting"))
        #expect(withoutKit.contains("final class CollectingRegistry: SceneRegistry"))
    }

    @Test("the instructions name the scenes the slots show first")
    func instructions() throws {
        let text = ScaffoldInstructions.text(try Self.main(), folder: "/w/MainScene", config: nil)
        #expect(
            text.hasSuffix(
                "\nIts tabs show 'ListOrders', 'Settings' first: load the plugins that register them, or check refuses the app."
            ))
    }
}
