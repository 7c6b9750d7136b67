/// Where ListOrders gets orders from and saves them to: the Worker the container injects.
///
/// Register another implementation for `(any OrdersWorking).self` to swap it (tests do).
@MainActor
public protocol OrdersWorking: AnyObject {
    func fetchOrders() throws -> [Order]
    func save(_ order: Order) throws
}
