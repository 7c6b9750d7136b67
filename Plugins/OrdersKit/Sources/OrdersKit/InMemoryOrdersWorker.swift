/// The example's default orders Worker: a few orders kept in memory.
@MainActor
public final class InMemoryOrdersWorker: OrdersWorking {
    private var orders: [Order]

    public init(orders: [Order] = InMemoryOrdersWorker.sampleOrders) {
        self.orders = orders
    }

    public static let sampleOrders = [
        Order(id: 1, customer: "Ada", item: "Tea", quantity: 2),
        Order(id: 2, customer: "Grace", item: "Cake", quantity: 1, note: "no nuts"),
        Order(id: 3, customer: "Linus", item: "Coffee", quantity: 3),
    ]

    public func fetchOrders() throws -> [Order] { orders }

    public func save(_ order: Order) throws {
        if let index = orders.firstIndex(where: { $0.id == order.id }) {
            orders[index] = order
        } else {
            orders.append(order)
        }
    }
}
