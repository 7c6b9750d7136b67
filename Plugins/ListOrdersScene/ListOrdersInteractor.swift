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
///
/// The read is background work (`perform`): the list shows a progress element until the Worker's
/// async load answers, and the scene worker serves other sessions meanwhile. When the list leaves
/// first, the load is cancelled and its result dropped.
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
        // The orders last shown stay while the new ones load: a row selected meanwhile is one the user saw.
        presenter?.presentOrders(response: ListOrders.FetchOrders.Response(orders: orders, failure: nil, isLoading: true))
        perform { [worker] in
            let loaded: [Order]
            do {
                loaded = try await worker.loadOrders()
            } catch is CancellationError {
                return
            } catch {
                self.presenter?.presentOrders(response: ListOrders.FetchOrders.Response(orders: self.orders, failure: OrdersFailure.reason(error)))
                return
            }
            self.orders = loaded
            self.presentLoaded()
        }
    }

    private func presentLoaded() {
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
