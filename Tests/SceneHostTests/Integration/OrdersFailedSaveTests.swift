import OrdersKit
import Testing
@_spi(SceneHost) @testable import SceneHost
@_spi(SceneHost) import SceneSDK

/// A save the orders Worker refuses: the list on screen stays as it was and says why.
@MainActor
@Suite("Orders failed save (integration)")
struct OrdersFailedSaveTests {
    /// The SQLite Worker's refusal, without a database: every save throws.
    final class RefusingWorker: OrdersWorking {
        func fetchOrders() throws -> [Order] { InMemoryOrdersWorker.sampleOrders }
        func save(_ order: Order) throws { throw OrdersDatabaseError(path: "/data/orders.sqlite", reason: "disk I/O error") }
    }

    @Test("after a refused save the list is unchanged and the summary names the problem")
    func refusedSave() throws {
        let container = SceneContainer()
        try BuiltPlugins.load(["ListOrdersScene", "ShowOrderScene", "EditOrderScene"], into: container, file: "orders.conf")
        container.register((any OrdersWorking).self) { _ in RefusingWorker() }
        let navigator = Navigator(container: container, segues: [ProbeScenes.segue(from: "ShowOrder", id: "edit", to: "EditOrder", style: .present)])
        try navigator.start(at: "ListOrders")
        let before = try navigator.screen().element(id: "orders")
        for command: FrontendCommand in [.select(list: "orders", row: 0), .tap(button: "edit"), .fill(field: "quantity", text: "9"), .tap(button: "save"), .back] {
            try navigator.execute(command)
        }
        #expect(try navigator.screen().element(id: "orders") == before)
        #expect(try navigator.screen().element(id: "summary") == .label(id: "summary", text: "3 orders (could not load: /data/orders.sqlite: disk I/O error)"))
    }
}
