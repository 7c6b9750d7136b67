/// Base class of a scene's ViewController (display logic).
///
/// Subclass it with the scene's own protocols as arguments, e.g.
/// `SceneViewController<any HomeBusinessLogic, any HomeRoutingLogic & HomeDataPassing>`.
/// The host sets `interactor` and `router` before `viewDidLoad()`; override `render()` and
/// `handle(_:)`, the designed hooks.
@MainActor
open class SceneViewController<Interactor, Router>: ViewControllerRole {
    /// The scene's business logic, set by the host's wiring.
    public var interactor: Interactor?
    /// The scene's routing logic and data passing, set by the host's wiring.
    public var router: Router?

    public init() {}

    open func viewDidLoad() {}

    open func viewWillAppear() {}

    open func render() -> Screen {
        Screen(title: String(describing: type(of: self)))
    }

    open func handle(_ event: UserEvent) throws {}
}
