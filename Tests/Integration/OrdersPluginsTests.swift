import OrdersKit
import Testing
@_spi(SceneHost) import SceneSDK
@testable import SceneHostContainer
@testable import SceneHostNavigation
@testable import SceneHostFrontend
import HostTestSupport
import TestSupport
import SceneTestSupport

/// The orders plugins loaded in process, with the orders Worker swapped through the container.
@MainActor
@Suite("Orders plugins")
struct OrdersPluginsTests {
    /// A Worker the test controls: fixed orders, and a record of what was saved.
    final class RecordingWorker: OrdersWorking {
        var orders: [Order]
        var saved: [Order] = []

        init(orders: [Order]) { self.orders = orders }

        func fetchOrders() throws -> [Order] { orders }

        func save(_ order: Order) throws -> Order {
            saved.append(order)
            var stored = order
            stored.version += 1
            orders = orders.map { $0.id == order.id ? stored : $0 }
            return stored
        }
    }

    private func navigator(worker: RecordingWorker) async throws -> Navigator {
        let container = SceneContainer()
        try BuiltPlugins.load(
            ["ListOrdersScene", "ShowOrderScene", "EditOrderScene"], into: container, file: "orders-stack.conf")
        container.register((any OrdersWorking).self) { _ in worker }
        let navigator = Navigator(
            container: container,
            segues: [ProbeScenes.segue(from: "ShowOrder", id: "edit", to: "EditOrder", style: .present)])
        try await navigator.startSettled(at: "ListOrders")
        return navigator
    }

    @Test("ListOrders shows what the injected Worker returns")
    func injectedWorker() async throws {
        let worker = RecordingWorker(orders: [Order(id: 41, customer: "Test", item: "Stub", quantity: 1)])
        let navigator = try await navigator(worker: worker)
        #expect(try navigator.screen().element(id: "orders") == .list(id: "orders", rows: ["#41 Test: 1 × Stub"]))
    }

    @Test("data forward to ShowOrder and EditOrder, saved by the Worker at Save, the list read again after back")
    func editFlow() async throws {
        let worker = RecordingWorker(orders: InMemoryOrdersWorker.sampleOrders)
        let navigator = try await navigator(worker: worker)
        try await navigator.executeSettled(.select(list: "orders", row: 0))
        #expect(navigator.path == "ListOrders › ShowOrder")
        try await navigator.executeSettled(.tap(button: "edit"))
        #expect(navigator.path == "ListOrders › ShowOrder › EditOrder (modal)")
        let editParts = WeakPart.all(of: try #require(navigator.top))
        try await navigator.executeSettled(.fill(field: "customer", text: "Ada L."))
        try await navigator.executeSettled(.tap(button: "save"))
        #expect(navigator.path == "ListOrders › ShowOrder")
        #expect(editParts.allSatisfy { $0.object == nil })
        #expect(try navigator.screen().element(id: "customer") == .label(id: "customer", text: "Customer: Ada L."))
        #expect(worker.saved == [Order(id: 1, customer: "Ada L.", item: "Tea", quantity: 2, version: 1)])
        let showParts = WeakPart.all(of: try #require(navigator.top))
        try await navigator.executeSettled(.back)
        #expect(showParts.allSatisfy { $0.object == nil })
        #expect(worker.saved.count == 1, "back writes nothing")
        #expect(
            try navigator.screen().element(id: "orders")
                == .list(
                    id: "orders", rows: ["#1 Ada L.: 2 × Tea", "#2 Grace: 1 × Cake (no nuts)", "#3 Linus: 3 × Coffee"]))
    }

    @Test("Cancel and an unedited back write nothing")
    func nothingBack() async throws {
        let worker = RecordingWorker(orders: InMemoryOrdersWorker.sampleOrders)
        let navigator = try await navigator(worker: worker)
        try await navigator.executeSettled(.select(list: "orders", row: 1))
        try await navigator.executeSettled(.tap(button: "edit"))
        try await navigator.executeSettled(.fill(field: "item", text: "Pie"))
        try await navigator.executeSettled(.tap(button: "cancel"))
        #expect(try navigator.screen().element(id: "item") == .label(id: "item", text: "Item: Cake"))
        try await navigator.executeSettled(.back)
        #expect(worker.saved.isEmpty)
    }

    @Test("every screen on the stack is called by its own title, not its scene's name")
    func titlesOfTheStack() async throws {
        let navigator = try await navigator(worker: RecordingWorker(orders: InMemoryOrdersWorker.sampleOrders))
        try await navigator.executeSettled(.select(list: "orders", row: 1))
        #expect(navigator.titles() == ["Orders", "Order #2"])
    }

    @Test("ShowOrder reads the order by id: a missing one is a screen that says so, with no Edit button")
    func missingOrder() async throws {
        let worker = RecordingWorker(orders: InMemoryOrdersWorker.sampleOrders)
        let navigator = try await navigator(worker: worker)
        try await navigator.executeSettled(.select(list: "orders", row: 2))
        worker.orders.removeLast()
        try await navigator.executeSettled(.tap(button: "edit"))
        try await navigator.executeSettled(.tap(button: "cancel"))
        let screen = try navigator.screen()
        #expect(screen.title == "Order #3")
        #expect(screen.element(id: "message") == .label(id: "message", text: "Order #3 was not found."))
        #expect(screen.element(id: "edit") == nil)
    }

    @Test("the three orders scenes share one Worker: the one the first orders plugin registered")
    func oneSharedWorker() async throws {
        let container = SceneContainer()
        try BuiltPlugins.load(
            ["ShowOrderScene", "EditOrderScene", "ListOrdersScene"], into: container, file: "orders-stack.conf")
        let navigator = Navigator(
            container: container,
            segues: [ProbeScenes.segue(from: "ShowOrder", id: "edit", to: "EditOrder", style: .present)])
        try await navigator.startSettled(at: "ListOrders")
        for command: FrontendCommand in [
            .select(list: "orders", row: 0), .tap(button: "edit"), .fill(field: "item", text: "Chai"),
            .tap(button: "save"), .back,
        ] {
            try await navigator.executeSettled(command)
        }
        #expect(
            try navigator.screen().element(id: "orders")
                == .list(
                    id: "orders", rows: ["#1 Ada: 2 × Chai", "#2 Grace: 1 × Cake (no nuts)", "#3 Linus: 3 × Coffee"]))
        let worker = try container.resolve((any OrdersWorking).self)
        #expect(try worker.fetchOrder(id: 1)?.version == 2)
        #expect(try container.resolve((any OrdersWorking).self) === worker)
    }
}
