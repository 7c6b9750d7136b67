/// The wiring points of the four VIP roles. The SDK's base classes adopt them; the host connects
/// scenes through them, so a plugin author never writes `setUpVIPCycle`.

/// A ViewController: displays the scene and holds its interactor and router.
@MainActor
public protocol ViewControllerRole: SceneDisplaying {
    associatedtype Interactor
    associatedtype Router
    var interactor: Interactor? { get set }
    var router: Router? { get set }
}

/// An Interactor: holds its presenter.
@MainActor
public protocol InteractorRole: AnyObject {
    associatedtype Presenter
    var presenter: Presenter? { get set }
}

/// A Presenter: holds its ViewController weakly.
@MainActor
public protocol PresenterRole: AnyObject {
    associatedtype ViewController
    var viewController: ViewController? { get set }
}

/// A Router: holds its ViewController weakly and its DataStore, and reaches the host through `context`.
@MainActor
public protocol RouterRole: AnyObject {
    associatedtype ViewController
    associatedtype DataStore
    var viewController: ViewController? { get set }
    var dataStore: DataStore? { get set }
    var context: RouterContext { get }
}
