import SceneSDK

/// A plugin whose router asks for a route named with 10 MB of text when its button is tapped, as
/// the probe does: what the probe found (the undeclared route) is far over the probe channel's
/// limit, and must be refused as too large, not as garbage (issue 32).
enum HugeRoutePlugin: ScenePlugin {
    static let name = "FixtureHugeRoute"
    static let version = "0.0.1"

    static func register(in registry: any SceneRegistry) throws {
        try registry.register(
            SceneDefinition("Huge", viewController: HugeViewController.init, interactor: { _ in HugeInteractor() },
                            presenter: ScenePresenter<HugeViewController>.init, router: HugeRouter.init)
        )
    }
}

final class HugeViewController: SceneViewController<HugeInteractor, HugeRouter> {
    override func render() -> Screen {
        Screen(title: "Huge", elements: [.button(id: "go", title: "Go")])
    }

    override func handle(_ event: UserEvent) throws {
        guard case .tap(button: "go") = event else { return }
        try router?.route(to: "Huge" + String(repeating: "e", count: 10 << 20), segue: nil)
    }
}

final class HugeInteractor: SceneInteractor<ScenePresenter<HugeViewController>> {}

final class HugeRouter: SceneRouter<HugeViewController, HugeInteractor> {}

@_cdecl("scene_plugin_entry")
public func scenePluginEntry() -> UnsafeRawPointer { HugeRoutePlugin.exportDescriptor() }
