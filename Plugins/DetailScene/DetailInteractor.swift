import SceneSDK

@MainActor
protocol DetailBusinessLogic {
    func showMessage(request: Detail.ShowMessage.Request)
}

/// What Detail accepts from the scene that routes to it (see `DetailInput`).
@MainActor
protocol DetailDataStore {
    var message: String { get set }
}

final class DetailInteractor: SceneInteractor<any DetailPresentationLogic>, DetailBusinessLogic, DetailDataStore {
    var message = ""

    func showMessage(request: Detail.ShowMessage.Request) {
        presenter?.presentMessage(response: Detail.ShowMessage.Response(message: message))
    }
}
