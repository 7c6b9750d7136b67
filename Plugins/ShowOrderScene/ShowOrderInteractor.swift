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

    func getOrder(request: ShowOrder.GetOrder.Request) {
        presenter?.presentOrder(response: ShowOrder.GetOrder.Response(order: order))
    }
}
