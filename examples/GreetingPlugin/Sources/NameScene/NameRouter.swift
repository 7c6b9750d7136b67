import SceneSDK

@MainActor
protocol NameRoutingLogic {
    func routeToPrevious() throws
}

@MainActor
protocol NameDataPassing {
    var dataStore: (any NameDataStore)? { get }
}

final class NameRouter: SceneRouter<NameViewController, any NameDataStore>, NameRoutingLogic, NameDataPassing {
    // MARK: Routing

    func routeToPrevious() throws {
        try navigateToPrevious()
    }

    // MARK: Navigation

    /// Pops Name, or dismisses it when it was presented; the host then asks `passDataToPrevious`.
    private func navigateToPrevious() throws {
        try routeBack()
    }

    // MARK: Passing data

    /// The result handed back to the scene below: the name, or nothing when the user cancelled.
    func passDataToPrevious() -> NameResult? {
        guard let dataStore, dataStore.saved else { return nil }
        return NameResult(name: dataStore.name)
    }
}
