import SceneSDK

@MainActor
protocol HomePresentationLogic {
    func presentMessage(response: Home.UpdateMessage.Response)
}

final class HomePresenter: ScenePresenter<any HomeDisplayLogic>, HomePresentationLogic {
    func presentMessage(response: Home.UpdateMessage.Response) {
        viewController?.displayMessage(viewModel: Home.UpdateMessage.ViewModel(text: response.message))
    }
}
