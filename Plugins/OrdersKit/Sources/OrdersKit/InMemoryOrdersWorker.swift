/// The orders Worker without a database: a few orders kept in memory, one store per process,
/// shared by the orders scenes of every session there.
///
/// Each scene worker is a process, so each has its own store: right for `run` (one worker) and
/// tests, not for `serve`, which runs several (users on different workers would see different
/// orders); there the plugins' `database` setting names the SQLite Worker's file.
@MainActor
public final class InMemoryOrdersWorker: OrdersWorking {
    private var orders: [Order]

    public init(orders: [Order] = InMemoryOrdersWorker.sampleOrders) {
        self.orders = orders
    }

    public nonisolated static let sampleOrders = [
        Order(id: 1, customer: "Ada", item: "Tea", quantity: 2),
        Order(id: 2, customer: "Grace", item: "Cake", quantity: 1, note: "no nuts"),
        Order(id: 3, customer: "Linus", item: "Coffee", quantity: 3),
    ]

    public func fetchOrders() throws -> [Order] { orders }

    /// The same check as the SQLite Worker's: only over the version the user edited.
    @discardableResult
    public func save(_ order: Order) throws -> Order {
        guard let index = orders.firstIndex(where: { $0.id == order.id }), orders[index].version == order.version else {
            throw OrderConflictError(id: order.id, current: orders.first { $0.id == order.id })
        }
        var stored = order
        stored.version += 1
        orders[index] = stored
        return stored
    }
}
