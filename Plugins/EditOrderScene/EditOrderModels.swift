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
        }
    }

    /// The user edits one field.
    enum EditField {
        struct Request {
            let field: String
            let text: String
        }
    }

    /// The user taps Save.
    enum SaveOrder {
        struct Request {}
        struct Response { let problem: String? }
        struct ViewModel {
            let saved: Bool
            let message: String
        }
    }
}

/// The order as EditOrder edits it.
struct EditableOrder: Codable {
    var id: Int
    var customer: String
    var item: String
    var quantity: Int
    var note: String?
}

/// EditOrder's declared input.
struct EditOrderInput: Codable {
    let order: EditableOrder
}

/// What EditOrder hands back on Save.
struct EditOrderResult: Codable {
    let order: EditableOrder
}
