import OrdersKit
import SceneSDK

@MainActor
protocol ListOrdersBusinessLogic {
    func fetchOrders(request: ListOrders.FetchOrders.Request)
    func selectOrder(request: ListOrders.SelectOrder.Request)
}

/// What ListOrders keeps: the orders shown, the one selected, and an order a scene above handed back.
@MainActor
protocol ListOrdersDataStore {
    var orders: [Order] { get }
    var selectedOrder: Order? { get }
    var returnedOrder: Order? { get set }
}

final class ListOrdersInteractor: SceneInteractor<any ListOrdersPresentationLogic>, ListOrdersBusinessLogic, ListOrdersDataStore {
    private let worker: any OrdersWorking
    private let pricing: ListOrdersPricingWorker?
    private(set) var orders: [Order] = []
    private(set) var selectedOrder: Order?
    var returnedOrder: Order?

    init(worker: any OrdersWorking, pricing: ListOrdersPricingWorker? = nil) {
        self.worker = worker
        self.pricing = pricing
    }

    func fetchOrders(request: ListOrders.FetchOrders.Request) {
        do {
            if let returnedOrder {
                try worker.save(returnedOrder)
                self.returnedOrder = nil
            }
            orders = try worker.fetchOrders()
            var response = ListOrders.FetchOrders.Response(orders: orders, failure: nil)
            if let pricing {
                let totals = try orders.map(pricing.total(of:))
                response.totals = try totals.map(pricing.formatted)
                response.grandTotal = try pricing.formatted(totals.reduce(0, +))
            }
            presenter?.presentOrders(response: response)
        } catch {
            presenter?.presentOrders(response: ListOrders.FetchOrders.Response(orders: orders, failure: "\(error)"))
        }
    }

    func selectOrder(request: ListOrders.SelectOrder.Request) {
        selectedOrder = orders.indices.contains(request.index) ? orders[request.index] : nil
    }
}
