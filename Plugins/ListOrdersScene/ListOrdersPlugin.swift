import OrdersKit
import SceneSDK

/// The ListOrders plugin: the list of orders, from the orders Worker the container injects
/// (SQLite when its settings name a `database`, else in memory: `ListOrdersWorkerFactory`).
enum ListOrdersPlugin: ScenePlugin {
    static let name = "ListOrdersScene"
    static let version = "1.0.0"

    static func register(in registry: any SceneRegistry) throws {
        let workers = ListOrdersWorkerFactory(settings: registry.settings)
        registry.register((any OrdersWorking).self) { _ in try workers.make() }
        try registry.register(
            SceneDefinition(
                "ListOrders",
                viewController: ListOrdersViewController.init,
                interactor: { services in
                    ListOrdersInteractor(worker: try services.resolve((any OrdersWorking).self), pricing: try ListOrdersPricingWorker(services: services))
                },
                presenter: ListOrdersPresenter.init,
                router: ListOrdersRouter.init
            )
            .route(to: "ShowOrder", passing: ShowOrderInput.self, handler: ListOrdersRouter.routeToShowOrder)
            .acceptingResult(OrderResult.self) { dataStore, result in
                dataStore?.returnedOrder = result.order
            }
        )
    }
}

@_cdecl("scene_plugin_entry")
public func scenePluginEntry() -> UnsafeRawPointer { ListOrdersPlugin.exportDescriptor() }
