import OrdersKit

/// EditOrder's use cases, as Clean Swift models.
enum EditOrder {
    /// Show the form.
    enum LoadForm {
        struct Request {}
        struct Response {
            let order: EditableOrder?
            /// The quantity as typed, when it differs from the order's.
            let quantityText: String?
        }
        struct ViewModel {
            let title: String
            let fields: [(id: String, label: String, text: String)]
            /// The delivery section: the gift wrap toggle, and the shipping options with the one chosen.
            let giftWrap: Bool
            let shippingOptions: [String]
            let shipping: Int
        }
    }

    /// The user edits one field.
    enum EditField {
        struct Request {
            let field: String
            let text: String
        }
    }

    /// The user switches gift wrap or chooses a shipping.
    enum EditDelivery {
        struct Request {
            var giftWrap: Bool?
            /// An index into `Shipping.allCases`.
            var shipping: Int?
        }
    }

    /// The user taps Save: checked field by field, then written through the orders Worker.
    enum SaveOrder {
        struct Request {}
        struct Response {
            let outcome: Outcome
        }
        struct ViewModel {
            let saved: Bool
            /// What went wrong with the order as a whole (a conflict, a failed write); empty if nothing.
            let message: String
            /// What is wrong with each field, by field id: shown at the field.
            var problems: [String: String] = [:]
            /// The write failed (a locked database, a full disk): the scene reports it as its failure.
            var failure: String?
        }
        enum Outcome {
            case saved
            /// The fields that are wrong, each with what is wrong; nothing was written.
            case invalid([FieldProblem])
            /// Someone else saved the order since it was opened (`current`), or it is gone (nil);
            /// nothing was written, the user's edits are kept, and a second Save writes over `current`.
            case conflict(id: Int, current: Order?)
            /// The Worker failed: the reason without paths (`OrdersFailure`); nothing was written.
            case failed(reason: String)
        }
    }
}

/// One field the form refuses, and why.
struct FieldProblem: Equatable {
    enum Field: String {
        case customer, item, quantity, note
    }

    enum Kind: Equatable {
        case empty
        case notAWholeNumberAboveZero
        case tooLong(limit: Int)
    }

    let field: Field
    let kind: Kind
}

/// The order as EditOrder edits it, with the version the edit started from.
struct EditableOrder: Codable {
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

extension EditableOrder {
    init(_ order: Order) {
        self.init(id: order.id, customer: order.customer, item: order.item, quantity: order.quantity, note: order.note,
                  giftWrap: order.giftWrap, shipping: order.shipping.rawValue, version: order.version)
    }

    var order: Order {
        Order(id: id, customer: customer, item: item, quantity: quantity, note: note, giftWrap: giftWrap ?? false,
              shipping: shipping.flatMap(Shipping.init(rawValue:)) ?? .standard, version: version)
    }
}

/// EditOrder's declared input.
struct EditOrderInput: Codable {
    let order: EditableOrder
}

/// What EditOrder hands back on Save: the order as it was saved (with its new version).
struct EditOrderResult: Codable {
    let order: EditableOrder
}
