import OrdersKit
@_spi(SceneHost) import SceneSDK

/// The orders app's ListOrders (the plugin's own sources, linked here) wired by hand, as the seed
/// article's `setUpVIPCycle` wires a scene: the list pane of the container benchmark's fair
/// baseline. A row selected runs through ListOrders' controller, interactor and router
/// (`routeToShowOrder`, a route into the `detail` slot) exactly as in the plugin; only the
/// navigator its router talks to is the benchmark's own.
@MainActor
public final class ListOrdersWiredByHand {
    private let viewController: ListOrdersViewController
    /// The list's background work (the load each appearance starts), for the benchmark to let it
    /// run between runs, as the host's `settle` does.
    public let work: SceneWork

    /// ListOrders' four parts, connected, its router attached to `navigator`, its view loaded. The
    /// interactor gets `worker` and, as the plugin's factory builds it, the pricing Worker from
    /// `services` (nil: no prices).
    public init(navigator: any SceneNavigating, worker: any OrdersWorking, services: any ServiceResolving) throws {
        let viewController = ListOrdersViewController()
        let interactor = ListOrdersInteractor(worker: worker, pricing: try ListOrdersPricingWorker(services: services))
        let presenter = ListOrdersPresenter()
        let router = ListOrdersRouter()
        viewController.interactor = interactor
        viewController.router = router
        interactor.presenter = presenter
        presenter.viewController = viewController
        router.viewController = viewController
        router.dataStore = interactor
        router.context.attachByHand(to: navigator, scene: "ListOrders")
        work = interactor.workWiredByHand
        viewController.viewDidLoad()
        self.viewController = viewController
    }

    /// The list is shown (again): it reads the orders afresh (`perform`).
    public func viewWillAppear() { viewController.viewWillAppear() }

    /// A user event, handled by ListOrders' controller (a row selected routes to ShowOrder).
    public func handle(_ event: UserEvent) throws { try viewController.handle(event) }

    /// ListOrders' screen.
    public func render() -> Screen { viewController.render() }
}
