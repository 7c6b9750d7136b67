import SceneSDK

@MainActor
protocol EditOrderRoutingLogic {
    func routeToShowOrder() throws
}

@MainActor
protocol EditOrderDataPassing {
    var dataStore: (any EditOrderDataStore)? { get }
}

final class EditOrderRouter: SceneRouter<EditOrderViewController, any EditOrderDataStore>, EditOrderRoutingLogic, EditOrderDataPassing {
    // MARK: Routing

    /// Back to ShowOrder: EditOrder is a modal's root, so this dismisses it.
    func routeToShowOrder() throws {
        try routeBack()
    }

    // MARK: Passing data

    /// The edited order when it was saved; nothing on Cancel.
    func passDataToShowOrder() -> EditOrderResult? {
        guard let dataStore, dataStore.saved, let order = dataStore.draft else { return nil }
        return EditOrderResult(order: order)
    }
}
