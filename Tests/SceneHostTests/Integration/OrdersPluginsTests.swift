import OrdersKit
import Testing
@_spi(SceneHost) @testable import SceneHost
@_spi(SceneHost) import SceneSDK

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

        func save(_ order: Order) throws {
            saved.append(order)
            orders = orders.map { $0.id == order.id ? order : $0 }
        }
    }

    private func navigator(worker: RecordingWorker) throws -> Navigator {
        let container = SceneContainer()
        try BuiltPlugins.load(["ListOrdersScene", "ShowOrderScene", "EditOrderScene"], into: container, file: "orders.conf")
        container.register((any OrdersWorking).self) { _ in worker }
        let navigator = Navigator(container: container, segues: [ProbeScenes.segue(from: "ShowOrder", id: "edit", to: "EditOrder", style: .present)])
        try navigator.start(at: "ListOrders")
        return navigator
    }

    @Test("ListOrders shows what the injected Worker returns")
    func injectedWorker() throws {
        let worker = RecordingWorker(orders: [Order(id: 41, customer: "Test", item: "Stub", quantity: 1)])
        let navigator = try navigator(worker: worker)
        #expect(try navigator.screen().element(id: "orders") == .list(id: "orders", rows: ["#41 Test: 1 × Stub"]))
    }

    @Test("data forward to ShowOrder and EditOrder, results back to ShowOrder and ListOrders, saved by the Worker")
    func editFlow() throws {
        let worker = RecordingWorker(orders: InMemoryOrdersWorker.sampleOrders)
        let navigator = try navigator(worker: worker)
        try navigator.execute(.select(list: "orders", row: 0))
        #expect(navigator.path == "ListOrders › ShowOrder")
        try navigator.execute(.tap(button: "edit"))
        #expect(navigator.path == "ListOrders › ShowOrder › EditOrder (modal)")
        let editParts = WeakPart.all(of: try #require(navigator.top?.parts))
        try navigator.execute(.fill(field: "customer", text: "Ada L."))
        try navigator.execute(.tap(button: "save"))
        #expect(navigator.path == "ListOrders › ShowOrder")
        #expect(editParts.allSatisfy { $0.object == nil })
        #expect(try navigator.screen().element(id: "customer") == .label(id: "customer", text: "Customer: Ada L."))
        #expect(worker.saved.isEmpty)
        let showParts = WeakPart.all(of: try #require(navigator.top?.parts))
        try navigator.back()
        #expect(showParts.allSatisfy { $0.object == nil })
        #expect(worker.saved == [Order(id: 1, customer: "Ada L.", item: "Tea", quantity: 2)])
        #expect(try navigator.screen().element(id: "orders") == .list(id: "orders", rows: ["#1 Ada L.: 2 × Tea", "#2 Grace: 1 × Cake (no nuts)", "#3 Linus: 3 × Coffee"]))
    }

    @Test("Cancel and an unedited back hand nothing back")
    func nothingBack() throws {
        let worker = RecordingWorker(orders: InMemoryOrdersWorker.sampleOrders)
        let navigator = try navigator(worker: worker)
        try navigator.execute(.select(list: "orders", row: 1))
        try navigator.execute(.tap(button: "edit"))
        try navigator.execute(.fill(field: "item", text: "Pie"))
        try navigator.execute(.tap(button: "cancel"))
        #expect(try navigator.screen().element(id: "item") == .label(id: "item", text: "Item: Cake"))
        try navigator.back()
        #expect(worker.saved.isEmpty)
    }
}
