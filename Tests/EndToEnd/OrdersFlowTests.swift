import Foundation
import Testing
import TestSupport

/// The Clean Swift orders flow through the real binary: three plugins, data forward, results back.
/// Each test runs examples/orders-stack.conf from a scratch copy, on a database of its own.
@Suite("Orders flow (end to end)")
struct OrdersFlowTests {
    private func config() throws -> String {
        try ExampleConfig.copy("orders-stack.conf", into: TemporaryFolder())
    }

    @Test("edit an order: Save hands it back to ShowOrder, and ListOrders shows it after back")
    func editAndGoBack() throws {
        let result = try HostProcess.run(
            ["run", "--config", try config(), "--script", "examples/orders-stack.script"], in: BuildProducts.packageRoot
        )
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout.contains(
                """
                > tap save
                == Order #2 ==  (ListOrders › ShowOrder)
                label   customer  Customer: Grace
                label   item      Item: Cake
                label   quantity  Quantity: 5
                label   note      Note: extra cream
                label   delivery  Delivery: Express, gift wrapped
                label   total     Total: $18.00 (5 × $4.00 − $2.00)
                button  edit      [Edit]
                """))
        // Totals come from the C pricing Worker (NativePricing): 5 × $4.00, 3 × $3.00 less 10%.
        #expect(
            result.stdout.contains(
                """
                > back
                == Orders ==  (ListOrders)
                label   summary  3 orders, $31.10 in all
                list    orders
                                 0  #1 Ada: 2 × Tea  $5.00
                                 1  #2 Grace: 5 × Cake (extra cream)  $18.00
                                 2  #3 Linus: 3 × Coffee  $8.10

                """))
        #expect(
            result.stdout.hasSuffix(
                "> call NativePricing.price_rules print\ncallback(Tea, 2.5)\ncallback(Cake, 4.0)\ncallback(Coffee, 3.0)\n3\n"
                    + """
                    == Orders ==  (ListOrders)
                    label   summary  3 orders, $31.10 in all
                    list    orders
                                     0  #1 Ada: 2 × Tea  $5.00
                                     1  #2 Grace: 5 × Cake (extra cream)  $18.00
                                     2  #3 Linus: 3 × Coffee  $8.10

                    """))
    }

    @Test("Cancel hands nothing back; a bad quantity keeps the form open with a message")
    func cancelAndValidation() throws {
        let script = "select orders 0\ntap edit\nfill quantity lots\ntap save\ntap cancel\nback\n"
        let result = try HostProcess.run(
            ["run", "--config", try config()], input: script, in: BuildProducts.packageRoot)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout.contains(
                """
                > tap save
                == Edit order #1 ==  (ListOrders › ShowOrder › EditOrder (modal))
                field   customer  "Ada"
                field   item      "Tea"
                field   quantity  "lots"
                                  ! Quantity must be a whole number above 0.
                field   note      ""  (note)
                """))
        #expect(
            result.stdout.contains(
                "> tap cancel\n== Order #1 ==  (ListOrders › ShowOrder)\nlabel   customer  Customer: Ada\nlabel   item      Item: Tea\nlabel   quantity  Quantity: 2\n"
            ))
        #expect(
            result.stdout.hasSuffix(
                "                 0  #1 Ada: 2 × Tea  $5.00\n                 1  #2 Grace: 1 × Cake (no nuts)  $4.00\n                 2  #3 Linus: 3 × Coffee  $8.10\n"
            ))
    }

    @Test("dismiss and back to a named scene from the script language")
    func dismissAndBackTo() throws {
        let script = "select orders 2\ntap edit\ndismiss\nback ListOrders\ndismiss\n"
        let result = try HostProcess.run(
            ["run", "--config", try config()], input: script, in: BuildProducts.packageRoot)
        #expect(result.status == 1)
        #expect(result.stdout.contains("> dismiss\n== Order #3 ==  (ListOrders › ShowOrder)"))
        #expect(result.stdout.contains("> back ListOrders\n== Orders ==  (ListOrders)"))
        #expect(
            result.stdout.contains(
                "> dismiss\n<stdin>:5: error: 'ListOrders' is not in a modal: there is nothing to dismiss. Use back to pop it.\n== Orders ==  (ListOrders)"
            ))
    }
}
