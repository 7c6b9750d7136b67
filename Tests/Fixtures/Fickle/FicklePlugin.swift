#if canImport(Glibc)
import Glibc
#endif
import SceneSDK

/// A plugin whose registration does not depend on its file alone (issue 32): it registers
/// `FickleHome` and one more scene that `SCENE_PLUGIN_FIXTURE_FICKLE` picks.
///
/// - `counter` (the default): `FickleFirst` on the first call in a process, `FickleAgain` on every
///   later one; a probe that registers twice sees the difference.
/// - `process`: `FickleProbed` in a probe child (its executable is `scene-host-probe`), `FickleRun`
///   elsewhere; both registrations of a probe agree, so only a scene worker meets the difference.
enum FicklePlugin: ScenePlugin {
    static let name = "FixtureFickle"
    static let version = "0.0.1"

    /// How many times `register` ran in this process (the host registers on one thread).
    nonisolated(unsafe) static var calls = 0

    static func register(in registry: any SceneRegistry) throws {
        let mode = getenv("SCENE_PLUGIN_FIXTURE_FICKLE").map { String(cString: $0) } ?? "counter"
        let extra: String
        if mode == "process" {
            extra = CommandLine.arguments.first?.hasSuffix("scene-host-probe") == true ? "FickleProbed" : "FickleRun"
        } else {
            calls += 1
            extra = calls == 1 ? "FickleFirst" : "FickleAgain"
        }
        for name in ["FickleHome", extra] {
            try registry.register(SceneDefinition(name, viewController: FickleViewController.init, interactor: { _ in FickleInteractor() },
                                                  presenter: ScenePresenter<FickleViewController>.init, router: FickleRouter.init))
        }
    }
}

final class FickleViewController: SceneViewController<FickleInteractor, FickleRouter> {
    override func render() -> Screen {
        Screen(title: "Fickle", elements: [.label(id: "state", text: "shown")])
    }
}

final class FickleInteractor: SceneInteractor<ScenePresenter<FickleViewController>> {}

final class FickleRouter: SceneRouter<FickleViewController, FickleInteractor> {}

@_cdecl("scene_plugin_entry")
public func scenePluginEntry() -> UnsafeRawPointer { FicklePlugin.exportDescriptor() }
