import SceneSDK

@MainActor
protocol DetailPresentationLogic {
    func presentMessage(response: Detail.ShowMessage.Response)
}

final class DetailPresenter: ScenePresenter<any DetailDisplayLogic>, DetailPresentationLogic {
    func presentMessage(response: Detail.ShowMessage.Response) {
        let text = response.message.isEmpty ? "(no message)" : response.message
        viewController?.displayMessage(viewModel: Detail.ShowMessage.ViewModel(text: text))
    }
}
