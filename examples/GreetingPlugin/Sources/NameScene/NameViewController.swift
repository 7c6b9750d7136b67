import SceneSDK

@MainActor
protocol NameDisplayLogic: AnyObject {
    func displayName(viewModel: Name.Edit.ViewModel)
}

/// Name's screen: a text field, Save (hands the name back) and Cancel (hands nothing back).
final class NameViewController: SceneViewController<any NameBusinessLogic, any NameRoutingLogic & NameDataPassing>, NameDisplayLogic {
    private var nameText = ""

    override func viewDidLoad() {
        interactor?.editName(request: Name.Edit.Request(name: router?.dataStore?.name ?? ""))
    }

    override func render() -> Screen {
        Screen(title: "Name", elements: [
            .textField(id: "name", placeholder: "Your name", text: nameText),
            .button(id: "save", title: "Save"),
            .button(id: "cancel", title: "Cancel"),
        ])
    }

    override func handle(_ event: UserEvent) throws {
        switch event {
        case .edit(field: "name", let text):
            interactor?.editName(request: Name.Edit.Request(name: text))
        case .tap(button: "save"):
            interactor?.saveName(request: Name.Save.Request())
            try router?.routeToPrevious()
        case .tap(button: "cancel"):
            try router?.routeToPrevious()
        default:
            break
        }
    }

    // MARK: Display logic

    func displayName(viewModel: Name.Edit.ViewModel) {
        nameText = viewModel.text
    }
}
