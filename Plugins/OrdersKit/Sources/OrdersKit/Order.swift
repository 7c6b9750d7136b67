/// An order of the example shop.
public struct Order: Codable, Equatable, Sendable {
    public var id: Int
    public var customer: String
    public var item: String
    public var quantity: Int
    public var note: String?

    public init(id: Int, customer: String, item: String, quantity: Int, note: String? = nil) {
        self.id = id
        self.customer = customer
        self.item = item
        self.quantity = quantity
        self.note = note
    }
}
