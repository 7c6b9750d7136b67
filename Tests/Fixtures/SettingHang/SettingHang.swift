#if canImport(Glibc)
import Glibc
#endif
import SceneSDK

/// A plugin whose one scene hangs while it is built, but only when its `hang` setting is true:
/// its probe (no settings, so the default false) passes, and only a check that builds the scene
/// with the app's settings meets the hang — which must end that check, not the start for ever.
enum SettingHangPlugin: ScenePlugin {
    static let name = "FixtureSettingHang"
    static let version = "0.0.1"
    static let settings: [SettingDeclaration] = [.boolean("hang", default: false, help: "hang while the scene is built")]

    static func register(in registry: any SceneRegistry) throws {
        let hangs = registry.settings.boolean("hang") ?? false
        try registry.register(
            SceneDefinition("Stuck", viewController: StuckViewController.init, interactor: { _ in
                                while hangs { sleep(1) }
                                return StuckInteractor()
                            },
                            presenter: ScenePresenter<StuckViewController>.init, router: StuckRouter.init)
        )
    }
}

final class StuckViewController: SceneViewController<StuckInteractor, StuckRouter> {
    override func render() -> Screen {
        Screen(title: "Stuck", elements: [.label(id: "state", text: "built")])
    }
}

final class StuckInteractor: SceneInteractor<ScenePresenter<StuckViewController>> {}

final class StuckRouter: SceneRouter<StuckViewController, StuckInteractor> {}

@_cdecl("scene_plugin_entry")
public func scenePluginEntry() -> UnsafeRawPointer { SettingHangPlugin.exportDescriptor() }
