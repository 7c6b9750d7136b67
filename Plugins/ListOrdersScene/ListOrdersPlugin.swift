import OrdersKit
import SceneSDK

/// The ListOrders plugin: the list of orders, read fresh from the orders Worker the container
/// injects (SQLite when its settings name a `database`, else in memory: `ListOrdersWorkerFactory`);
/// selecting one shows it by id. It takes nothing back: EditOrder saves at Save.
enum ListOrdersPlugin: ScenePlugin {
    static let name = "ListOrdersScene"
    static let version = "1.0.0"
    static let settings: [SettingDeclaration] = [.path(OrdersWorkerSource.databaseKey, help: OrdersWorkerSource.databaseHelp)]
    // Without `database`, each scene worker keeps its own orders: `check` and `serve` say so.
    static let inMemoryState: InMemoryState? = InMemoryState("the orders", unlessSet: OrdersWorkerSource.databaseKey)

    static func register(in registry: any SceneRegistry) throws {
        let workers = ListOrdersWorkerFactory(registry: registry)
        try registry.register(
            SceneDefinition(
                "ListOrders",
                viewController: ListOrdersViewController.init,
                interactor: { services in
                    ListOrdersInteractor(worker: try workers.worker(from: services), pricing: try ListOrdersPricingWorker(services: services))
                },
                presenter: ListOrdersPresenter.init,
                router: ListOrdersRouter.init
            )
            .route(.showOrder, handler: ListOrdersRouter.routeToShowOrder)
        )
    }
}

@_cdecl("scene_plugin_entry")
public func scenePluginEntry() -> UnsafeRawPointer { ListOrdersPlugin.exportDescriptor() }
