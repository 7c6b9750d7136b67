import SceneSDK

@MainActor
protocol DetailRoutingLogic {
    func routeToPrevious() throws
}

@MainActor
protocol DetailDataPassing {
    var dataStore: (any DetailDataStore)? { get }
}

final class DetailRouter: SceneRouter<DetailViewController, any DetailDataStore>, DetailRoutingLogic, DetailDataPassing {
    // MARK: Routing

    func routeToPrevious() throws {
        try routeBack()
    }
}
