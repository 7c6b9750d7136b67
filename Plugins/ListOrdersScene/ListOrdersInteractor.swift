import OrdersKit
import SceneSDK

@MainActor
protocol ListOrdersBusinessLogic {
    func fetchOrders(request: ListOrders.FetchOrders.Request)
    func selectOrder(request: ListOrders.SelectOrder.Request)
}

/// What ListOrders keeps: the orders shown and the one selected.
@MainActor
protocol ListOrdersDataStore {
    var orders: [Order] { get }
    var selectedOrder: Order? { get }
}

/// Reads the orders fresh from the Worker each time the list appears, so it shows what is in the
/// store now (saved by this user's EditOrder or by anyone else's). It never writes.
final class ListOrdersInteractor: SceneInteractor<any ListOrdersPresentationLogic>, ListOrdersBusinessLogic, ListOrdersDataStore {
    private let worker: any OrdersWorking
    private let pricing: ListOrdersPricingWorker?
    private(set) var orders: [Order] = []
    private(set) var selectedOrder: Order?

    init(worker: any OrdersWorking, pricing: ListOrdersPricingWorker? = nil) {
        self.worker = worker
        self.pricing = pricing
    }

    func fetchOrders(request: ListOrders.FetchOrders.Request) {
        do {
            orders = try worker.fetchOrders()
        } catch {
            presenter?.presentOrders(response: ListOrders.FetchOrders.Response(orders: orders, failure: OrdersFailure.reason(error)))
            return
        }
        var response = ListOrders.FetchOrders.Response(orders: orders, failure: nil)
        if let pricing {
            do {
                let totals = try orders.map(pricing.total(of:))
                response.totals = try totals.map(pricing.formatted)
                response.grandTotal = try pricing.formatted(totals.reduce(0, +))
            } catch {
                response.pricingFailed = true
            }
        }
        presenter?.presentOrders(response: response)
    }

    func selectOrder(request: ListOrders.SelectOrder.Request) {
        selectedOrder = orders.indices.contains(request.index) ? orders[request.index] : nil
    }
}
