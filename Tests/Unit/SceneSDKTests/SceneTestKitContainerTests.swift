import SceneSDK
import SceneTesting
import Testing
import SceneTestSupport

// A container scene for the kit: "Shell" shows the probe scenes A and C in its slots, and its
// router selects tabs and routes into slots on the taps of its buttons.

@MainActor
protocol ShellBusinessLogic: AnyObject {}

@MainActor
protocol ShellPresentationLogic: AnyObject {}

@MainActor
protocol ShellDisplayLogic: AnyObject {}

@MainActor
protocol ShellRoutingLogic: AnyObject {
    func routeToSlot(named name: String) throws
    func routeToDetail() throws
    func routeToC(inSlot slot: String, style: NavigationStyle) throws
}

@MainActor
protocol ShellDataStore: AnyObject {}

final class ShellInteractor: SceneInteractor<any ShellPresentationLogic>, ShellBusinessLogic, ShellDataStore {}

final class ShellPresenter: ScenePresenter<any ShellDisplayLogic>, ShellPresentationLogic {}

final class ShellViewController: SceneViewController<any ShellBusinessLogic, any ShellRoutingLogic>, ShellDisplayLogic {
    override func render() -> Screen {
        Screen(
            title: "Shell",
            elements: [
                .label(id: "header", text: "Shell"),
                .button(id: "settings", title: "Settings"), .button(id: "typo", title: "Typo"),
                .button(id: "detail", title: "Detail"), .button(id: "present", title: "Present"),
                .button(id: "elsewhere", title: "Elsewhere"),
            ])
    }

    override func handle(_ event: UserEvent) throws {
        guard case .tap(let button) = event else { return }
        switch button {
        case "settings": try router?.routeToSlot(named: "settings")
        case "typo": try router?.routeToSlot(named: "setings")
        case "detail": try router?.routeToDetail()
        case "present": try router?.routeToC(inSlot: "detail", style: .present)
        case "elsewhere": try router?.routeToC(inSlot: "nowhere", style: .push)
        default: return
        }
    }
}

extension Route where Payload == Void {
    static var sceneA: Self { Route("A") }
    static var sceneC: Self { Route("C") }
    static var sceneNotLoaded: Self { Route("Unloaded") }
}

extension Route where Payload == ProbeInput {
    /// B shown as the only scene of the pane `detail`: the split view's "show detail".
    static var detailB: Self { Route("B", style: .replace, slot: "detail") }
}

final class ShellRouter: SceneRouter<ShellViewController, any ShellDataStore>, ShellRoutingLogic {
    // MARK: Routing

    func routeToSlot(named name: String) throws {
        try selectTab(name)
    }

    func routeToDetail() throws {
        try route(to: .detailB, segue: nil, passing: ProbeInput(value: 7))
    }

    func routeToC(inSlot slot: String, style: NavigationStyle) throws {
        try route(to: "C", inSlot: slot, style: style, payload: nil)
    }
}

@MainActor
enum ShellScenes {
    typealias Definition = SceneDefinition<ShellViewController, ShellInteractor, ShellPresenter, ShellRouter>

    /// Shell, without slots: `tabs` or `panes` make it a container.
    static var plain: Definition {
        SceneDefinition(
            "Shell", viewController: ShellViewController.init, interactor: { _ in ShellInteractor() },
            presenter: ShellPresenter.init, router: ShellRouter.init
        ).route(.detailB).route(to: "C")
    }

    static var tabs: Definition {
        plain.tab("orders", title: "Orders", initial: .sceneA).tab("settings", title: "Settings", initial: .sceneC)
    }

    static var panes: Definition {
        plain.pane("list", title: "Orders", initial: .sceneA).pane("detail", title: "Order", initial: .sceneC)
            .pane("extra", title: "Extra", initial: .sceneNotLoaded)
    }
}

/// The kit on container scenes: the slots declared, the user's tab selection, what a slot shows,
/// and routes into slots and selections checked and recorded as the host checks them.
@MainActor
@Suite struct SceneTestKitContainerTests {
    private func kit(_ shell: ShellScenes.Definition) throws -> SceneTestKit {
        let kit = SceneTestKit()
        try kit.load(shell)
        try kit.load(ProbeScenes.definition("A"))
        try kit.load(ProbeScenes.definition("B", accepting: true))
        try kit.load(ProbeScenes.definition("C"))
        return kit
    }

    @Test func theSlotsAreListedInDeclaredOrderAndTheFirstIsSelected() throws {
        let kit = try kit(ShellScenes.tabs)
        #expect(kit.slots.isEmpty)
        #expect(kit.selectedSlot == nil)
        try kit.start("Shell")
        #expect(
            kit.slots == [
                ContainerSlot(name: "orders", kind: .tab, title: "Orders", initial: "A"),
                ContainerSlot(name: "settings", kind: .tab, title: "Settings", initial: "C"),
            ])
        #expect(kit.selectedSlot == "orders")
        #expect(kit.log.isEmpty)
    }

    @Test func aSceneThatIsNotAContainerHasNoSlots() throws {
        let kit = try kit(ShellScenes.plain)
        try kit.start("Shell")
        #expect(kit.slots.isEmpty)
        #expect(kit.selectedSlot == nil)
        #expect(throws: SceneTestingError.notAContainer(scene: "Shell")) { try kit.selectTab("orders") }
        #expect(throws: SceneTestingError.notAContainer(scene: "Shell")) { try kit.pane("orders") }
        #expect(
            SceneTestingError.notAContainer(scene: "Shell").description
                == "'Shell' is not a container: its SceneDefinition declares no .tab or .pane. Start the container scene to drive its slots"
        )
    }

    @Test func theUsersTapOnATabIsRecordedAndSelectsIt() throws {
        let kit = try kit(ShellScenes.tabs)
        try kit.start("Shell")
        try kit.selectTab("settings")
        #expect(kit.selectedSlot == "settings")
        // By its title too, as `tab NAME` in the terminal: recorded by its name.
        try kit.selectTab("Orders")
        #expect(kit.selectedSlot == "orders")
        #expect(kit.log == [.select(slot: "settings"), .select(slot: "orders")])
        #expect(kit.selections == ["settings", "orders"])
    }

    @Test func anUnknownTabIsRefusedWithTheClosestName() throws {
        let kit = try kit(ShellScenes.tabs)
        try kit.start("Shell")
        let typo = SceneTestingError.unknownSlot(scene: "Shell", slot: "setings", declared: ["orders", "settings"])
        #expect(throws: typo) { try kit.selectTab("setings") }
        #expect(typo.description == "'Shell' has no slot 'setings' (slots: orders, settings). Did you mean 'settings'?")
        let unknown = SceneTestingError.unknownSlot(scene: "Shell", slot: "profile", declared: ["orders", "settings"])
        #expect(throws: unknown) { try kit.selectTab("profile") }
        #expect(
            unknown.description
                == "'Shell' has no slot 'profile' (slots: orders, settings): name one of its slots, or declare it with .tab or .pane"
        )
        #expect(kit.log.isEmpty)
        #expect(kit.selectedSlot == "orders")
    }

    @Test func theRoutersSelectTabIsCheckedAndRecorded() throws {
        let kit = try kit(ShellScenes.tabs)
        try kit.start("Shell")
        try kit.tap("settings")
        #expect(kit.log == [.select(slot: "settings")])
        #expect(kit.selectedSlot == "settings")
        #expect(
            throws: SceneTestingError.unknownSlot(scene: "Shell", slot: "setings", declared: ["orders", "settings"])
        ) {
            try kit.tap("typo")
        }
        #expect(kit.log == [.select(slot: "settings")])
    }

    @Test func aRouteIntoASlotIsRecordedWithItsSlotAndFocusesIt() throws {
        let kit = try kit(ShellScenes.panes)
        try kit.start("Shell")
        try kit.tap("detail")
        #expect(
            kit.routes == [
                RecordedRoute(
                    destination: "B", style: .replace, payload: .object(["value": .int(7)]), payloadType: "ProbeInput",
                    segue: nil, slot: "detail")
            ])
        #expect(kit.selectedSlot == "detail")
        // The container stays on screen: the route showed B in a slot, not over it.
        #expect(try kit.text("header") == "Shell")
    }

    @Test func aRouteIntoASlotIsCheckedAsTheHostChecksIt() throws {
        let kit = try kit(ShellScenes.panes)
        try kit.start("Shell")
        let present = SceneTestingError.slotStyleRefused(
            scene: "Shell", destination: "C", slot: "detail", style: .present)
        #expect(throws: present) { try kit.tap("present") }
        #expect(
            present.description
                == "'Shell' routed to 'C' in slot 'detail' with style 'present': a route into a slot pushes onto its stack (.push) or replaces it (.replace). Present a modal with a route that names no slot"
        )
        #expect(
            throws: SceneTestingError.unknownSlot(
                scene: "Shell", slot: "nowhere", declared: ["list", "detail", "extra"])
        ) {
            try kit.tap("elsewhere")
        }
        #expect(kit.log.isEmpty)
        #expect(kit.selectedSlot == "list")
    }

    @Test func aRouteIntoASlotTakesTheDestinationsDeclaredInput() throws {
        let kit = SceneTestKit()
        try kit.load(ShellScenes.panes)
        // B, loaded, takes a String: the ProbeInput the router passes does not fit it.
        try kit.load(
            ProbeScenes.definition("B").accepting(WrongProbeInput.self) { dataStore, input in
                dataStore?.value = input.value.count
            })
        try kit.start("Shell")
        #expect(throws: SceneError.self) { try kit.tap("detail") }
        #expect(kit.log.isEmpty)
    }

    @Test func aSceneShownInASlotRoutesIntoItsContainersSlotsUnchecked() throws {
        // The kit does not know the container around a scene that is not one: the slot is recorded as named.
        let kit = try kit(ShellScenes.plain)
        try kit.start("Shell")
        try kit.tap("elsewhere")
        try kit.tap("settings")
        #expect(
            kit.log == [
                .route(
                    RecordedRoute(
                        destination: "C", style: .push, payload: nil, payloadType: nil, segue: nil, slot: "nowhere")),
                .select(slot: "settings"),
            ])
        #expect(kit.selectedSlot == nil)
    }

    @Test func aPaneShowsItsInitialSceneBuiltLoadedAndRendered() throws {
        let kit = try kit(ShellScenes.panes)
        try kit.start("Shell")
        let list = try kit.pane("list")
        #expect(list.title == "A")
        #expect(list.element(id: "value") == .label(id: "value", text: "0"))
        #expect(try kit.pane("detail").title == "C")
        // Reading a pane neither selects it nor records anything.
        #expect(kit.selectedSlot == "list")
        #expect(kit.log.isEmpty)
        try kit.assertReleased()
    }

    @Test func aPaneOfAnUnknownSlotOrAnUnloadedSceneIsRefused() throws {
        let kit = try kit(ShellScenes.panes)
        try kit.start("Shell")
        #expect(
            throws: SceneTestingError.unknownSlot(scene: "Shell", slot: "lists", declared: ["list", "detail", "extra"])
        ) {
            try kit.pane("lists")
        }
        let unloaded = SceneTestingError.slotSceneNotLoaded(
            scene: "Shell", slot: "extra", initial: "Unloaded", loaded: ["A", "B", "C", "Shell"])
        #expect(throws: unloaded) { try kit.pane("extra") }
        #expect(
            unloaded.description
                == "slot 'extra' of 'Shell' shows 'Unloaded' first, which is not loaded into the kit (loaded: A, B, C, Shell): load its plugin or definition first"
        )
    }

    @Test func anAwaitThatTimesOutNamesTheSelections() async throws {
        let kit = try kit(ShellScenes.tabs)
        try kit.start("Shell")
        try kit.tap("settings")
        let error = try await #require(throws: SceneTestingError.self) {
            try await kit.awaitRoute(within: .milliseconds(5))
        }
        guard case .awaitTimedOut(_, _, _, let saw) = error else {
            Issue.record("not a time-out: \(error)")
            return
        }
        #expect(saw.hasSuffix("navigation: select 'settings'"))
    }
}
