import OrdersKit
import Testing
@_spi(SceneHost) import SceneSDK
@testable import SceneHostNative
@testable import SceneHostContainer
@testable import SceneHostNavigation
import HostTestSupport
@testable import SceneHostFrontend

/// The C plugin loaded in process next to the orders plugins: typed resolution through the
/// container (the Swift type checked against the declared signature), and ListOrders' totals.
@MainActor
@Suite("Native pricing plugin")
struct NativePricingTests {
    private func container(_ plugins: [String] = ["NativePricing"]) throws -> SceneContainer {
        let container = SceneContainer()
        try BuiltPlugins.load(plugins, into: container, file: "orders-stack.conf")
        return container
    }

    @Test("a native function resolves as the Swift function type its signature declares")
    func typed() async throws {
        let container = try container()
        let total = try #require(
            try container.nativeFunction("NativePricing.order_total", as: ((Int64, Double, Double) -> Double).self))
        #expect(try total(3, 2.5, 0.5) == 7.0)
        let format = try #require(
            try container.nativeFunction("NativePricing.format_price", as: ((Double) -> String).self))
        #expect(try format(1234.5) == "$1234.50")
        #expect(try container.nativeFunction("NativePricing.nothing_here", as: ((Double) -> String).self) == nil)
    }

    @Test("a Swift function type that does not match the declared signature is refused when resolved")
    func mismatch() async throws {
        let container = try container()
        #expect(
            throws: SceneError.nativeSignatureMismatch(
                function: "NativePricing.order_total", declared: "double(int64, double, double)",
                requested: "double(int32, double, double)")
        ) {
            _ = try container.nativeFunction("NativePricing.order_total", as: ((Int32, Double, Double) -> Double).self)
        }
        #expect(
            throws: SceneError.nativeSignatureMismatch(
                function: "NativePricing.price_rules", declared: "int32(callback(void(string, double)))",
                requested: "int32(string)")
        ) {
            _ = try container.nativeFunction("NativePricing.price_rules", as: ((String) -> Int32).self)
        }
    }

    @Test("ListOrders shows each order's total and the sum, computed by the C Worker")
    func listOrdersTotals() async throws {
        let container = try container(["NativePricing", "ListOrdersScene", "ShowOrderScene", "EditOrderScene"])
        let navigator = Navigator(container: container, segues: [])
        try await navigator.startSettled(at: "ListOrders")
        #expect(
            try navigator.screen().element(id: "orders")
                == .list(
                    id: "orders",
                    rows: [
                        "#1 Ada: 2 × Tea  $5.00", "#2 Grace: 1 × Cake (no nuts)  $4.00", "#3 Linus: 3 × Coffee  $8.10",
                    ]))
        #expect(try navigator.screen().element(id: "summary") == .label(id: "summary", text: "3 orders, $17.10 in all"))
    }

    @Test("ShowOrder shows the order's total, computed by the C Worker")
    func showOrderTotal() async throws {
        let container = try container(["NativePricing", "ListOrdersScene", "ShowOrderScene", "EditOrderScene"])
        let navigator = Navigator(container: container, segues: [])
        try await navigator.startSettled(at: "ListOrders")
        try await navigator.executeSettled(.select(list: "orders", row: 2))
        #expect(
            try navigator.screen().element(id: "total") == .label(id: "total", text: "Total: $8.10 (3 × $3.00 − $0.90)")
        )
    }

    @Test("the callback function calls a Swift closure once per price rule")
    func callback() async throws {
        let function = try container().nativeFunction(named: "NativePricing.price_rules")
        var rules: [String] = []
        let count = try function.call([
            .callback(
                NativeCallback { arguments in
                    rules.append(arguments.map(\.printed).joined(separator: "="))
                    return .void
                })
        ])
        #expect(count == .int(3))
        #expect(rules == ["Tea=2.5", "Cake=4.0", "Coffee=3.0"])
    }
}
