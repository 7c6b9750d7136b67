import SceneSDK

/// A one-scene plugin whose plugin and scene name, "NumberedPlugin0000", tests and benchmarks patch in
/// copies of the library (same length: "NumberedPlugin0001", ...) to install many distinct plugins.
/// The name is longer than 15 bytes on purpose: shorter literals are small strings, kept inside
/// instructions in optimized builds where no patch can find them.
enum NumberedPlugin: ScenePlugin {
    static let name = "NumberedPlugin0000"
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
