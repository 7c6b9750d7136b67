import SceneSDK

/// A well-declared app of containers (issue 50), for `list` and `graph`: Main is a container of
/// two tabs, Orders starting at OrdersSplit (a container of two panes: the list beside the
/// detail, which starts at PickOrder) and Settings. OrderList shows OrderDetail in the detail pane.
enum ContainersFixturePlugin: ScenePlugin {
    static let name = "FixtureContainers"
    static let version = "0.0.1"

    static func register(in registry: any SceneRegistry) throws {
        try registry.register(
            scene("Main").tab("orders", title: "Orders", initial: .ordersSplit)
                .tab("settings", title: "Settings", initial: .settings))
        try registry.register(
            scene("OrdersSplit").pane("list", title: "Orders", initial: .orderList)
                .pane("detail", title: "Order", initial: .pickOrder))
        try registry.register(scene("OrderList").route(.orderDetail))
        try registry.register(scene("PickOrder"))
        try registry.register(scene("OrderDetail"))
        try registry.register(scene("Settings"))
    }

    @MainActor private static func scene(
        _ name: String
    ) -> SceneDefinition<ContainerViewController, ContainerInteractor, ScenePresenter<ContainerViewController>, ContainerRouter> {
        SceneDefinition(name, viewController: ContainerViewController.init, interactor: { _ in ContainerInteractor(title: name) },
                        presenter: ScenePresenter<ContainerViewController>.init, router: ContainerRouter.init)
    }
}

extension Route where Payload == Void {
    static var ordersSplit: Self { Route("OrdersSplit") }
    static var settings: Self { Route("Settings") }
    static var orderList: Self { Route("OrderList") }
    static var pickOrder: Self { Route("PickOrder") }
    /// The split view's "show detail": OrderDetail becomes the detail pane's only scene.
    static var orderDetail: Self { Route("OrderDetail", style: .replace, slot: "detail") }
}

final class ContainerViewController: SceneViewController<ContainerInteractor, ContainerRouter> {
    override func render() -> Screen {
        Screen(title: interactor?.title ?? "?", elements: [.label(id: "name", text: interactor?.title ?? "?")])
    }
}

final class ContainerInteractor: SceneInteractor<ScenePresenter<ContainerViewController>> {
    let title: String

    init(title: String) {
        self.title = title
    }
}

final class ContainerRouter: SceneRouter<ContainerViewController, ContainerInteractor> {}

@_cdecl("scene_plugin_entry")
public func scenePluginEntry() -> UnsafeRawPointer { ContainersFixturePlugin.exportDescriptor() }
