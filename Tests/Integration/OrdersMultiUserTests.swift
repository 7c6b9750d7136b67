import OrdersKit
import Testing
@_spi(SceneHost) import SceneSDK
@testable import SceneHostCore
@testable import SceneHostContainer
@testable import SceneHostNavigation
@testable import SceneHostFrontend
import HostTestSupport
import SceneTestSupport
@testable import SceneHostConfig

/// The orders example as a multi-user app: Save writes at once, two users editing one order never
/// overwrite each other silently, and the form refuses what the database would.
@MainActor
@Suite("Orders multi-user (integration)")
struct OrdersMultiUserTests {
    /// Reads the file as it is now, through a connection of its own.
    private func stored(_ id: Int, in app: OrdersApp) throws -> Order? {
        try SQLiteOrdersWorker(path: app.database).fetchOrder(id: id)
    }

    private func message(_ navigator: Navigator) throws -> String? {
        guard case .alert(_, let text)? = try navigator.screen().element(id: "message") else { return nil }
        return text
    }

    /// The problems shown at the fields, in screen order, as `field: problem`.
    private func problems(_ navigator: Navigator) throws -> [String] {
        try navigator.screen().elements.compactMap { element in
            guard case .textField(let id, _, _, _, let problem) = element, !problem.isEmpty else { return nil }
            return "\(id): \(problem)"
        }
    }

    private let openSecondOrder: [FrontendCommand] = [.select(list: "orders", row: 1), .tap(button: "edit")]

    @Test("Save writes to the database at Save: the file has the change while the app is still on ShowOrder")
    func writtenAtSave() async throws {
        let app = try OrdersApp()
        let session = try await app.session(in: try app.process())
        try await OrdersApp.run(
            openSecondOrder + [.fill(field: "quantity", text: "4"), .tap(button: "save")], in: session)
        #expect(session.path == "ListOrders › ShowOrder")
        #expect(
            try stored(2, in: app)
                == Order(id: 2, customer: "Grace", item: "Cake", quantity: 4, note: "no nuts", version: 2))
        #expect(try session.screen().element(id: "quantity") == .label(id: "quantity", text: "Quantity: 4"))
    }

    @Test(
        "two workers, one order: the second Save is a conflict that writes nothing and keeps the edits; Save again writes"
    )
    func conflictAcrossWorkers() async throws {
        let app = try OrdersApp()
        let first = try await app.session(in: try app.process())
        let second = try await app.session(in: try app.process())
        try await OrdersApp.run(openSecondOrder, in: first)
        try await OrdersApp.run(openSecondOrder, in: second)
        try await OrdersApp.run([.fill(field: "quantity", text: "4"), .tap(button: "save")], in: first)
        try await OrdersApp.run([.fill(field: "note", text: "candles"), .tap(button: "save")], in: second)
        #expect(second.path == "ListOrders › ShowOrder › EditOrder (modal)")
        #expect(
            try message(second)
                == "Order #2 was changed by someone else since you opened it (now: Grace, Cake × 4). Your edits are still here: Save again to replace it, or Cancel."
        )
        #expect(
            try second.screen().element(id: "note")
                == .textField(id: "note", placeholder: "note", text: "candles", label: "Note (optional)"))
        #expect(
            try stored(2, in: app)
                == Order(id: 2, customer: "Grace", item: "Cake", quantity: 4, note: "no nuts", version: 2),
            "the conflict wrote nothing")
        try await second.executeSettled(.tap(button: "save"))
        #expect(second.path == "ListOrders › ShowOrder")
        #expect(
            try stored(2, in: app)
                == Order(id: 2, customer: "Grace", item: "Cake", quantity: 1, note: "candles", version: 3))
        try await first.executeSettled(.back)
        #expect(
            try first.screen().element(id: "orders")
                == .list(
                    id: "orders", rows: ["#1 Ada: 2 × Tea", "#2 Grace: 1 × Cake (candles)", "#3 Linus: 3 × Coffee"]),
            "the other worker's list shows what is stored")
    }

    @Test("two sessions of one worker share its in-memory store and get the same version check")
    func conflictInMemory() async throws {
        let container = SceneContainer()
        try BuiltPlugins.load(
            ["ListOrdersScene", "ShowOrderScene", "EditOrderScene"], into: container, file: "orders-stack.conf")
        let segues = [ProbeScenes.segue(from: "ShowOrder", id: "edit", to: "EditOrder", style: .present)]
        let (first, second) = (
            Navigator(container: container, segues: segues), Navigator(container: container, segues: segues)
        )
        try await first.startSettled(at: "ListOrders")
        try await second.startSettled(at: "ListOrders")
        try await OrdersApp.run(openSecondOrder, in: first)
        try await OrdersApp.run(openSecondOrder, in: second)
        try await OrdersApp.run([.fill(field: "item", text: "Pie"), .tap(button: "save")], in: first)
        try await OrdersApp.run([.fill(field: "quantity", text: "3"), .tap(button: "save")], in: second)
        #expect(
            try message(second)
                == "Order #2 was changed by someone else since you opened it (now: Grace, Pie × 1). Your edits are still here: Save again to replace it, or Cancel."
        )
        try await second.executeSettled(.tap(button: "save"))
        try await second.executeSettled(.back)
        #expect(
            try second.screen().element(id: "orders")
                == .list(
                    id: "orders", rows: ["#1 Ada: 2 × Tea", "#2 Grace: 3 × Cake (no nuts)", "#3 Linus: 3 × Coffee"]))
    }

    @Test("an empty item and a zero quantity are refused, each named, and nothing is written")
    func invalidFields() async throws {
        let app = try OrdersApp()
        let session = try await app.session(in: try app.process())
        try await OrdersApp.run(
            openSecondOrder + [
                .fill(field: "item", text: "   "), .fill(field: "quantity", text: "0"), .tap(button: "save"),
            ], in: session)
        #expect(session.path == "ListOrders › ShowOrder › EditOrder (modal)")
        #expect(
            try problems(session) == [
                "item: Item must not be empty.", "quantity: Quantity must be a whole number above 0.",
            ])
        #expect(try message(session) == nil)
        try await OrdersApp.run(
            [.fill(field: "item", text: "Cake"), .fill(field: "customer", text: ""), .tap(button: "save")], in: session)
        #expect(
            try problems(session) == [
                "customer: Customer must not be empty.", "quantity: Quantity must be a whole number above 0.",
            ])
        #expect(try stored(2, in: app) == InMemoryOrdersWorker.sampleOrders[1], "nothing was written")
    }

    @Test(
        "a save while another connection holds the database fails as the scene's error, without paths; the form stays; the next Save writes"
    )
    func busyDatabase() async throws {
        let app = try OrdersApp()
        let session = try await app.session(in: try app.process())
        try await OrdersApp.run(openSecondOrder + [.fill(field: "quantity", text: "6")], in: session)
        let lock = try OrdersDatabaseLock(path: app.database)
        let error = #expect(throws: NavigationError.self) { try session.execute(.tap(button: "save")) }
        lock.release()
        let text = ErrorMessage.render(try #require(error))
        #expect(
            text
                == "error: scene 'EditOrder' failed: could not save the order (the database is busy); nothing was written, try again."
        )
        #expect(!text.contains("/"))
        #expect(session.path == "ListOrders › ShowOrder › EditOrder (modal)")
        try await session.executeSettled(.fill(field: "note", text: "soon"))
        #expect(try message(session) == nil)
        try await session.executeSettled(.tap(button: "save"))
        #expect(session.path == "ListOrders › ShowOrder")
        #expect(try session.screen().element(id: "message") == nil)
        #expect(try stored(2, in: app)?.quantity == 6)
    }

    @Test(
        "a session restored in a new worker (after a crash) keeps EditOrder's version: a save made meanwhile is still a conflict"
    )
    func restoreKeepsVersion() async throws {
        let app = try OrdersApp()
        let session = try await app.session(in: try app.process())
        try await OrdersApp.run(openSecondOrder + [.fill(field: "note", text: "mine")], in: session)
        _ = session.takeRecordChanges(topScreen: try session.screen())
        let records = session.records()
        let other = try await app.session(in: try app.process())
        try await OrdersApp.run(
            openSecondOrder + [.fill(field: "quantity", text: "9"), .tap(button: "save")], in: other)
        let restored = Navigator(container: try app.process(), segues: app.config.segues)
        _ = restored.restore(records)
        #expect(restored.path == "ListOrders › ShowOrder › EditOrder (modal)")
        #expect(
            try restored.screen().element(id: "note")
                == .textField(id: "note", placeholder: "note", text: "mine", label: "Note (optional)"))
        try await restored.executeSettled(.tap(button: "save"))
        #expect(
            try message(restored)
                == "Order #2 was changed by someone else since you opened it (now: Grace, Cake × 9). Your edits are still here: Save again to replace it, or Cancel."
        )
        #expect(try stored(2, in: app)?.quantity == 9)
    }
}
