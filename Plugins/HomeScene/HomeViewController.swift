import SceneSDK

@MainActor
protocol HomeDisplayLogic: AnyObject {
    func displayMessage(viewModel: Home.UpdateMessage.ViewModel)
}

/// Home's screen: a message field, a button that performs the `showDetail` segue from
/// `scenes.conf`, and a button whose route is made in code by the router.
final class HomeViewController: SceneViewController<any HomeBusinessLogic, any HomeRoutingLogic & HomeDataPassing>, HomeDisplayLogic {
    private var messageText = ""

    override func render() -> Screen {
        Screen(title: "Home", elements: [
            .label(id: "prompt", text: "Type a message for Detail"),
            .textField(id: "message", placeholder: "message", text: messageText, label: "Message for Detail"),
            .button(id: "showDetail", title: "Show detail (segue)"),
            .button(id: "openDetail", title: "Open detail (in code)"),
        ])
    }

    override func handle(_ event: UserEvent) throws {
        switch event {
        case .edit(field: "message", let text):
            interactor?.updateMessage(request: Home.UpdateMessage.Request(text: text))
        case .tap(button: "openDetail"):
            try router?.routeToDetail(segue: nil)
        default:
            break
        }
    }

    // MARK: Display logic

    func displayMessage(viewModel: Home.UpdateMessage.ViewModel) {
        messageText = viewModel.text
    }
}
