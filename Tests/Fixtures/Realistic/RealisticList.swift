import SceneSDK

@MainActor protocol RealisticListBusinessLogic { func fetchItems(request: RealisticList.FetchItems.Request); func select(row: Int) }
@MainActor protocol RealisticListDataStore: AnyObject { var items: [RealisticItem] { get }; var selected: RealisticItem? { get }; func save(_ item: RealisticItem) }
@MainActor protocol RealisticListPresentationLogic { func presentItems(response: RealisticList.FetchItems.Response) }
@MainActor protocol RealisticListDisplayLogic: AnyObject { func displayItems(viewModel: RealisticList.FetchItems.ViewModel) }
@MainActor protocol RealisticListRoutingLogic { func routeToShow() throws }

final class RealisticListViewController: SceneViewController<any RealisticListBusinessLogic, any RealisticListRoutingLogic>, RealisticListDisplayLogic {
    private var rows: [String] = []
    override func viewWillAppear() { interactor?.fetchItems(request: RealisticList.FetchItems.Request()) }
    override func render() -> Screen { Screen(title: "Items", elements: [.list(id: "items", rows: rows)]) }
    override func handle(_ event: UserEvent) throws {
        guard case .select(_, let row) = event else { return }
        interactor?.select(row: row)
        try router?.routeToShow()
    }
    func displayItems(viewModel: RealisticList.FetchItems.ViewModel) { rows = viewModel.rows }
}

final class RealisticListInteractor: SceneInteractor<any RealisticListPresentationLogic>, RealisticListBusinessLogic, RealisticListDataStore {
    var items = (1...3).map { RealisticItem(id: $0, customer: "Customer \($0)", lines: [.init(product: "Widget", quantity: $0, price: 9.5)], note: nil, urgent: false) }
    var selected: RealisticItem?
    func fetchItems(request: RealisticList.FetchItems.Request) { presenter?.presentItems(response: .init(items: items)) }
    func select(row: Int) { selected = items.indices.contains(row) ? items[row] : nil }
    func save(_ item: RealisticItem) {
        if let index = items.firstIndex(where: { $0.id == item.id }) { items[index] = item }
    }
}

final class RealisticListPresenter: ScenePresenter<any RealisticListDisplayLogic>, RealisticListPresentationLogic {
    func presentItems(response: RealisticList.FetchItems.Response) {
        viewController?.displayItems(viewModel: .init(rows: response.items.map { "#\($0.id) \($0.customer) (\($0.lines.count) lines)\($0.urgent ? " !" : "")" }))
    }
}

final class RealisticListRouter: SceneRouter<RealisticListViewController, any RealisticListDataStore>, RealisticListRoutingLogic {
    func routeToShow() throws {
        guard let item = dataStore?.selected else { return }
        try route(to: RealisticPlugin.show, segue: nil, style: .push, passing: RealisticShowInput(item: item))
    }
}
