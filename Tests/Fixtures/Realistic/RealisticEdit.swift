import SceneSDK

@MainActor protocol RealisticEditBusinessLogic { func save(request: RealisticEdit.Save.Request) }
@MainActor protocol RealisticEditDataStore: AnyObject { var item: RealisticItem? { get set }; var saved: Bool { get } }
@MainActor protocol RealisticEditPresentationLogic { func presentSave(response: RealisticEdit.Save.Response) }
@MainActor protocol RealisticEditDisplayLogic: AnyObject { func displaySave(viewModel: RealisticEdit.Save.ViewModel) }
@MainActor protocol RealisticEditRoutingLogic { func close() throws }

final class RealisticEditViewController: SceneViewController<any RealisticEditBusinessLogic, any RealisticEditRoutingLogic>, RealisticEditDisplayLogic {
    private var customer = ""
    private var note = ""
    private var problem: String?
    override func render() -> Screen {
        Screen(title: "Edit", elements: [.textField(id: "customer", placeholder: "customer", text: customer),
                                         .textField(id: "note", placeholder: "note", text: note),
                                         .button(id: "save", title: "Save")] + (problem.map { [.label(id: "problem", text: $0)] } ?? []))
    }
    override func handle(_ event: UserEvent) throws {
        switch event {
        case .edit("customer", let text): customer = text
        case .edit("note", let text): note = text
        case .tap("save"):
            interactor?.save(request: .init(customer: customer, note: note))
            if problem == nil { try router?.close() }
        default: break
        }
    }
    func displaySave(viewModel: RealisticEdit.Save.ViewModel) { problem = viewModel.problem }
}

final class RealisticEditInteractor: SceneInteractor<any RealisticEditPresentationLogic>, RealisticEditBusinessLogic, RealisticEditDataStore {
    var item: RealisticItem?
    var saved = false
    func save(request: RealisticEdit.Save.Request) {
        guard var item, !request.customer.isEmpty else {
            presenter?.presentSave(response: .init(item: nil, problem: "A customer is needed."))
            return
        }
        item.customer = request.customer
        item.note = request.note.isEmpty ? nil : request.note
        self.item = item
        saved = true
        presenter?.presentSave(response: .init(item: item, problem: nil))
    }
}

final class RealisticEditPresenter: ScenePresenter<any RealisticEditDisplayLogic>, RealisticEditPresentationLogic {
    func presentSave(response: RealisticEdit.Save.Response) {
        viewController?.displaySave(viewModel: .init(title: response.item.map { "Item #\($0.id)" } ?? "Edit", problem: response.problem))
    }
}

final class RealisticEditRouter: SceneRouter<RealisticEditViewController, any RealisticEditDataStore>, RealisticEditRoutingLogic {
    func close() throws { try dismiss() }
    func passDataBack() -> RealisticItemResult? {
        guard let dataStore, dataStore.saved, let item = dataStore.item else { return nil }
        return RealisticItemResult(item: item)
    }
}
