import SceneSDK

/// A plugin that is sound while it runs, and whose library's destructor (the C target linked into
/// the same library, `crashing_destructor.c`) fails when the process that loaded it ends: the
/// probe must run it, and refuse the plugin then, naming it (issue 32).
enum CrashingDestructorPlugin: ScenePlugin {
    static let name = "FixtureCrashingDestructor"
    static let version = "0.0.1"

    static func register(in registry: any SceneRegistry) throws {
        try registry.register(
            SceneDefinition("Farewell", viewController: FarewellViewController.init, interactor: { _ in FarewellInteractor() },
                            presenter: ScenePresenter<FarewellViewController>.init, router: FarewellRouter.init)
        )
    }
}

final class FarewellViewController: SceneViewController<FarewellInteractor, FarewellRouter> {
    override func render() -> Screen {
        Screen(title: "Farewell", elements: [.label(id: "about", text: "fine until its library is unloaded")])
    }
}

final class FarewellInteractor: SceneInteractor<ScenePresenter<FarewellViewController>> {}

final class FarewellRouter: SceneRouter<FarewellViewController, FarewellInteractor> {}

@_cdecl("scene_plugin_entry")
public func scenePluginEntry() -> UnsafeRawPointer { CrashingDestructorPlugin.exportDescriptor() }
