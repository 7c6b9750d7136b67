import Testing
@_spi(SceneHost) import SceneSDK
import SceneHostCore
import SceneHostContainer
@testable import SceneHostNavigation

/// A DataStore that adopts `KeepsState` is built again as its last event left it (issue 47): its
/// state goes into the scene's record after each event, and back in before `viewWillAppear`. One
/// that no longer takes it back (a new build changed its type, or stopped keeping state) is built
/// without it, and the user is told.
@MainActor
@Suite("Kept state")
struct KeptStateTests {
    @Test("an event's change of kept state is a record change; a restore hands it back before the screen is shown")
    func keptAndRestored() throws {
        let navigator = try Counter.navigator(Counter.definition { Counter.Interactor() })
        try navigator.send(.tap(button: "add"))
        try navigator.send(.tap(button: "add"))
        let changes = navigator.takeRecordChanges(topScreen: try navigator.screen())
        #expect(changes.changed.last?.state == (try ScenePayload(Counter.Kept(count: 2))))
        // Nothing changed since: nothing to send again.
        #expect(navigator.takeRecordChanges(topScreen: try navigator.screen()).changed.isEmpty)

        let again = try Counter.navigator(Counter.definition { Counter.Interactor() })
        #expect(again.restore(navigator.records()).restored == 1)
        #expect(try again.screen().element(id: "count") == .label(id: "count", text: "2 added; appeared with 2"))
        #expect(again.takeWorkFailure() == nil, "nothing was lost: nothing to tell")
    }

    @Test("state that no longer reads, or a DataStore that stopped keeping it: built without it, and said")
    func notKept() throws {
        let navigator = try Counter.navigator(Counter.definition { Counter.Interactor() })
        try navigator.send(.tap(button: "add"))
        let records = navigator.records()

        let renamed = try Counter.navigator(Counter.definition { Counter.RenamedInteractor() })
        #expect(renamed.restore(records).restored == 1)
        #expect(try renamed.screen().element(id: "count") == .label(id: "count", text: "0 added; appeared with 0"))
        let message = try #require(renamed.takeWorkFailure()?.message)
        #expect(
            message.hasPrefix(
                "notice: scene 'Counter' could not be shown as you last saw it: what it kept no longer reads as its KeptState ("
            ), "\(message)")

        let forgetful = try Counter.navigator(Counter.definition { Counter.ForgetfulInteractor() })
        #expect(forgetful.restore(records).restored == 1)
        #expect(
            forgetful.takeWorkFailure()?.message
                == "notice: scene 'Counter' could not be shown as you last saw it: its DataStore no longer keeps state. Check what it shows, and do your last step again if it is missing."
        )
    }

    @Test("a secure field is said to be empty again only when it was filled")
    func secretsOnlyWhenFilled() throws {
        let record = SceneRecord(name: "Counter", opensLayer: false, input: nil, state: nil, secrets: [])
        let navigator = try Counter.navigator(Counter.definition { Counter.Interactor() })
        #expect(navigator.restore([record]).restored == 1)
        #expect(navigator.takeWorkFailure() == nil)
        #expect(
            SceneRecord.filledSecrets(
                of: Screen(
                    title: "t",
                    elements: [
                        .secureField(id: "a", label: "A", isFilled: true),
                        .section(id: "s", title: "S", elements: [.secureField(id: "b", label: "B", isFilled: false)]),
                    ]))
                == ["a"])
    }
}

// MARK: - A counter whose DataStore keeps its count

@MainActor
private protocol CounterLogic: AnyObject {
    var count: Int { get set }
}

@MainActor
private protocol CounterRouting: AnyObject {}

@MainActor
private enum Counter {
    struct Kept: Codable, Equatable { var count: Int }
    struct Renamed: Codable { var total: Int }

    final class Interactor: SceneInteractor<Presenter>, CounterLogic, KeepsState {
        var count = 0
        var keptState: Kept {
            get { Kept(count: count) }
            set { count = newValue.count }
        }
    }

    /// Another build: its kept state is of another shape.
    final class RenamedInteractor: SceneInteractor<Presenter>, CounterLogic, KeepsState {
        var count = 0
        var keptState: Renamed {
            get { Renamed(total: count) }
            set { count = newValue.total }
        }
    }

    /// Another build: it keeps nothing.
    final class ForgetfulInteractor: SceneInteractor<Presenter>, CounterLogic {
        var count = 0
    }

    final class Presenter: ScenePresenter<ViewController> {}

    final class ViewController: SceneViewController<any CounterLogic, any CounterRouting> {
        private var count: Int {
            get { interactor?.count ?? 0 }
            set { interactor?.count = newValue }
        }
        private var appeared = 0

        override func viewWillAppear() { appeared = count }

        override func render() -> Screen {
            Screen(
                title: "Counter",
                elements: [
                    .label(id: "count", text: "\(count) added; appeared with \(appeared)"),
                    .button(id: "add", title: "Add"),
                ])
        }

        override func handle(_ event: UserEvent) throws {
            if case .tap(button: "add") = event { count += 1 }
        }
    }

    final class Router<DataStore: AnyObject>: SceneRouter<ViewController, DataStore>, CounterRouting {}

    static func definition<I: SceneInteractor<Presenter> & CounterLogic>(
        _ make: @escaping @MainActor () -> I
    ) -> SceneDefinition<ViewController, I, Presenter, Router<I>> {
        SceneDefinition(
            "Counter", viewController: ViewController.init, interactor: { _ in make() }, presenter: Presenter.init,
            router: Router<I>.init)
    }

    static func navigator<I>(_ definition: SceneDefinition<ViewController, I, Presenter, Router<I>>) throws -> Navigator
    {
        let container = SceneContainer()
        let registry = PluginScopedRegistry(
            plugin: PluginReference(
                name: "CounterPlugin", path: "/probe/libCounter.so",
                location: SourceLocation(file: "counter.conf", line: 1, column: 1)))
        try registry.register(definition)
        try registry.commit(into: container)
        let navigator = Navigator(container: container, segues: [])
        try navigator.start(at: "Counter")
        return navigator
    }
}
