import SceneSDK

@MainActor
protocol ShowOrderBusinessLogic {
    func getOrder(request: ShowOrder.GetOrder.Request)
}

/// What ShowOrder keeps: the order shown, and whether EditOrder changed it.
@MainActor
protocol ShowOrderDataStore {
    var order: OrderData? { get set }
    var wasEdited: Bool { get set }
}

final class ShowOrderInteractor: SceneInteractor<any ShowOrderPresentationLogic>, ShowOrderBusinessLogic, ShowOrderDataStore {
    var order: OrderData?
    var wasEdited = false
    private let pricing: ShowOrderPricingWorker?

    init(pricing: ShowOrderPricingWorker? = nil) {
        self.pricing = pricing
    }

    func getOrder(request: ShowOrder.GetOrder.Request) {
        var total: String?
        if let pricing, let order {
            do { total = try pricing.totalText(of: order) } catch { total = "unavailable (\(error))" }
        }
        presenter?.presentOrder(response: ShowOrder.GetOrder.Response(order: order, total: total))
    }
}
