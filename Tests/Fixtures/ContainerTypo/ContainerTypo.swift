import SceneSDK

/// A misdeclared container (issue 50): Main's Orders tab starts at "OrderLsit", a misspelling of
/// the OrderList it registers. `scene-host check` must refuse it, naming the tab and the scene
/// it likely means.
enum ContainerTypoPlugin: ScenePlugin {
    static let name = "FixtureContainerTypo"
    static let version = "0.0.1"

    static func register(in registry: any SceneRegistry) throws {
        try registry.register(
            scene("Main").tab("orders", title: "Orders", initial: Route("OrderLsit"))
                .tab("settings", title: "Settings", initial: Route("Settings")))
        try registry.register(scene("OrderList"))
        try registry.register(scene("Settings"))
    }

    @MainActor private static func scene(
        _ name: String
    ) -> SceneDefinition<TypoViewController, TypoInteractor, ScenePresenter<TypoViewController>, TypoRouter> {
        SceneDefinition(name, viewController: TypoViewController.init, interactor: { _ in TypoInteractor(title: name) },
                        presenter: ScenePresenter<TypoViewController>.init, router: TypoRouter.init)
    }
}

final class TypoViewController: SceneViewController<TypoInteractor, TypoRouter> {
    override func render() -> Screen {
        Screen(title: interactor?.title ?? "?", elements: [.label(id: "name", text: interactor?.title ?? "?")])
    }
}

final class TypoInteractor: SceneInteractor<ScenePresenter<TypoViewController>> {
    let title: String

    init(title: String) {
        self.title = title
    }
}

final class TypoRouter: SceneRouter<TypoViewController, TypoInteractor> {}

@_cdecl("scene_plugin_entry")
public func scenePluginEntry() -> UnsafeRawPointer { ContainerTypoPlugin.exportDescriptor() }
