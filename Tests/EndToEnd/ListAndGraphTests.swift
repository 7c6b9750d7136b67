import Foundation
import Testing
import TestSupport

@Suite("scene-host list and graph (end to end)")
struct ListAndGraphTests {
    // A route whose Route declares a style shows it (issue 35, 2.5): ShowOrder's route to EditOrder
    // presents modally, in code too, and list and graph say so as they do for segues; a Route
    // without a style shows none.
    @Test(
        "list shows plugins with path and version, declared settings with their help, native functions with signatures, scenes with inputs and results, and routes"
    )
    func list() throws {
        let result = try HostProcess.run(
            ["list", "--config", "examples/orders-stack.conf"], in: BuildProducts.packageRoot)
        #expect(result.status == 0, "\(result.stderr)")
        let root = BuildProducts.packageRoot.standardizedFileURL.path
        #expect(
            result.stdout == """
                plugins:
                  ListOrdersScene  ListOrdersScene 1.0.0  \(root)/.build/debug/libListOrdersScene.so  scenes: ListOrders
                    setting database (path) = "orders.sqlite"  (examples/orders-stack.conf:14:1)  -- the SQLite file of the orders, shared by every scene worker, made on first use; without it each scene worker keeps its own orders in memory until it ends
                  ShowOrderScene  ShowOrderScene 1.0.0  \(root)/.build/debug/libShowOrderScene.so  scenes: ShowOrder
                    setting database (path) = "orders.sqlite"  (examples/orders-stack.conf:20:1)  -- the SQLite file of the orders, shared by every scene worker, made on first use; without it each scene worker keeps its own orders in memory until it ends
                  EditOrderScene  EditOrderScene 1.0.0  \(root)/.build/debug/libEditOrderScene.so  scenes: EditOrder
                    setting database (path) = "orders.sqlite"  (examples/orders-stack.conf:26:1)  -- the SQLite file of the orders, shared by every scene worker, made on first use; without it each scene worker keeps its own orders in memory until it ends
                  NativePricing  NativePricing native  \(root)/.build/debug/libNativePricing.so  scenes: none
                    native  NativePricing.unit_price  double(string)
                    native  NativePricing.order_discount  double(int64, double)
                    native  NativePricing.order_total  double(int64, double, double)
                    native  NativePricing.format_price  string(double)
                    native  NativePricing.price_rules  int32(callback(void(string, double)))
                scenes:
                  EditOrder  [EditOrderScene]
                    input:    EditOrderInput { order: EditableOrder }
                    returns:  EditOrderResult { order: EditableOrder }
                  ListOrders  [ListOrdersScene]  (initial)
                  ShowOrder  [ShowOrderScene]
                    input:    ShowOrderInput { id: Int }
                    accepts:  OrderResult { order: OrderData }
                    link:     orders/{id: Int}
                routes:
                  ShowOrder -> EditOrder  segue 'edit' (examples/orders-stack.conf:28:1)  present  passing EditOrderInput { order: OrderData }
                  ListOrders -> ShowOrder  router handler routeToShowOrder  in slot detail  replace  passing ShowOrderInput { id: Int }
                  ShowOrder -> EditOrder  router handler routeToEditOrder  present  passing EditOrderInput { order: OrderData }

                """)
    }

    @Test("graph draws one node per scene and one edge per route, as DOT")
    func dot() throws {
        let result = try HostProcess.run(["graph"], in: BuildProducts.packageRoot)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout == """
                digraph scenes {
                  rankdir=LR;
                  node [shape=box, style=rounded, fontname="Helvetica"];
                  edge [fontname="Helvetica", fontsize=10];
                  "Detail" [label="Detail\\n(DetailScene)\\nin: DetailInput"];
                  "Home" [label="Home\\n(HomeScene)", peripheries=2];
                  "Home" -> "Detail" [label="showDetail\\npush\\nDetailInput"];
                  "Home" -> "Detail" [label="routeToDetail\\nDetailInput", style=dashed];
                }

                """)
    }

    @Test("graph as Mermaid")
    func mermaid() throws {
        let result = try HostProcess.run(
            ["graph", "--format", "mermaid", "--config", "examples/orders-stack.conf"], in: BuildProducts.packageRoot)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout == """
                flowchart LR
                  s0["EditOrder<br/>(EditOrderScene)<br/>in: EditOrderInput<br/>returns: EditOrderResult"]
                  s1(["ListOrders<br/>(ListOrdersScene)"])
                  s2["ShowOrder<br/>(ShowOrderScene)<br/>in: ShowOrderInput<br/>link: orders/{id: Int}"]
                  s2-->|"edit · present · EditOrderInput"|s0
                  s1-.->|"routeToShowOrder · in slot detail · replace · ShowOrderInput"|s2
                  s2-.->|"routeToEditOrder · present · EditOrderInput"|s0

                """)
    }

    @Test("an unknown format is a usage error")
    func badFormat() throws {
        let result = try HostProcess.run(["graph", "--format", "png"], in: BuildProducts.packageRoot)
        #expect(result.status == 64)
    }
}
