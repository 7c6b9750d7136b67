import SceneSDK

@MainActor
protocol ListOrdersDisplayLogic: AnyObject {
    func displayOrders(viewModel: ListOrders.FetchOrders.ViewModel)
}

/// The orders, one row each; selecting a row shows the order.
final class ListOrdersViewController: SceneViewController<any ListOrdersBusinessLogic, any ListOrdersRoutingLogic & ListOrdersDataPassing>, ListOrdersDisplayLogic {
    private var rows: [String] = []
    private var summary = ""
    private var isLoading = false

    override func viewWillAppear() {
        interactor?.fetchOrders(request: ListOrders.FetchOrders.Request())
    }

    override func render() -> Screen {
        Screen(title: "Orders", elements: [.label(id: "summary", text: summary)]
            + (isLoading ? [.progress(id: "loading", label: "Loading the orders", value: nil)] : [])
            + [.list(id: "orders", rows: rows)])
    }

    override func handle(_ event: UserEvent) throws {
        guard case .select(list: "orders", let row) = event else { return }
        interactor?.selectOrder(request: ListOrders.SelectOrder.Request(index: row))
        try router?.routeToShowOrder(segue: nil)
    }

    // MARK: Display logic

    func displayOrders(viewModel: ListOrders.FetchOrders.ViewModel) {
        rows = viewModel.rows
        summary = viewModel.summary
        isLoading = viewModel.isLoading
    }
}
