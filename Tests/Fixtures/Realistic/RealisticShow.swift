import SceneSDK

@MainActor protocol RealisticShowBusinessLogic { func getItem(request: RealisticShow.GetItem.Request) }
@MainActor protocol RealisticShowDataStore: AnyObject { var item: RealisticItem? { get set }; var wasEdited: Bool { get set } }
@MainActor protocol RealisticShowPresentationLogic { func presentItem(response: RealisticShow.GetItem.Response) }
@MainActor protocol RealisticShowDisplayLogic: AnyObject { func displayItem(viewModel: RealisticShow.GetItem.ViewModel) }
@MainActor protocol RealisticShowRoutingLogic { func routeToEdit() throws }

final class RealisticShowViewController: SceneViewController<any RealisticShowBusinessLogic, any RealisticShowRoutingLogic>, RealisticShowDisplayLogic {
    private var title = "Item"
    private var lines: [(id: String, text: String)] = []
    override func viewWillAppear() { interactor?.getItem(request: RealisticShow.GetItem.Request()) }
    override func render() -> Screen {
        Screen(title: title, elements: lines.map { ScreenElement.label(id: $0.id, text: $0.text) } + [.button(id: "edit", title: "Edit")])
    }
    override func handle(_ event: UserEvent) throws {
        if case .tap("edit") = event { try router?.routeToEdit() }
    }
    func displayItem(viewModel: RealisticShow.GetItem.ViewModel) {
        title = viewModel.title
        lines = viewModel.lines
    }
}

final class RealisticShowInteractor: SceneInteractor<any RealisticShowPresentationLogic>, RealisticShowBusinessLogic, RealisticShowDataStore {
    var item: RealisticItem?
    var wasEdited = false
    func getItem(request: RealisticShow.GetItem.Request) { presenter?.presentItem(response: .init(item: item)) }
}

final class RealisticShowPresenter: ScenePresenter<any RealisticShowDisplayLogic>, RealisticShowPresentationLogic {
    func presentItem(response: RealisticShow.GetItem.Response) {
        guard let item = response.item else {
            viewController?.displayItem(viewModel: .init(title: "Item", lines: [("customer", "(no item)")]))
            return
        }
        let total = item.lines.reduce(0) { $0 + Double($1.quantity) * $1.price }
        viewController?.displayItem(viewModel: .init(title: "Item #\(item.id)", lines: [
            ("customer", "Customer: \(item.customer)"),
            ("lines", "Lines: \(item.lines.map { "\($0.quantity) × \($0.product)" }.joined(separator: ", "))"),
            ("total", "Total: \(total)"),
            ("note", "Note: \(item.note ?? "-")"),
        ]))
    }
}

final class RealisticShowRouter: SceneRouter<RealisticShowViewController, any RealisticShowDataStore>, RealisticShowRoutingLogic {
    func routeToEdit() throws {
        guard let item = dataStore?.item else { return }
        try route(to: RealisticPlugin.edit, segue: nil, style: .present, passing: RealisticEditInput(item: item))
    }
    func passDataBack() -> RealisticItemResult? {
        guard let dataStore, dataStore.wasEdited, let item = dataStore.item else { return nil }
        return RealisticItemResult(item: item)
    }
}
