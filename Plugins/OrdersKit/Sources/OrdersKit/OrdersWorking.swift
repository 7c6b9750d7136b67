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
    /// Every order, read without holding up the scene (the database is read on its own queue):
    /// what a scene's background work awaits (`perform`, `observe`).
    func loadOrders() async throws -> [Order]
    /// The order with `id`, read without holding up the scene; nil when there is none.
    func loadOrder(id: Int) async throws -> Order?
}

extension OrdersWorking {
    /// A Worker that holds its orders in memory answers at once.
    public func loadOrders() async throws -> [Order] {
        try fetchOrders()
    }

    public func loadOrder(id: Int) async throws -> Order? {
        try fetchOrder(id: id)
    }

    public func fetchOrder(id: Int) throws -> Order? {
        try fetchOrders().first { $0.id == id }
    }
}
