/// An item as the three scenes pass it: nested, optional and array fields, as real contracts have.
struct RealisticItem: Codable, Equatable {
    struct Line: Codable, Equatable {
        var product: String
        var quantity: Int
        var price: Double
    }
    var id: Int
    var customer: String
    var lines: [Line]
    var note: String?
    var urgent: Bool
}

struct RealisticShowInput: Codable { let item: RealisticItem }
struct RealisticEditInput: Codable { let item: RealisticItem }
struct RealisticItemResult: Codable { let item: RealisticItem }

/// The Clean Swift models of the three scenes.
enum RealisticList {
    enum FetchItems {
        struct Request {}
        struct Response { let items: [RealisticItem] }
        struct ViewModel { let rows: [String] }
    }
}

enum RealisticShow {
    enum GetItem {
        struct Request {}
        struct Response { let item: RealisticItem? }
        struct ViewModel { let title: String; let lines: [(id: String, text: String)] }
    }
}

enum RealisticEdit {
    enum Save {
        struct Request { let customer: String; let note: String }
        struct Response { let item: RealisticItem?; let problem: String? }
        struct ViewModel { let title: String; let problem: String? }
    }
}
