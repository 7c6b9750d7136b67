import OrdersKit
import SceneSDK

@MainActor
protocol ShowOrderBusinessLogic {
    func getOrder(request: ShowOrder.GetOrder.Request)
}

/// What ShowOrder keeps: the id it was shown with, and the order as last read (or as EditOrder saved it).
@MainActor
protocol ShowOrderDataStore {
    var orderID: Int? { get set }
    var order: Order? { get set }
}

/// Reads the order through the orders Worker by id each time the scene appears. A missing order
/// is a screen that says so; a failed read keeps the order last shown, with a message.
final class ShowOrderInteractor: SceneInteractor<any ShowOrderPresentationLogic>, ShowOrderBusinessLogic, ShowOrderDataStore {
    var orderID: Int?
    var order: Order?
    private let worker: any OrdersWorking
    private let pricing: ShowOrderPricingWorker?

    init(worker: any OrdersWorking, pricing: ShowOrderPricingWorker? = nil) {
        self.worker = worker
        self.pricing = pricing
    }

    func getOrder(request: ShowOrder.GetOrder.Request) {
        var response = ShowOrder.GetOrder.Response(orderID: orderID, order: order)
        if let orderID {
            do {
                order = try worker.fetchOrder(id: orderID)
                response = ShowOrder.GetOrder.Response(orderID: orderID, order: order)
            } catch {
                response.failure = OrdersFailure.reason(error)
            }
        }
        if let pricing, let order = response.order {
            do { response.total = try pricing.totalText(of: order) } catch { response.total = "unavailable" }
        }
        presenter?.presentOrder(response: response)
    }
}
