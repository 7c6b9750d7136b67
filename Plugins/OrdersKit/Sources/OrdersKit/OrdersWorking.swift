/// Where the orders scenes get orders from and save them to: the Worker the container injects,
/// one instance shared by every orders scene of a process (`OrdersWorkerSource`).
///
/// Register another implementation for `(any OrdersWorking).self` to swap it (tests do).
@MainActor
public protocol OrdersWorking: AnyObject {
    /// Every order, by id.
    func fetchOrders() throws -> [Order]
    /// The order with `id`; nil when there is none.
    func fetchOrder(id: Int) throws -> Order?
    /// Writes `order` over the stored order with its id, if that one still has `order.version`,
    /// and returns what was stored (its version one higher). Throws `OrderConflictError` when the
    /// stored order changed (or went) since `order.version`; nothing is written then.
    @discardableResult
    func save(_ order: Order) throws -> Order
}

extension OrdersWorking {
    public func fetchOrder(id: Int) throws -> Order? {
        try fetchOrders().first { $0.id == id }
    }
}
