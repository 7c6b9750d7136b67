#if canImport(Glibc)
import Glibc
#endif
import SceneSDK

/// Scenes whose interactors work in the background (`perform`), for the async tests of `run` and
/// `serve` through a real worker.
///
/// `Shelf` (initial) loads its books in `viewDidLoad` through an async Worker (a short sleep), with
/// a progress element while it loads. `fail` starts work that throws and does not catch it (the
/// host shows a notice); `caught` starts work that catches its own error and presents it. `slow`
/// pushes `Slow`, whose load takes 30 s: going back cancels it, and another session is never held
/// up by it. `tick` starts a timer that counts every 100 ms and never ends; its label says
/// "ticking", then "ready" from the 30th tick on (`wait` is for such work). `follow` starts an
/// `observe` task that counts every 100 ms into the label `followed` (no one waits for it: the
/// screen changes on its own, in the terminal and on an open page). `soon` reloads in a second
/// (`perform`): its status says "Reloaded" then, and the work is over. `clock` starts an `observe`
/// task that writes the monotonic clock's nanoseconds into the label `clock` every 37 ms: the
/// benchmark of unasked updates reads, at the client, how long ago each page it got was changed.
/// `flood` presents a new count every millisecond, as fast as a scene could change its screen.
/// `quiet` starts an `observe` task that never changes the screen (it sleeps): the page is live
/// (its work runs) but idle, as the benchmark of idle live streams needs. `Steady` loads in two
/// seconds: as an initial scene, the start page of a browser without a session follows its load. `leave` (on Slow) routes
/// back by itself two seconds later.
enum AsyncFixturePlugin: ScenePlugin {
    static let name = "FixtureAsync"
    static let version = "0.0.1"

    static func register(in registry: any SceneRegistry) throws {
        registry.register(BooksWorker.self) { _ in BooksWorker() }
        try registry.register(scene("Shelf", seconds: 0.05).route(to: "Slow"))
        try registry.register(scene("Slow", seconds: 30))
        try registry.register(scene("Steady", seconds: 2))
    }

    @MainActor private static func scene(_ name: String, seconds: Double) -> SceneDefinition<ShelfViewController, ShelfInteractor, ShelfPresenter, SceneRouter<ShelfViewController, ShelfInteractor>> {
        SceneDefinition(name, viewController: ShelfViewController.init,
                        interactor: { resolver in ShelfInteractor(title: name, seconds: seconds, worker: try resolver.resolve(BooksWorker.self)) },
                        presenter: ShelfPresenter.init, router: SceneRouter<ShelfViewController, ShelfInteractor>.init)
    }
}

/// The async Worker: books after a while, as a web API or a slow database would give them.
final class BooksWorker: Sendable {
    func fetchBooks(seconds: Double) async throws -> [String] {
        try await Task.sleep(for: .milliseconds(Int(seconds * 1000)))
        return ["Dune", "Emma", "Ulysses"]
    }
}

struct ShelfError: Error, CustomStringConvertible {
    var description: String { "the shelf is locked" }
}

final class ShelfInteractor: SceneInteractor<ShelfPresenter> {
    let title: String
    let seconds: Double
    let worker: BooksWorker
    var status = "Loading"
    var books: [String] = []
    var ticks = 0
    var followed = 0

    init(title: String, seconds: Double, worker: BooksWorker) {
        self.title = title
        self.seconds = seconds
        self.worker = worker
    }

    func load() {
        perform { [worker, seconds] in
            let books = try await worker.fetchBooks(seconds: seconds)
            self.books = books
            self.status = "Loaded \(books.count) books"
        }
    }

    func startTicking() {
        perform {
            while true {
                try await Task.sleep(for: .milliseconds(100))
                self.ticks += 1
            }
        }
    }

    func follow() {
        observe {
            while true {
                try await Task.sleep(for: .milliseconds(100))
                self.followed += 1
            }
        }
    }

    func startClock() {
        observe {
            while true {
                try await Task.sleep(for: .milliseconds(37))
                var now = timespec()
                clock_gettime(CLOCK_MONOTONIC, &now)
                self.presenter?.presentClock(UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec))
            }
        }
    }

    func flood() {
        observe {
            var count = 0
            while true {
                try await Task.sleep(for: .milliseconds(1))
                count += 1
                self.presenter?.presentFlood(count)
            }
        }
    }

    func waitQuietly() {
        observe {
            while true { try await Task.sleep(for: .seconds(3_600)) }
        }
    }

    func reloadSoon() {
        status = "Reloading"
        perform {
            try await Task.sleep(for: .seconds(1))
            self.status = "Reloaded"
        }
    }

    /// `leave` (on Slow): its work routes back by itself two seconds later, as a countdown that
    /// reaches zero does (the open page follows it to the screen below).
    func leaveSoon() {
        status = "Leaving"
        perform {
            try await Task.sleep(for: .seconds(2))
            self.presenter?.presentLeaving()
        }
    }

    func failUncaught() {
        perform {
            try await Task.sleep(for: .milliseconds(10))
            throw ShelfError()
        }
    }

    func failCaught() {
        perform {
            do {
                try await Task.sleep(for: .milliseconds(10))
                throw ShelfError()
            } catch {
                self.status = "Could not reload: \(error)"
            }
        }
    }
}

/// Presents the clock as Clean Swift presents: the presenter formats, the ViewController keeps what it shows.
final class ShelfPresenter: ScenePresenter<ShelfViewController> {
    func presentClock(_ nanoseconds: UInt64) {
        viewController?.displayClock(String(nanoseconds))
    }

    func presentFlood(_ count: Int) {
        viewController?.floodText = "Flooded \(count)"
    }

    func presentLeaving() {
        viewController?.displayLeaving()
    }
}

final class ShelfViewController: SceneViewController<ShelfInteractor, SceneRouter<ShelfViewController, ShelfInteractor>> {
    var note = ""
    var clockText = ""
    var floodText = ""

    func displayClock(_ text: String) {
        clockText = text
    }

    func displayLeaving() {
        try? router?.routeBack()
    }

    override func viewDidLoad() {
        interactor?.load()
    }

    override func render() -> Screen {
        guard let shelf = interactor else { return Screen(title: "Shelf") }
        var elements: [ScreenElement] = [.label(id: "status", text: shelf.status)]
        if shelf.books.isEmpty { elements.append(.progress(id: "loading", label: "Loading books", value: nil)) }
        elements += [.list(id: "books", rows: shelf.books), .button(id: "fail", title: "Fail"), .button(id: "caught", title: "Fail and catch")]
        // Only Shelf declares the route to Slow.
        if shelf.title == "Shelf" {
            let ticks = shelf.ticks == 0 ? "idle" : shelf.ticks < 30 ? "ticking" : "ready"
            elements += [.button(id: "slow", title: "Slow shelf"), .button(id: "tick", title: "Tick"), .label(id: "ticks", text: ticks),
                         .button(id: "follow", title: "Follow"), .label(id: "followed", text: "Followed \(shelf.followed)"),
                         .button(id: "soon", title: "Reload in a second"),
                         .button(id: "time", title: "Clock"), .label(id: "clock", text: clockText),
                         .button(id: "flood", title: "Flood"), .label(id: "flooded", text: floodText),
                         .button(id: "quiet", title: "Wait quietly"),
                         .textField(id: "note", placeholder: "", text: note, label: "Note")]
        } else {
            elements.append(.button(id: "leave", title: "Leave soon"))
        }
        return Screen(title: shelf.title, elements: elements)
    }

    override func handle(_ event: UserEvent) throws {
        switch event {
        case .tap(button: "fail"): interactor?.failUncaught()
        case .tap(button: "caught"): interactor?.failCaught()
        case .tap(button: "tick"): interactor?.startTicking()
        case .tap(button: "follow"): interactor?.follow()
        case .tap(button: "soon"): interactor?.reloadSoon()
        case .tap(button: "time"): interactor?.startClock()
        case .tap(button: "flood"): interactor?.flood()
        case .tap(button: "quiet"): interactor?.waitQuietly()
        case .tap(button: "leave"): interactor?.leaveSoon()
        case .edit(field: "note", let text): note = text
        case .tap(button: "slow"): try router?.route(to: "Slow", segue: nil)
        default: break
        }
    }
}

@_cdecl("scene_plugin_entry")
public func scenePluginEntry() -> UnsafeRawPointer { AsyncFixturePlugin.exportDescriptor() }
