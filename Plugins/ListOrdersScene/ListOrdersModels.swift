import OrdersKit
import SceneSDK

/// ListOrders' use cases, as Clean Swift models.
enum ListOrders {
    /// Show the orders as they are in the store (each time the list appears).
    enum FetchOrders {
        struct Request {}
        struct Response {
            let orders: [Order]
            /// Why the orders could not be read, without paths (`OrdersFailure`); nil when they were.
            let failure: String?
            /// Each order's total and the sum, formatted by the pricing Worker; nil without one.
            var totals: [String]? = nil
            var grandTotal: String? = nil
            /// The pricing Worker failed: the list shows no prices.
            var pricingFailed = false
            /// The orders are being read: the ones shown are those of the last read.
            var isLoading = false
        }
        struct ViewModel {
            let rows: [String]
            let summary: String
            let isLoading: Bool
        }
    }

    /// The user picks an order.
    enum SelectOrder {
        struct Request { let index: Int }
    }
}

/// ShowOrder's declared input, as ListOrders sends it: the order's id only; ShowOrder reads the
/// order itself, so a deep link (`orders/{id}`) can open it from the id alone.
struct ShowOrderInput: Codable {
    let id: Int
}

/// ListOrders' one route, written once for the definition and the router: the split view's "show
/// detail". In the orders app's split (OrdersSplit) it replaces the detail pane's scene; where
/// ListOrders is shown in no container (examples/orders-stack.conf) it pushes ShowOrder over the list.
extension Route where Payload == ShowOrderInput {
    static var showOrder: Self { Route("ShowOrder", style: .replace, slot: "detail") }
}
