import SceneSDK

@MainActor
protocol DetailDisplayLogic: AnyObject {
    func displayMessage(viewModel: Detail.ShowMessage.ViewModel)
}

/// Detail's screen: the message in a label, and a Done button that goes back.
final class DetailViewController: SceneViewController<any DetailBusinessLogic, any DetailRoutingLogic & DetailDataPassing>, DetailDisplayLogic {
    private var messageText = ""

    override func viewDidLoad() {
        interactor?.showMessage(request: Detail.ShowMessage.Request())
    }

    override func render() -> Screen {
        Screen(title: "Detail", elements: [
            .label(id: "message", text: messageText),
            .button(id: "done", title: "Done"),
        ])
    }

    override func handle(_ event: UserEvent) throws {
        if case .tap(button: "done") = event {
            try router?.routeToPrevious()
        }
    }

    // MARK: Display logic

    func displayMessage(viewModel: Detail.ShowMessage.ViewModel) {
        messageText = viewModel.text
    }
}
