#if canImport(Glibc)
import Glibc
#endif
import SceneSDK

/// A plugin whose one scene, "Faulty", registers fine and then misbehaves where
/// `SCENE_PLUGIN_FIXTURE_FAULT` says: `factory` (its interactor factory crashes), `viewDidLoad`,
/// `render` or `handle` (each crashes with SIGSEGV there), or `hang` (its render never returns).
/// Unset, the scene is well behaved. One fixture for the five faults: each is chosen per run.
enum FaultyScenePlugin: ScenePlugin {
    static let name = "FixtureFaultyScene"
    static let version = "0.0.1"

    static func register(in registry: any SceneRegistry) throws {
        try registry.register(SceneDefinition("Faulty", viewController: FaultyViewController.init,
                                              interactor: { _ in
                                                  Fault.strike(at: "factory")
                                                  return FaultyInteractor()
                                              },
                                              presenter: FaultyPresenter.init, router: FaultyRouter.init))
    }
}

/// The fault chosen for this run.
enum Fault {
    static func strike(at place: String) {
        guard let chosen = getenv("SCENE_PLUGIN_FIXTURE_FAULT"), String(cString: chosen) == place else { return }
        if place == "hang" {
            while true { sleep(1) }
        }
        // A write through a bad pointer: SIGSEGV.
        if let address = UnsafeMutablePointer<Int>(bitPattern: 16) { address.pointee = 1 }
    }
}

final class FaultyInteractor: SceneInteractor<FaultyPresenter> {}
final class FaultyPresenter: ScenePresenter<FaultyViewController> {}
final class FaultyRouter: SceneRouter<FaultyViewController, FaultyInteractor> {}
final class FaultyViewController: SceneViewController<FaultyInteractor, FaultyRouter> {
    override func viewDidLoad() { Fault.strike(at: "viewDidLoad") }

    override func render() -> Screen {
        Fault.strike(at: "render")
        Fault.strike(at: "hang")
        return Screen(title: "Faulty", elements: [.button(id: "press", title: "Press")])
    }

    override func handle(_ event: UserEvent) throws {
        Fault.strike(at: "handle")
    }
}

@_cdecl("scene_plugin_entry")
public func scenePluginEntry() -> UnsafeRawPointer { FaultyScenePlugin.exportDescriptor() }
