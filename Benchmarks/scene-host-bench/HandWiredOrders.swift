import BenchListOrdersScene
import BenchNativePricing
import BenchShowOrderScene
import SceneHostNavigation
import OrdersKit
@_spi(SceneHost) import SceneSDK

/// The container figures' fair baseline: the orders app's own ListOrders and ShowOrder classes
/// (their plugin sources, compiled into the benchmark) wired by hand as the seed article wires a
/// scene, in a split of the benchmark's own: two panes, each a small stack, the list's and the
/// order's, and the navigator their routers talk to. A route into the `detail` slot builds
/// ShowOrder's four parts, passes the id, loads it, replaces the detail pane's stack with it
/// (the scene it replaces leaves: its work is cancelled) and moves the focus there; back moves the
/// focus to the list, which appears again. The screen is the same one the host composes: the
/// app's tab bar, then each pane as a section, the pane without the focus with its ids
/// written `PANE/ID`.
@MainActor
final class HandWiredOrders: SceneNavigating {
    /// The panes, in order, with their titles (OrdersSplit's `pane` declarations).
    private static let panes = [(name: "list", title: "All orders"), (name: "detail", title: "Order")]
    /// The detail pane before an order is selected (PickOrder's screen).
    private static let placeholder = Screen(
        title: "No order selected", elements: [.label(id: "hint", text: "Select an order in the list to see it here.")])

    private let worker: any OrdersWorking = InMemoryOrdersWorker()
    private let services = NativePricingByHand()
    private var list: ListOrdersWiredByHand?
    private var detail: [ShowOrderWiredByHand] = []
    /// The pane with the focus: 0 the list, 1 the detail.
    private var focus = 0

    init() throws {
        let list = try ListOrdersWiredByHand(navigator: self, worker: worker, services: services)
        self.list = list
        list.viewWillAppear()
    }

    /// One operation, as the host's side does it: row `row` selected in the list (ListOrders'
    /// controller and router route into the detail slot), the composed screen, back to the list.
    func navigate(row: Int) throws {
        try select(row: row)
        _ = screen()
        try back()
    }

    /// Row `row` selected in the list: ListOrders' controller and router route into the detail slot.
    func select(row: Int) throws {
        guard let list, focus == 0 else { throw BenchFailure("the hand-wired split's list has no focus") }
        try list.handle(.select(list: "orders", row: row))
        guard focus == 1, !detail.isEmpty else { throw BenchFailure("the hand-wired selection did not show the order") }
    }

    /// The list's work (its loads): the benchmark lets it run between runs.
    var listWork: SceneWork? { list?.work }

    /// The user's back from the detail pane's first scene: the focus goes to the list, which appears again.
    func back() throws {
        guard let list, focus == 1 else { throw BenchFailure("the hand-wired split's detail has no focus") }
        focus = 0
        list.viewWillAppear()
    }

    /// The screen of the scene with the focus inside the split's panes and the app's tab bar.
    func screen() -> Screen {
        let listScreen = list?.render() ?? Screen(title: "Orders")
        let detailScreen = detail.last?.render() ?? Self.placeholder
        let shown = [listScreen, detailScreen]
        let own = shown[focus]
        let sections = Self.panes.indices.map { index in
            let pane = Self.panes[index]
            if index == focus {
                return ScreenElement.section(id: "@" + pane.name, title: pane.title, elements: own.elements)
            }
            return .section(
                id: "@" + pane.name, title: pane.title,
                elements: shown[index].elements.map { Navigator.qualified($0, by: pane.name) })
        }
        let tabBar = ScreenElement.choice(
            id: "@tabs", label: "Orders app", options: ["Orders", "Settings"], selected: 0)
        return Screen(title: own.title, elements: [tabBar] + sections)
    }

    // MARK: SceneNavigating

    func navigate(
        from source: RouterContext, to destination: String, inSlot slot: String, style: NavigationStyle,
        payload: ScenePayload?
    ) throws {
        guard destination == "ShowOrder", slot == "detail", style == .replace, let payload else {
            throw BenchFailure("the hand-wired ListOrders routed to \(destination) in \(slot) (\(style))")
        }
        let scene = try ShowOrderWiredByHand(navigator: self, passing: payload, worker: worker, services: services)
        for old in detail { old.leave() }
        detail = [scene]
        focus = 1
        scene.viewWillAppear()
    }

    func navigate(
        from source: RouterContext, to destination: String, style: NavigationStyle, payload: ScenePayload?
    ) throws {
        throw BenchFailure("the hand-wired split was asked to show \(destination) outside a slot")
    }

    func leave(from source: RouterContext, to target: BackTarget) throws {
        throw BenchFailure("the hand-wired split's scenes do not leave on their own")
    }

    func select(from source: RouterContext, slot: String) throws {
        throw BenchFailure("the hand-wired split's scenes do not select a slot")
    }
}

/// The pricing Worker's C functions (Plugins/NativePricing's source, compiled into the benchmark)
/// handed to the scenes' pricing Workers as a hand-written app would: called directly, their
/// types fixed by the compiler, nothing looked up or checked at run time but the name.
@MainActor
final class NativePricingByHand: ServiceResolving {
    func resolve<Service>(_ type: Service.Type) throws -> Service {
        throw BenchFailure("the hand-wired scenes resolve no service (\(Service.self))")
    }

    func nativeFunction(named name: String, returns: String, parameters: [String]) throws -> NativeCall? {
        switch name {
        case "NativePricing.unit_price":
            return { arguments in
                guard let item = arguments.first as? String else { throw BenchFailure("unit_price takes a String") }
                return unit_price(item)
            }
        case "NativePricing.order_discount":
            return { arguments in
                guard arguments.count == 2, let quantity = arguments[0] as? Int64,
                    let subtotal = arguments[1] as? Double
                else { throw BenchFailure("order_discount takes an Int64 and a Double") }
                return order_discount(quantity, subtotal)
            }
        case "NativePricing.order_total":
            return { arguments in
                guard arguments.count == 3, let quantity = arguments[0] as? Int64, let price = arguments[1] as? Double,
                    let discount = arguments[2] as? Double
                else { throw BenchFailure("order_total takes an Int64 and two Doubles") }
                return order_total(quantity, price, discount)
            }
        case "NativePricing.format_price":
            return { arguments in
                guard let amount = arguments.first as? Double else { throw BenchFailure("format_price takes a Double") }
                return String(cString: format_price(amount))
            }
        default:
            return nil
        }
    }
}
