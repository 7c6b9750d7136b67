import Testing
import SceneSDK
import SceneTesting

/// The wall clock as a service (`SceneClock`): the kit pins it at `SceneClock.testStart`, a test
/// pins its own, and a plugin's registration never replaces the host's, as in the host.
@MainActor
@Suite("Scene clock in the testing kit")
struct SceneClockKitTests {
    final class TimeInteractor: SceneInteractor<ScenePresenter<TimeViewController>> {
        let clock: SceneClock
        init(clock: SceneClock) { self.clock = clock }
    }

    final class TimeViewController: SceneViewController<TimeInteractor, TimeRouter> {
        override func render() -> Screen {
            Screen(
                title: "Time", elements: [.label(id: "now", text: "\(interactor?.clock.millisecondsSince1970 ?? -1)")])
        }
    }

    final class TimeRouter: SceneRouter<TimeViewController, TimeInteractor> {}

    /// A plugin that registers its own clock (which must not win) and the Time scene.
    enum TimePlugin: ScenePlugin {
        static let name = "Time"
        static let version = "1.0.0"
        static func register(in registry: any SceneRegistry) throws {
            registry.register(SceneClock.self) { _ in SceneClock.pinned(atMillisecondsSince1970: 42) }
            try registry.register(
                SceneDefinition(
                    "Time", viewController: TimeViewController.init,
                    interactor: { services in TimeInteractor(clock: try services.resolve(SceneClock.self)) },
                    presenter: ScenePresenter<TimeViewController>.init, router: TimeRouter.init))
        }
    }

    @Test("the kit's clock is pinned at 2026-01-01 00:00 UTC, and a plugin's own clock does not replace it")
    func pinnedByTheKit() throws {
        let kit = SceneTestKit()
        try kit.load(TimePlugin.self)
        try kit.start("Time")
        #expect(try kit.text("now") == "1767225600000")
    }

    @Test("a test pins its own instant")
    func pinnedByTheTest() throws {
        let kit = SceneTestKit()
        kit.register(SceneClock.self) { .pinned(atMillisecondsSince1970: 1_000) }
        try kit.load(TimePlugin.self)
        try kit.start("Time")
        #expect(try kit.text("now") == "1000")
    }

    @Test("the system clock moves and is near now; a pinned one never moves")
    func systemAndPinned() {
        let first = SceneClock.system.millisecondsSince1970
        #expect(first > SceneClock.testStart && !SceneClock.system.isPinned)
        let pinned = SceneClock.pinned(atMillisecondsSince1970: 7)
        #expect(pinned.isPinned && pinned.millisecondsSince1970 == 7 && pinned.millisecondsSince1970 == 7)
    }
}
