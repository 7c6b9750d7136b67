import SceneSDK
import OrdersKit

@MainActor
protocol ListOrdersRoutingLogic {
    func routeToShowOrder(segue: Segue?) throws
}

@MainActor
protocol ListOrdersDataPassing {
    var dataStore: (any ListOrdersDataStore)? { get }
}

final class ListOrdersRouter: SceneRouter<ListOrdersViewController, any ListOrdersDataStore>, ListOrdersRoutingLogic, ListOrdersDataPassing {
    // MARK: Routing

    func routeToShowOrder(segue: Segue?) throws {
        guard let input = passDataToShowOrder(source: dataStore) else { return }
        try route(to: .showOrder, segue: segue, passing: input)
    }

    // MARK: Passing data

    private func passDataToShowOrder(source: (any ListOrdersDataStore)?) -> ShowOrderInput? {
        source?.selectedOrder.map { ShowOrderInput(id: $0.id) }
    }
}
