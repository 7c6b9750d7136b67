import SceneSDK
import SceneHostCore
import SceneHostContainer

// A scene whose interactor works in the background (`perform`), for the tests of issue 34: its
// load takes `seconds` (a sleep, as a web API would take), `fail` throws without catching, and
// `caught` catches its own error and presents it. `Work` routes to `SlowWork`, whose load takes an hour (it is still running whenever a test looks).
// `follow` starts an `observe` task that shows each value the test sends through the scene's
// `WorkProbeFeed` ("Followed 3"): work that never ends, stepped by the test. Its value -1 makes
// the scene leave by itself (its router routes back), -2 route on to `SlowWork`: navigation
// started by work, for the kit's awaits.

/// The values a test sends to a scene's `observe` task, as a Worker's live value would come.
@MainActor
package final class WorkProbeFeed {
    package let stream: AsyncStream<Int>
    package let continuation: AsyncStream<Int>.Continuation

    package init() {
        (stream, continuation) = AsyncStream.makeStream()
    }
}

@MainActor
package protocol WorkProbeBusinessLogic: AnyObject {
    var status: String { get }
    func load()
    func fail()
    func failCaught()
    func follow()
    var followed: Int { get }
}

@MainActor
package protocol WorkProbePresentationLogic: AnyObject {
    func presentLeaving()
    func presentMovingOn()
}

@MainActor
package protocol WorkProbeDisplayLogic: AnyObject {
    func displayLeaving()
    func displayMovingOn()
}

@MainActor
package protocol WorkProbeRoutingLogic: AnyObject {
    func routeToSlowWork() throws
    func routeBack() throws
}

package struct WorkProbeError: Error, CustomStringConvertible {
    package var description: String { "the shelf is locked" }
}

package final class WorkProbeInteractor: SceneInteractor<any WorkProbePresentationLogic>, WorkProbeBusinessLogic {
    package let seconds: Double
    package var status = "Loading"
    /// Set when a load ended, even for a scene that left (its result is then dropped by the host).
    package var loadsEnded = 0
    package var followed = 0
    private let feed: WorkProbeFeed?

    package init(seconds: Double, feed: WorkProbeFeed? = nil) {
        self.seconds = seconds
        self.feed = feed
    }

    package func follow() {
        guard let feed else { return }
        observe {
            for await value in feed.stream {
                switch value {
                case -1: self.presenter?.presentLeaving()
                case -2: self.presenter?.presentMovingOn()
                default: self.followed = value
                }
            }
        }
    }

    package func load() {
        perform { [seconds] in
            try await Task.sleep(for: .milliseconds(Int(seconds * 1000)))
            self.loadsEnded += 1
            self.status = "Loaded"
        }
    }

    package func fail() {
        perform { throw WorkProbeError() }
    }

    package func failCaught() {
        perform {
            do { throw WorkProbeError() } catch { self.status = "Could not load: \(error)" }
        }
    }
}

package final class WorkProbePresenter: ScenePresenter<any WorkProbeDisplayLogic>, WorkProbePresentationLogic {
    package func presentLeaving() { viewController?.displayLeaving() }
    package func presentMovingOn() { viewController?.displayMovingOn() }
}

package final class WorkProbeViewController: SceneViewController<any WorkProbeBusinessLogic, any WorkProbeRoutingLogic>,
    WorkProbeDisplayLogic
{
    package override func viewDidLoad() { interactor?.load() }

    package func displayLeaving() { try? router?.routeBack() }
    package func displayMovingOn() { try? router?.routeToSlowWork() }

    package override func render() -> Screen {
        Screen(
            title: "Work",
            elements: [
                .label(id: "status", text: interactor?.status ?? ""), .button(id: "fail", title: "Fail"),
                .button(id: "caught", title: "Caught"), .button(id: "slow", title: "Slow"),
                .button(id: "follow", title: "Follow"),
                .label(id: "followed", text: "Followed \(interactor?.followed ?? 0)"),
            ])
    }

    package override func handle(_ event: UserEvent) throws {
        switch event {
        case .tap(button: "fail"): interactor?.fail()
        case .tap(button: "caught"): interactor?.failCaught()
        case .tap(button: "follow"): interactor?.follow()
        case .tap(button: "slow"): try router?.routeToSlowWork()
        default: break
        }
    }
}

package final class WorkProbeRouter: SceneRouter<WorkProbeViewController, WorkProbeInteractor>, WorkProbeRoutingLogic {
    package func routeToSlowWork() throws { try route(to: "SlowWork", segue: nil) }
}

@MainActor
package enum WorkProbe {
    package static let plugin = PluginReference(
        name: "WorkPlugin", path: "/probe/libWork.so", location: SourceLocation(file: "work.conf", line: 3, column: 1))

    package static func definition(
        _ name: String, seconds: Double, feed: WorkProbeFeed? = nil
    )
        -> SceneDefinition<WorkProbeViewController, WorkProbeInteractor, WorkProbePresenter, WorkProbeRouter>
    {
        SceneDefinition(
            name, viewController: WorkProbeViewController.init,
            interactor: { _ in WorkProbeInteractor(seconds: seconds, feed: feed) },
            presenter: WorkProbePresenter.init, router: WorkProbeRouter.init
        )
        .route(to: "SlowWork")
    }

    /// `Work` (a 10 ms load) and `SlowWork` (an hour: longer than any test run, so it is still running whenever a test looks).
    package static func container(feed: WorkProbeFeed? = nil) throws -> SceneContainer {
        let container = SceneContainer()
        let registry = PluginScopedRegistry(plugin: plugin)
        try registry.register(definition("Work", seconds: 0.01, feed: feed))
        try registry.register(definition("SlowWork", seconds: 3_600))
        try registry.commit(into: container)
        return container
    }
}
