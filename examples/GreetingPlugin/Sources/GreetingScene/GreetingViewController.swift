import SceneSDK

@MainActor
protocol GreetingDisplayLogic: AnyObject {
    func displayGreeting(viewModel: Greeting.Greet.ViewModel)
}

/// Greeting's screen: the greeting, a button to change the name and one to show it in Detail.
final class GreetingViewController: SceneViewController<any GreetingBusinessLogic, any GreetingRoutingLogic & GreetingDataPassing>, GreetingDisplayLogic {
    private var greetingText = ""

    // Also after the Name scene returns: the name may have changed.
    override func viewWillAppear() {
        interactor?.greet(request: Greeting.Greet.Request())
    }

    override func render() -> Screen {
        Screen(title: "Greeting", elements: [
            .label(id: "greeting", text: greetingText),
            .button(id: "changeName", title: "Change name"),
            .button(id: "showDetail", title: "Show in Detail"),
        ])
    }

    override func handle(_ event: UserEvent) throws {
        switch event {
        case .tap(button: "changeName"): try router?.routeToName(segue: nil)
        case .tap(button: "showDetail"): try router?.routeToDetail(segue: nil)
        default: break
        }
    }

    // MARK: Display logic

    func displayGreeting(viewModel: Greeting.Greet.ViewModel) {
        greetingText = viewModel.text
    }
}
