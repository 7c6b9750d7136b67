import SceneSDK

@MainActor
protocol ShowOrderRoutingLogic {
    func routeToEditOrder(segue: Segue?) throws
}

@MainActor
protocol ShowOrderDataPassing {
    var dataStore: (any ShowOrderDataStore)? { get }
}

final class ShowOrderRouter: SceneRouter<ShowOrderViewController, any ShowOrderDataStore>, ShowOrderRoutingLogic, ShowOrderDataPassing {
    // MARK: Routing

    /// Found by name when the `edit` segue fires; EditOrder is presented modally.
    func routeToEditOrder(segue: Segue?) throws {
        guard let order = dataStore?.order else { return }
        try route(to: "EditOrder", segue: segue, style: .present, passing: EditOrderInput(order: order))
    }

    // MARK: Passing data

    /// Backwards, without a delegate: when ShowOrder is popped, the scene below gets the order
    /// if it was edited here.
    func passDataToListOrders() -> OrderResult? {
        guard let dataStore, dataStore.wasEdited, let order = dataStore.order else { return nil }
        return OrderResult(order: order)
    }
}
