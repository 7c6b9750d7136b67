import OrdersKit
import Testing
@_spi(SceneHost) import SceneSDK
@testable import SceneHostCore
@testable import SceneHostContainer
@testable import SceneHostNavigation
@testable import SceneHostFrontend
import HostTestSupport
import SceneTestSupport

/// A save the orders Worker refuses: EditOrder stays open with a message that names no file, the
/// message goes with the next action, and the list on screen stays as it was.
@MainActor
@Suite("Orders failed save (integration)")
struct OrdersFailedSaveTests {
    /// The SQLite Worker's refusal, without a database: every save throws, naming a server path.
    final class RefusingWorker: OrdersWorking {
        func fetchOrders() throws -> [Order] { InMemoryOrdersWorker.sampleOrders }
        func save(_ order: Order) throws -> Order {
            throw OrdersDatabaseError(
                path: "/data/orders.sqlite", reason: "database is locked", summary: "the database is busy")
        }
    }

    /// Reads fail while `failing` is set, as a database another process holds would.
    final class FlakyWorker: OrdersWorking {
        var failing = false

        func fetchOrders() throws -> [Order] {
            if failing {
                throw OrdersDatabaseError(
                    path: "/data/orders.sqlite", reason: "database is locked", summary: "the database is busy")
            }
            return InMemoryOrdersWorker.sampleOrders
        }

        func save(_ order: Order) throws -> Order { order }
    }

    private func navigator(worker: any OrdersWorking = RefusingWorker()) async throws -> Navigator {
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

    @Test("a refused save is the scene's error (without paths), EditOrder stays open with the edits; nothing changed")
    func refusedSave() async throws {
        let navigator = try await navigator()
        let before = try navigator.screen().element(id: "orders")
        for command: FrontendCommand in [
            .select(list: "orders", row: 0), .tap(button: "edit"), .fill(field: "quantity", text: "9"),
        ] {
            try await navigator.executeSettled(command)
        }
        let error = #expect(throws: NavigationError.self) { try navigator.execute(.tap(button: "save")) }
        #expect(navigator.path == "ListOrders › ShowOrder › EditOrder (modal)")
        let text = ErrorMessage.render(try #require(error))
        #expect(
            text
                == "error: scene 'EditOrder' failed: could not save the order (the database is busy); nothing was written, try again."
        )
        #expect(!text.contains("/"))
        #expect(try navigator.screen().element(id: "message") == nil)
        #expect(
            try navigator.screen().element(id: "quantity")
                == .textField(id: "quantity", placeholder: "quantity", text: "9", label: "Quantity"), "the edit is kept"
        )
        try await navigator.executeSettled(.fill(field: "note", text: "later"))
        try await navigator.executeSettled(.tap(button: "cancel"))
        #expect(try navigator.screen().element(id: "message") == nil, "ShowOrder shows no message of EditOrder's")
        try await navigator.executeSettled(.back)
        #expect(try navigator.screen().element(id: "orders") == before)
        #expect(try navigator.screen().element(id: "summary") == .label(id: "summary", text: "3 orders"))
    }

    @Test("a failed read shows on the screen it happened on, without paths, until the next read there succeeds")
    func failedReads() async throws {
        let worker = FlakyWorker()
        let navigator = try await navigator(worker: worker)
        try await OrdersApp.run([.select(list: "orders", row: 0), .tap(button: "edit")], in: navigator)
        worker.failing = true
        try await navigator.executeSettled(.tap(button: "cancel"))
        #expect(
            try navigator.screen().element(id: "message")
                == .label(id: "message", text: "Order #1 could not be loaded (the database is busy); try again."))
        #expect(
            try navigator.screen().element(id: "customer") == .label(id: "customer", text: "Customer: Ada"),
            "the order last read stays")
        try await navigator.executeSettled(.back)
        #expect(
            try navigator.screen().element(id: "summary")
                == .label(
                    id: "summary", text: "3 orders. The orders could not be loaded (the database is busy); try again."))
        worker.failing = false
        try await navigator.executeSettled(.select(list: "orders", row: 1))
        #expect(try navigator.screen().element(id: "message") == nil)
        try await navigator.executeSettled(.back)
        #expect(try navigator.screen().element(id: "summary") == .label(id: "summary", text: "3 orders"))
    }
}
