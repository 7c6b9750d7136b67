import SceneSDK

/// The orders app's frame, one plugin: `Main`, a container of two tabs (Orders and Settings);
/// `OrdersSplit`, the Orders tab, a container of two panes (the list beside the order it shows);
/// `PickOrder`, the detail pane's first scene; `Settings` and `About`, the Settings tab's stack.
/// The list and the order are other plugins' scenes (ListOrders, ShowOrder, EditOrder): a slot's
/// scene is named like any route's destination.
enum OrdersAppPlugin: ScenePlugin {
    static let name = "OrdersAppScene"
    static let version = "1.0.0"

    static func register(in registry: any SceneRegistry) throws {
        try registry.register(
            SceneDefinition(
                "Main", viewController: MainViewController.init, interactor: { _ in MainInteractor() },
                presenter: MainPresenter.init, router: MainRouter.init
            )
            .tab("orders", title: "Orders", initial: .ordersSplit)
            .tab("settings", title: "Settings", initial: .settings)
        )
        try registry.register(
            SceneDefinition(
                "OrdersSplit", viewController: OrdersSplitViewController.init,
                interactor: { _ in OrdersSplitInteractor() }, presenter: OrdersSplitPresenter.init,
                router: OrdersSplitRouter.init
            )
            .pane("list", title: "All orders", initial: .listOrders)
            .pane("detail", title: "Order", initial: .pickOrder)
        )
        try registry.register(
            SceneDefinition(
                "PickOrder", viewController: PickOrderViewController.init, interactor: { _ in PickOrderInteractor() },
                presenter: PickOrderPresenter.init, router: PickOrderRouter.init
            )
        )
        try registry.register(
            SceneDefinition(
                "Settings", viewController: SettingsViewController.init, interactor: { _ in SettingsInteractor() },
                presenter: SettingsPresenter.init, router: SettingsRouter.init
            )
            .route(.about)
        )
        try registry.register(
            SceneDefinition(
                "About", viewController: AboutViewController.init, interactor: { _ in AboutInteractor() },
                presenter: AboutPresenter.init, router: AboutRouter.init
            )
        )
    }
}

@_cdecl("scene_plugin_entry")
public func scenePluginEntry() -> UnsafeRawPointer { OrdersAppPlugin.exportDescriptor() }
