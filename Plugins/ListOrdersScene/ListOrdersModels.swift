import OrdersKit

/// ListOrders' use cases, as Clean Swift models.
enum ListOrders {
    /// Show the orders (again, after a scene above returned).
    enum FetchOrders {
        struct Request {}
        struct Response {
            let orders: [Order]
            let failure: String?
            /// Each order's total and the sum, formatted by the pricing Worker; nil without one.
            var totals: [String]? = nil
            var grandTotal: String? = nil
        }
        struct ViewModel {
            let rows: [String]
            let summary: String
        }
    }

    /// The user picks an order.
    enum SelectOrder {
        struct Request { let index: Int }
    }
}

/// ShowOrder's declared input, as ListOrders sends it.
struct ShowOrderInput: Codable {
    let order: Order
}

/// The result ListOrders takes back from the scene it showed (ShowOrder).
struct OrderResult: Codable {
    let order: Order
}
