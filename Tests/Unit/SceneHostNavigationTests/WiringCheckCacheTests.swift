import Testing
@_spi(SceneHost) import SceneSDK
@testable import SceneHostContainer
@testable import SceneHostNavigation
import SceneTestSupport

@MainActor protocol CheckedDisplayLogic: AnyObject {}

/// A ViewController class that does not adopt the presenter's display protocol; its subclass does.
class UncheckedViewController: SceneViewController<CheckedInteractor, CheckedRouter> {}
final class CheckedViewController: UncheckedViewController, CheckedDisplayLogic {}
final class CheckedPresenter: ScenePresenter<any CheckedDisplayLogic> {}
final class CheckedInteractor: SceneInteractor<CheckedPresenter>, ProbeDataStore { var value = 0 }
final class CheckedRouter: SceneRouter<UncheckedViewController, any ProbeDataStore> {}

/// The wiring skips the ViewController's type checks once a class passed them for a scene; another
/// class is checked again, so a replaced part that does not fit is still a `wiringMismatch`.
@MainActor
@Suite("Wiring: checks remembered per ViewController class")
struct WiringCheckCacheTests {
    private func container() throws -> SceneContainer {
        let container = SceneContainer()
        let registry = PluginScopedRegistry(plugin: ProbeScenes.plugin)
        try registry.register(
            SceneDefinition(
                "V", viewController: { CheckedViewController() as UncheckedViewController },
                interactor: { _ in CheckedInteractor() }, presenter: CheckedPresenter.init, router: CheckedRouter.init))
        try registry.commit(into: container)
        return container
    }

    @Test(
        "a ViewController class that passed once still fits; another class that does not fit is refused; nothing is shown"
    )
    func otherClassCheckedAgain() throws {
        let container = try container()
        let first = Navigator(container: container, segues: [])
        try first.start(at: "V")
        try first.start(at: "V")
        #expect(first.path == "V")
        container.replacePart(.viewController, of: "V") { _ in UncheckedViewController() }
        let second = Navigator(container: container, segues: [])
        do {
            try second.start(at: "V")
            Issue.record("expected an error")
        } catch ContainerError.wiringFailed(
            scene: "V", _,
            .wiringMismatch(
                scene: "V", part: "ViewController", partType: "UncheckedViewController",
                property: "CheckedPresenter.viewController", _))
        {
        } catch {
            Issue.record("unexpected error \(error)")
        }
        #expect(second.layers.isEmpty)
        container.replacePart(.viewController, of: "V") { _ in CheckedViewController() }
        try second.start(at: "V")
        #expect(second.path == "V")
    }
}
