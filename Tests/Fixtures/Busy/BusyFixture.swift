#if canImport(Glibc)
import Glibc
#endif
import SceneSDK

/// A one-scene plugin whose action costs plugin code a fixed amount of CPU: `work` spins on the
/// worker's thread until 1 ms of its CPU time has passed (`CLOCK_THREAD_CPUTIME_ID`), then counts
/// the action. The benchmark of the scene-worker pool (two workers against one) uses it: when plugin
/// code is the bottleneck, a second worker should nearly double the actions per second.
enum BusyPlugin: ScenePlugin {
    static let name = "FixtureBusy"
    static let version = "1.0.0"

    static func register(in registry: any SceneRegistry) throws {
        try registry.register(
            SceneDefinition("Busy", viewController: BusyViewController.init, interactor: { _ in BusyInteractor() },
                            presenter: ScenePresenter<BusyViewController>.init, router: BusyRouter.init)
        )
    }
}

final class BusyInteractor: SceneInteractor<ScenePresenter<BusyViewController>> {
    /// The CPU one action costs.
    static let cost: Int64 = 1_000_000
    var done = 0

    /// Spins until `cost` nanoseconds of this thread's CPU time passed.
    func work() {
        let start = Self.threadCPU()
        var sink: UInt64 = 0x9E37_79B9_7F4A_7C15
        while Self.threadCPU() - start < Self.cost {
            for _ in 0..<1_000 { sink = sink &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407 }
        }
        done += sink == 0 ? 2 : 1
    }

    private static func threadCPU() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    }
}

final class BusyViewController: SceneViewController<BusyInteractor, BusyRouter> {
    override func render() -> Screen {
        Screen(title: "Busy", elements: [.label(id: "done", text: "\(interactor?.done ?? 0) done"), .button(id: "work", title: "Work")])
    }

    override func handle(_ event: UserEvent) throws {
        if case .tap(button: "work") = event { interactor?.work() }
    }
}

final class BusyRouter: SceneRouter<BusyViewController, BusyInteractor> {}

@_cdecl("scene_plugin_entry")
public func scenePluginEntry() -> UnsafeRawPointer { BusyPlugin.exportDescriptor() }
