/// ShowOrder's use cases, as Clean Swift models.
enum ShowOrder {
    /// Show the order (again, after it was edited).
    enum GetOrder {
        struct Request {}
        struct Response {
            let order: OrderData?
            /// The total from the native pricing Worker; nil without one.
            var total: String? = nil
        }
        struct ViewModel {
            let title: String
            let lines: [(id: String, text: String)]
        }
    }
}

/// An order as ShowOrder sees it. ShowOrder does not import the orders package: it declares
/// the shape it accepts, and the host checks senders against it.
struct OrderData: Codable {
    var id: Int
    var customer: String
    var item: String
    var quantity: Int
    var note: String?
}

/// ShowOrder's declared input.
struct ShowOrderInput: Codable {
    let order: OrderData
}

/// What ShowOrder takes back from EditOrder, and hands back to the scene below it.
struct OrderResult: Codable {
    let order: OrderData
}

/// EditOrder's declared input, as ShowOrder sends it.
struct EditOrderInput: Codable {
    let order: OrderData
}
