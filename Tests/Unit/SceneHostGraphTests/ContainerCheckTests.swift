import Testing
@_spi(SceneHost) import SceneSDK
@testable import SceneHostCore
@testable import SceneHostContainer
@testable import SceneHostConfig
@testable import SceneHostGraph
import SceneTestSupport

/// Containers in the graph (issue 50): what `check` refuses in a container's declaration, each
/// message's exact text, and the slot edges `list` and `graph` show.
@MainActor
@Suite("GraphChecker: containers")
struct ContainerCheckTests {
    /// `ProbeScenes.plugin`, which the graphs' scenes are registered by; nonisolated: test arguments use it.
    nonisolated static let plugin = PluginReference(
        name: "ProbePlugin", path: "/probe/libProbe.so",
        location: SourceLocation(file: "probe.conf", line: 3, column: 1))

    /// A scene with no route; `input` makes it take a `ProbeInput`.
    static func scene(
        _ name: String, input: Bool = false
    ) -> SceneDefinition<ProbeViewController, ProbeInteractor, ProbePresenter, ProbeRouter> {
        let plain = SceneDefinition(
            name, viewController: ProbeViewController.init, interactor: { _ in ProbeInteractor() },
            presenter: ProbePresenter.init, router: ProbeRouter.init)
        return input ? plain.accepting(ProbeInput.self) { dataStore, input in dataStore?.value = input.value } : plain
    }

    /// The graph of `definitions` (one plugin, `ProbeScenes.plugin`), starting at `initial`.
    static func graph(
        initial: String = "Main",
        _ definitions: [SceneDefinition<ProbeViewController, ProbeInteractor, ProbePresenter, ProbeRouter>]
    ) throws -> SceneGraph {
        let container = SceneContainer()
        let registry = PluginScopedRegistry(plugin: plugin)
        for definition in definitions { try registry.register(definition) }
        try registry.commit(into: container)
        let location = SourceLocation(file: "probe.conf", line: 1, column: 11)
        let config = SceneConfig(
            file: "probe.conf", baseDirectory: "/", initial: Located(value: initial, location: location), plugins: [],
            segues: [])
        return SceneGraph(config: config, container: container)
    }

    /// Main: tabs orders (OrdersSplit, panes list and detail) and settings; OrderList shows
    /// OrderDetail in the detail pane.
    static func wellDeclared() throws -> SceneGraph {
        try graph([
            scene("Main").tab("orders", title: "Orders", initial: Route("OrdersSplit"))
                .tab("settings", title: "Settings", initial: Route("Settings")),
            scene("OrdersSplit").pane("list", title: "Orders", initial: Route("OrderList"))
                .pane("detail", title: "Order", initial: Route("PickOrder")),
            scene("OrderList").route(Route<Void>("OrderDetail", style: .replace, slot: "detail")),
            scene("PickOrder"), scene("OrderDetail"), scene("Settings"),
        ])
    }

    @Test(
        "each container problem's message names the plugin's config line, the container, the slot, and what to do",
        arguments: [
            (
                SceneGraphError.slotInitialUnknown(
                    plugin, container: "Main", slot: "orders", kind: .tab, initial: "OrderLsit",
                    registered: ["Main", "OrderList", "Settings"]),
                "probe.conf:3:1: error: tab 'orders' of container 'Main' (declared by plugin 'ProbePlugin') starts at 'OrderLsit', but no plugin registers a scene of that name. Did you mean 'OrderList'? Registered scenes: Main, OrderList, Settings. Fix the slot's initial scene in the SceneDefinition of 'Main', or add the plugin that registers it to the config."
            ),
            (
                .slotInitialNeedsInput(
                    plugin, container: "Split", slot: "detail", kind: .pane, initial: "ShowOrder",
                    input: "ShowOrderInput"),
                "probe.conf:3:1: error: pane 'detail' of container 'Split' (declared by plugin 'ProbePlugin') starts at 'ShowOrder', which needs an input (ShowOrderInput), but a slot's initial scene is built with none. Start the slot at a scene that takes no input, and route from it to 'ShowOrder'."
            ),
            (
                .slotDeclaredTwice(plugin, container: "Main", slot: "orders", count: 2),
                "probe.conf:3:1: error: container 'Main' (declared by plugin 'ProbePlugin') declares the slot 'orders' twice, but routes, 'tab NAME' and the screen's ids name a slot by its name alone. Give each slot of the container a name of its own, or remove the repeated one."
            ),
            (
                .slotDeclaredTwice(plugin, container: "Main", slot: "orders", count: 3),
                "probe.conf:3:1: error: container 'Main' (declared by plugin 'ProbePlugin') declares the slot 'orders' 3 times, but routes, 'tab NAME' and the screen's ids name a slot by its name alone. Give each slot of the container a name of its own, or remove the repeated one."
            ),
            (
                .slotKindsMixed(plugin, container: "Main", tabs: ["orders", "settings"], panes: ["detail"]),
                "probe.conf:3:1: error: container 'Main' (declared by plugin 'ProbePlugin') mixes tabs (orders, settings) and panes (detail), but a container's slots are all tabs or all panes. Make them one kind, or move the panes to a container scene of their own and start a tab at it."
            ),
            (
                .slotNameInvalid(plugin, container: "Main", slot: "", kind: .tab, title: "My Orders", .empty),
                "probe.conf:3:1: error: container 'Main' (declared by plugin 'ProbePlugin') declares a tab with an empty name, but routes, 'tab NAME' and the screen's ids name a slot. Did you mean 'my-orders'? Rename the tab in the SceneDefinition of 'Main', and in the routes that name it."
            ),
            (
                .slotNameInvalid(plugin, container: "Split", slot: "list/detail", kind: .pane, title: "x", .slash),
                "probe.conf:3:1: error: container 'Split' (declared by plugin 'ProbePlugin') declares the pane 'list/detail', whose name holds a '/', but the host writes a pane's element ids as PANE/ID. Did you mean 'list-detail'? Rename the pane in the SceneDefinition of 'Split', and in the routes that name it."
            ),
            (
                .slotNameInvalid(plugin, container: "Main", slot: "my orders", kind: .tab, title: "x", .whitespace),
                "probe.conf:3:1: error: container 'Main' (declared by plugin 'ProbePlugin') declares the tab 'my orders', whose name holds whitespace, but 'tab NAME' and scripts take a slot's name as one word. Did you mean 'my-orders'? Rename the tab in the SceneDefinition of 'Main', and in the routes that name it."
            ),
            (
                .slotNameInvalid(plugin, container: "Main", slot: "@tabs", kind: .tab, title: "Tabs", .at),
                "probe.conf:3:1: error: container 'Main' (declared by plugin 'ProbePlugin') declares the tab '@tabs', whose name starts with '@', but names starting with '@' are the host's (the screen's '@tabs'). Did you mean 'tabs'? Rename the tab in the SceneDefinition of 'Main', and in the routes that name it."
            ),
            (
                .slotNameInvalid(plugin, container: "Main", slot: "", kind: .tab, title: "", .empty),
                "probe.conf:3:1: error: container 'Main' (declared by plugin 'ProbePlugin') declares a tab with an empty name, but routes, 'tab NAME' and the screen's ids name a slot. Rename the tab in the SceneDefinition of 'Main', and in the routes that name it."
            ),
            (
                .routeSlotUnknown(
                    plugin, from: "OrderList", to: "OrderDetail", slot: "detial", declared: ["detail", "list"]),
                "probe.conf:3:1: error: route from 'OrderList' to 'OrderDetail' (declared by plugin 'ProbePlugin') shows it in slot 'detial', but no container of the app declares a slot of that name. Did you mean 'detail'? Declared slots: detail, list. Fix the slot in the route's Route(_:style:slot:)."
            ),
            (
                .containerCycle(plugin, cycle: [ContainerCycleStep(container: "Main", slot: "home", kind: .tab)]),
                "probe.conf:3:1: error: container 'Main' (declared by plugin 'ProbePlugin') holds itself: its tab 'home' starts at 'Main', so showing 'Main' would build containers without end. Start one of these slots at a scene that is not a container holding it."
            ),
            (
                .containerCycle(
                    plugin,
                    cycle: [
                        ContainerCycleStep(container: "Main", slot: "orders", kind: .tab),
                        ContainerCycleStep(container: "Split", slot: "list", kind: .pane),
                    ]),
                "probe.conf:3:1: error: container 'Main' (declared by plugin 'ProbePlugin') holds itself: its tab 'orders' starts at 'Split', whose pane 'list' starts at 'Main', so showing 'Main' would build containers without end. Start one of these slots at a scene that is not a container holding it."
            ),
        ])
    func message(error: SceneGraphError, text: String) {
        #expect(error.message == text)
        #expect(error.exitStatus == .sceneGraphError)
    }

    @Test("an unknown initial scene of a slot is a follow-on of a failed plugin, named under its error")
    func followOn() {
        let error = SceneGraphError.slotInitialUnknown(
            Self.plugin, container: "Main", slot: "orders", kind: .tab, initial: "Orders", registered: [])
        #expect(
            error.followOnMention
                == "tab 'orders' of 'Main' starting at 'Orders', of plugin 'ProbePlugin' at probe.conf:3:1")
    }

    @Test("a well-declared container has no problem; its slots' scenes are reached through it")
    func wellDeclaredHasNone() throws {
        let graph = try Self.wellDeclared()
        #expect(GraphChecker.problems(in: graph) == [])
        #expect(graph.unreachable.map(\.name) == [])
        #expect(
            graph.edges.filter(\.isSlot).map { "\($0.from) \($0.label) \($0.to)" } == [
                "Main tab orders OrdersSplit", "Main tab settings Settings", "OrdersSplit pane list OrderList",
                "OrdersSplit pane detail PickOrder",
            ])
        #expect(graph.edges.first { !$0.isSlot }?.slot == "detail")
    }

    @Test(
        "check finds every misdeclared slot: names, twice, mixed kinds, unknown or input-taking initial scenes, unknown route slots"
    )
    func misdeclared() throws {
        let graph = try Self.graph([
            Self.scene("Main").tab("orders", title: "Orders", initial: Route("OrderLsit"))
                .tab("orders", title: "Orders", initial: Route("Settings"))
                .pane("@detail", title: "Detail", initial: Route("Detail"))
                .route(Route<Void>("Settings", slot: "setings")),
            Self.scene("OrderList"), Self.scene("Settings"), Self.scene("Detail", input: true),
        ])
        let registered = ["Detail", "Main", "OrderList", "Settings"]
        #expect(
            GraphChecker.problems(in: graph) == [
                .slotNameInvalid(Self.plugin, container: "Main", slot: "@detail", kind: .pane, title: "Detail", .at),
                .slotDeclaredTwice(Self.plugin, container: "Main", slot: "orders", count: 2),
                .slotKindsMixed(Self.plugin, container: "Main", tabs: ["orders", "orders"], panes: ["@detail"]),
                .slotInitialUnknown(
                    Self.plugin, container: "Main", slot: "orders", kind: .tab, initial: "OrderLsit",
                    registered: registered),
                .slotInitialNeedsInput(
                    Self.plugin, container: "Main", slot: "@detail", kind: .pane, initial: "Detail",
                    input: "ProbeInput"),
                .routeSlotUnknown(
                    Self.plugin, from: "Main", to: "Settings", slot: "setings", declared: ["@detail", "orders"]),
            ])
    }

    @Test("containers whose slots start at each other are one cycle, named once from its first container")
    func cycles() throws {
        let graph = try Self.graph([
            Self.scene("Main").tab("orders", title: "Orders", initial: Route("Split"))
                .tab("home", title: "Home", initial: Route("Main")),
            Self.scene("Split").pane("list", title: "List", initial: Route("Main"))
                .pane("detail", title: "Detail", initial: Route("Other")),
            Self.scene("Other"),
        ])
        #expect(
            GraphChecker.problems(in: graph) == [
                .containerCycle(
                    Self.plugin,
                    cycle: [
                        ContainerCycleStep(container: "Main", slot: "orders", kind: .tab),
                        ContainerCycleStep(container: "Split", slot: "list", kind: .pane),
                    ]),
                .containerCycle(Self.plugin, cycle: [ContainerCycleStep(container: "Main", slot: "home", kind: .tab)]),
            ])
    }

    @Test("list shows a container's slots under it, and a route's slot")
    func list() throws {
        #expect(
            GraphListing.render(try Self.wellDeclared(), plugins: []) == """
                plugins:
                scenes:
                  Main  [ProbePlugin]  (initial)
                    tabs:     orders → OrdersSplit, settings → Settings
                  OrderDetail  [ProbePlugin]
                  OrderList  [ProbePlugin]
                  OrdersSplit  [ProbePlugin]
                    panes:    list → OrderList, detail → PickOrder
                  PickOrder  [ProbePlugin]
                  Settings  [ProbePlugin]
                routes:
                  OrderList -> OrderDetail  router, in code  in slot detail  replace  passing nothing
                """)
    }

    @Test("graph draws slot edges bold with their kind and name, as DOT and Mermaid")
    func graphPictures() throws {
        let graph = try Self.wellDeclared()
        #expect(
            GraphRenderer.dot(graph) == """
                digraph scenes {
                  rankdir=LR;
                  node [shape=box, style=rounded, fontname="Helvetica"];
                  edge [fontname="Helvetica", fontsize=10];
                  "Main" [label="Main\\n(ProbePlugin)", peripheries=2];
                  "OrderDetail" [label="OrderDetail\\n(ProbePlugin)"];
                  "OrderList" [label="OrderList\\n(ProbePlugin)"];
                  "OrdersSplit" [label="OrdersSplit\\n(ProbePlugin)"];
                  "PickOrder" [label="PickOrder\\n(ProbePlugin)"];
                  "Settings" [label="Settings\\n(ProbePlugin)"];
                  "Main" -> "OrdersSplit" [label="tab orders", style=bold, dir=both, arrowtail=odiamond];
                  "Main" -> "Settings" [label="tab settings", style=bold, dir=both, arrowtail=odiamond];
                  "OrderList" -> "OrderDetail" [label="in code\\nin slot detail\\nreplace", style=dashed];
                  "OrdersSplit" -> "OrderList" [label="pane list", style=bold, dir=both, arrowtail=odiamond];
                  "OrdersSplit" -> "PickOrder" [label="pane detail", style=bold, dir=both, arrowtail=odiamond];
                }
                """)
        #expect(
            GraphRenderer.mermaid(graph) == """
                flowchart LR
                  s0(["Main<br/>(ProbePlugin)"])
                  s1["OrderDetail<br/>(ProbePlugin)"]
                  s2["OrderList<br/>(ProbePlugin)"]
                  s3["OrdersSplit<br/>(ProbePlugin)"]
                  s4["PickOrder<br/>(ProbePlugin)"]
                  s5["Settings<br/>(ProbePlugin)"]
                  s0==>|"tab orders"|s3
                  s0==>|"tab settings"|s5
                  s2-.->|"in code · in slot detail · replace"|s1
                  s3==>|"pane list"|s2
                  s3==>|"pane detail"|s4
                """)
    }
}
