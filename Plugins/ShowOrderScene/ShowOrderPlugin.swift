import OrdersKit
import SceneSDK

/// The ShowOrder plugin: one order, read by id through the orders Worker; Edit presents
/// EditOrder, which saves; the order EditOrder saved comes back as a result. Going back hands nothing back.
enum ShowOrderPlugin: ScenePlugin {
    static let name = "ShowOrderScene"
    static let version = "1.0.0"
    static let settings: [SettingDeclaration] = [.path(OrdersWorkerSource.databaseKey, help: OrdersWorkerSource.databaseHelp)]
    // Without `database`, each scene worker keeps its own orders: `check` and `serve` say so.
    static let inMemoryState: InMemoryState? = InMemoryState("the orders", unlessSet: OrdersWorkerSource.databaseKey)

    static func register(in registry: any SceneRegistry) throws {
        let workers = ShowOrderWorkerFactory(registry: registry)
        try registry.register(
            SceneDefinition(
                "ShowOrder",
                viewController: ShowOrderViewController.init,
                interactor: { services in
                    ShowOrderInteractor(worker: try workers.worker(from: services), pricing: try ShowOrderPricingWorker(services: services))
                },
                presenter: ShowOrderPresenter.init,
                router: ShowOrderRouter.init
            )
            // The probe shows the scene with each sample: an order it finds (its Edit button is
            // tapped) and one it does not (the "no such order" screen).
            .accepting(ShowOrderInput.self, samples: [ShowOrderInput(id: 1), ShowOrderInput(id: 999)]) { dataStore, input in
                dataStore?.orderID = input.id
            }
            // `scene-host serve` answers GET /orders/2 with this scene over ListOrders; `run --open orders/2` too.
            // An order that does not exist refuses the link: a 404 page, not an empty screen.
            .link("orders/{id}", parameters: ShowOrderLink.self) { link, services in
                guard try workers.worker(from: services).fetchOrder(id: link.id) != nil else { throw LinkRefusal("There is no order \(link.id).") }
                return ShowOrderInput(id: link.id)
            }
            .route(.editOrder, handler: ShowOrderRouter.routeToEditOrder)
            .acceptingResult(OrderResult.self) { dataStore, result in
                dataStore?.order = result.order.order
            }
        )
    }
}

@_cdecl("scene_plugin_entry")
public func scenePluginEntry() -> UnsafeRawPointer { ShowOrderPlugin.exportDescriptor() }
