import OrdersKit
import SceneSDK

/// ShowOrder's use cases, as Clean Swift models.
enum ShowOrder {
    /// Show the order as it is in the store (each time the scene appears, so after an edit too).
    enum GetOrder {
        struct Request {}
        struct Response {
            let orderID: Int?
            let order: Order?
            /// Why the order could not be read, without paths (`OrdersFailure`); nil when it was.
            var failure: String? = nil
            /// The total from the native pricing Worker; nil without one.
            var total: String? = nil
        }
        struct ViewModel {
            let title: String
            let lines: [(id: String, text: String)]
            /// Whether the Edit button shows (there is an order to edit).
            let canEdit: Bool
        }
    }

    /// Keep the order shown as it is in the store while the scene is shown: another user's save
    /// (another session, another scene worker, another `scene-host`) shows here on its own.
    enum FollowOrder {
        struct Request {
            /// How often the store is read again.
            var interval: Duration = .milliseconds(500)
        }
        // Presented as GetOrder's Response and ViewModel: the same screen, read again.
    }
}

/// An order as ShowOrder hands it to EditOrder and takes it back. The plugins declare the shapes
/// they pass; the host checks senders against them.
struct OrderData: Codable {
    var id: Int
    var customer: String
    var item: String
    var quantity: Int
    var note: String?
    /// Optional, so what an earlier build passed (kept in a session's records) still fits.
    var giftWrap: Bool?
    /// `Shipping`'s raw value; optional like `giftWrap`.
    var shipping: String?
    var version: Int
}

extension OrderData {
    init(_ order: Order) {
        self.init(id: order.id, customer: order.customer, item: order.item, quantity: order.quantity, note: order.note,
                  giftWrap: order.giftWrap, shipping: order.shipping.rawValue, version: order.version)
    }

    var order: Order {
        Order(id: id, customer: customer, item: item, quantity: quantity, note: note, giftWrap: giftWrap ?? false,
              shipping: shipping.flatMap(Shipping.init(rawValue:)) ?? .standard, version: version)
    }
}

/// ShowOrder's declared input: the order's id alone (ListOrders sends it; a deep link can build it).
/// Named like the link's placeholder (`orders/{id}`), so `serve` puts it in the screen's URL
/// (`/s/ListOrders/ShowOrder?id=2`) and a copied URL opens the same order.
struct ShowOrderInput: Codable {
    let id: Int
}

/// The parameters of ShowOrder's deep link `orders/{id}`.
struct ShowOrderLink: Decodable {
    let id: Int
}

/// What ShowOrder takes back from EditOrder: the order as EditOrder saved it.
struct OrderResult: Codable {
    let order: OrderData
}

/// EditOrder's declared input, as ShowOrder sends it: the order with the version the edit starts from.
struct EditOrderInput: Codable {
    let order: OrderData
}

/// ShowOrder's route to the editor, written once for the definition and the router: the editor is
/// presented modally (`scene-host list` and `graph` show it).
extension Route where Payload == EditOrderInput {
    static var editOrder: Self { Route("EditOrder", style: .present) }
}
