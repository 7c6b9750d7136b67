import SceneSDK

/// A one-scene plugin whose plugin and scene name, "Numbered0000", tests and benchmarks patch in
/// copies of the library (same length: "Numbered0001", ...) to install many distinct plugins.
enum NumberedPlugin: ScenePlugin {
    static let name = "Numbered0000"
    static let version = "1.0.0"

    static func register(in registry: any SceneRegistry) throws {
        try registry.register(
            SceneDefinition(name, viewController: NumberedViewController.init, interactor: { _ in NumberedInteractor() },
                            presenter: ScenePresenter<NumberedViewController>.init, router: NumberedRouter.init)
        )
    }
}

final class NumberedViewController: SceneViewController<NumberedInteractor, NumberedRouter> {
    override func render() -> Screen {
        Screen(title: router?.context.sceneName ?? "", elements: [.label(id: "plugin", text: "one of many installed plugins")])
    }
}

final class NumberedInteractor: SceneInteractor<ScenePresenter<NumberedViewController>> {}

final class NumberedRouter: SceneRouter<NumberedViewController, NumberedInteractor> {}

@_cdecl("scene_plugin_entry")
public func scenePluginEntry() -> UnsafeRawPointer { NumberedPlugin.exportDescriptor() }
