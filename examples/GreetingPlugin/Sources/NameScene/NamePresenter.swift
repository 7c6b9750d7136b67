import SceneSDK

@MainActor
protocol NamePresentationLogic {
    func presentName(response: Name.Edit.Response)
}

final class NamePresenter: ScenePresenter<any NameDisplayLogic>, NamePresentationLogic {
    func presentName(response: Name.Edit.Response) {
        viewController?.displayName(viewModel: Name.Edit.ViewModel(text: response.name))
    }
}
