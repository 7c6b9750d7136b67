import SceneSDK

@MainActor
protocol GreetingPresentationLogic {
    func presentGreeting(response: Greeting.Greet.Response)
}

final class GreetingPresenter: ScenePresenter<any GreetingDisplayLogic>, GreetingPresentationLogic {
    func presentGreeting(response: Greeting.Greet.Response) {
        viewController?.displayGreeting(viewModel: Greeting.Greet.ViewModel(text: response.greeting))
    }
}
