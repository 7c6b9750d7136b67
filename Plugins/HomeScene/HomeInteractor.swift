import SceneSDK

@MainActor
protocol HomeBusinessLogic {
    func updateMessage(request: Home.UpdateMessage.Request)
}

/// What Home keeps for the scenes it routes to.
@MainActor
protocol HomeDataStore {
    var message: String { get set }
}

final class HomeInteractor: SceneInteractor<any HomePresentationLogic>, HomeBusinessLogic, HomeDataStore {
    var message = ""

    func updateMessage(request: Home.UpdateMessage.Request) {
        message = request.text
        presenter?.presentMessage(response: Home.UpdateMessage.Response(message: message))
    }
}
