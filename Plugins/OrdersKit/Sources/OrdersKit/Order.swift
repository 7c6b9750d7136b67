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
    /// Wrapped as a gift (EditOrder's toggle).
    public var giftWrap: Bool
    /// How it is sent (EditOrder's choice).
    public var shipping: Shipping
    public var version: Int

    public init(id: Int, customer: String, item: String, quantity: Int, note: String? = nil, giftWrap: Bool = false,
                shipping: Shipping = .standard, version: Int = 1) {
        self.id = id
        self.customer = customer
        self.item = item
        self.quantity = quantity
        self.note = note
        self.giftWrap = giftWrap
        self.shipping = shipping
        self.version = version
    }
}

/// How an order is sent; stored and passed between the plugins by its raw value.
public enum Shipping: String, Codable, CaseIterable, Sendable {
    case standard, express, nextDay

    /// Its name for people, as the form's choice and the order's screen show it.
    public var title: String {
        switch self {
        case .standard: "Standard"
        case .express: "Express"
        case .nextDay: "Next day"
        }
    }
}
