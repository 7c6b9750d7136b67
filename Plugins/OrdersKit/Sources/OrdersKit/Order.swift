/// An order of the example shop.
///
/// `version` counts the saves the stored order has had: a save names the version it was edited
/// from and is refused (`OrderConflictError`) when the stored order has moved on since.
public struct Order: Codable, Equatable, Sendable {
    public var id: Int
    public var customer: String
    public var item: String
    public var quantity: Int
    public var note: String?
    public var version: Int

    public init(id: Int, customer: String, item: String, quantity: Int, note: String? = nil, version: Int = 1) {
        self.id = id
        self.customer = customer
        self.item = item
        self.quantity = quantity
        self.note = note
        self.version = version
    }
}
