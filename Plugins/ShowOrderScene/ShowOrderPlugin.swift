import SceneSDK

/// The ShowOrder plugin: one order; Edit presents EditOrder; going back hands the order back.
enum ShowOrderPlugin: ScenePlugin {
    static let name = "ShowOrderScene"
    static let version = "1.0.0"

    static func register(in registry: any SceneRegistry) throws {
        try registry.register(
            SceneDefinition(
                "ShowOrder",
                viewController: ShowOrderViewController.init,
                interactor: { services in ShowOrderInteractor(pricing: try ShowOrderPricingWorker(services: services)) },
                presenter: ShowOrderPresenter.init,
                router: ShowOrderRouter.init
            )
            .accepting(ShowOrderInput.self) { dataStore, input in
                dataStore?.order = input.order
            }
            .route(to: "EditOrder", passing: EditOrderInput.self, handler: ShowOrderRouter.routeToEditOrder)
            .acceptingResult(OrderResult.self) { dataStore, result in
                dataStore?.order = result.order
                dataStore?.wasEdited = true
            }
            .returning(OrderResult.self, via: ShowOrderRouter.passDataToListOrders)
        )
    }
}

@_cdecl("scene_plugin_entry")
public func scenePluginEntry() -> UnsafeRawPointer { ShowOrderPlugin.exportDescriptor() }
