import OrdersKit
import SceneSDK

/// The EditOrder plugin: a form over one order, presented modally. Save checks the fields and
/// writes the order through the orders Worker (over the version it was opened with), then hands
/// the saved order back to the scene below; Cancel writes nothing and hands nothing back.
enum EditOrderPlugin: ScenePlugin {
    static let name = "EditOrderScene"
    static let version = "1.0.0"
    static let settings: [SettingDeclaration] = [.path(OrdersWorkerSource.databaseKey, help: OrdersWorkerSource.databaseHelp)]
    // Without `database`, each scene worker keeps its own orders: `check` and `serve` say so.
    static let inMemoryState: InMemoryState? = InMemoryState("the orders", unlessSet: OrdersWorkerSource.databaseKey)

    static func register(in registry: any SceneRegistry) throws {
        let workers = EditOrderWorkerFactory(registry: registry)
        try registry.register(
            SceneDefinition(
                "EditOrder",
                viewController: EditOrderViewController.init,
                interactor: { services in EditOrderInteractor(worker: try workers.worker(from: services)) },
                presenter: EditOrderPresenter.init,
                router: EditOrderRouter.init
            )
            .accepting(EditOrderInput.self) { dataStore, input in
                dataStore?.draft = input.order
            }
            .returning(EditOrderResult.self, via: EditOrderRouter.passDataToShowOrder)
        )
    }
}

@_cdecl("scene_plugin_entry")
public func scenePluginEntry() -> UnsafeRawPointer { EditOrderPlugin.exportDescriptor() }
