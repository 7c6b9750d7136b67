import OrdersKit
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
        guard let input = passDataToEditOrder(source: dataStore) else { return }
        try route(to: .editOrder, segue: segue, passing: input)
    }

    // MARK: Passing data

    /// The order as shown, with its version: EditOrder's save is checked against it.
    private func passDataToEditOrder(source: (any ShowOrderDataStore)?) -> EditOrderInput? {
        source?.order.map { EditOrderInput(order: OrderData($0)) }
    }
}
