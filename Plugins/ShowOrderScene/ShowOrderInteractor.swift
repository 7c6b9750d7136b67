import OrdersKit
import SceneSDK

@MainActor
protocol ShowOrderBusinessLogic {
    func getOrder(request: ShowOrder.GetOrder.Request)
    func followOrder(request: ShowOrder.FollowOrder.Request)
}

/// What ShowOrder keeps: the id it was shown with, and the order as last read (or as EditOrder saved it).
@MainActor
protocol ShowOrderDataStore {
    var orderID: Int? { get set }
    var order: Order? { get set }
}

/// Reads the order through the orders Worker by id each time the scene appears. A missing order
/// is a screen that says so; a failed read keeps the order last shown, with a message.
///
/// While the scene is shown it follows the order (`observe`): the store is read again every half
/// second, and a newer version (another user saved it) is presented at once, total included. The
/// host cancels the following when the scene leaves.
final class ShowOrderInteractor: SceneInteractor<any ShowOrderPresentationLogic>, ShowOrderBusinessLogic, ShowOrderDataStore {
    var orderID: Int?
    var order: Order?
    private let worker: any OrdersWorking
    private let pricing: ShowOrderPricingWorker?
    private var following = false

    init(worker: any OrdersWorking, pricing: ShowOrderPricingWorker? = nil) {
        self.worker = worker
        self.pricing = pricing
    }

    func followOrder(request: ShowOrder.FollowOrder.Request) {
        guard !following, let orderID else { return }
        following = true
        observe { [worker] in
            while true {
                try await Task.sleep(for: request.interval)
                // A failed read (the file busy for a moment) is tried again next time.
                guard let fresh = try? await worker.loadOrder(id: orderID), fresh.version != self.order?.version else { continue }
                self.order = fresh
                self.presentOrder(ShowOrder.GetOrder.Response(orderID: orderID, order: fresh))
            }
        }
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
        presentOrder(response)
    }

    private func presentOrder(_ response: ShowOrder.GetOrder.Response) {
        var response = response
        if let pricing, let order = response.order {
            do { response.total = try pricing.totalText(of: order) } catch { response.total = "unavailable" }
        }
        presenter?.presentOrder(response: response)
    }
}
