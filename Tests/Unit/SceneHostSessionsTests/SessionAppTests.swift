import Testing
@testable import SceneHostSessions

/// A config's app identity (`SessionApp`): the same for the same app wherever and whenever it is
/// computed, another for another app, never the empty text rows of no app hold.
@Suite("Session app identity")
struct SessionAppTests {
    private let orders = SessionApp(
        initial: "ListOrders", plugins: ["Orders": ["database": "\"orders.sqlite\""], "Edit": [:]])

    @Test("a fixed digest of the initial scene and the plugin tables, whatever their order")
    func stable() {
        #expect(orders.identity.count == 64 && orders.identity.allSatisfy(\.isHexDigit))
        #expect(
            orders
                == SessionApp(
                    initial: "ListOrders", plugins: ["Edit": [:], "Orders": ["database": "\"orders.sqlite\""]]))
        // The same on every machine and in every build: a digest of a written-down text, never of memory.
        #expect(
            SessionApp(initial: "Home", plugins: ["HomeScene": [:], "DetailScene": [:]]).identity
                == SessionApp(initial: "Home", plugins: ["DetailScene": [:], "HomeScene": [:]]).identity)
        // The demo's identity, pinned: a change here makes every stored session of every app start afresh.
        #expect(
            SessionApp(initial: "Home", plugins: ["HomeScene": [:], "DetailScene": [:]]).identity
                == "2fe96aac52acacc395635d48e57e151fd547169a9378495b14cacee4ea5fe865")
    }

    @Test("another initial scene, plugin name or setting is another app")
    func differs() {
        let others = [
            SessionApp(initial: "ShowOrder", plugins: ["Orders": ["database": "\"orders.sqlite\""], "Edit": [:]]),
            SessionApp(initial: "ListOrders", plugins: ["OrdersEU": ["database": "\"orders.sqlite\""], "Edit": [:]]),
            SessionApp(initial: "ListOrders", plugins: ["Orders": ["database": "\"orders-eu.sqlite\""], "Edit": [:]]),
            SessionApp(
                initial: "ListOrders",
                plugins: ["Orders": ["database": "\"orders.sqlite\"", "pageSize": "20"], "Edit": [:]]),
            SessionApp(initial: "ListOrders", plugins: ["Orders": ["database": "\"orders.sqlite\""]]),
            // Length-prefixed parts: moving text from one name to the next is no way to read alike.
            SessionApp(
                initial: "ListOrders", plugins: ["Orders": ["database": "\"orders.sqlite\""], "Edi": [:], "t": [:]]),
        ]
        for other in others { #expect(other != orders) }
        #expect(Set(others.map(\.identity)).count == others.count)
        #expect(SessionApp(name: "x").identity == "name:x")
        #expect(SessionApp(name: "").identity != "", "never the identity of rows of no app")
    }
}
