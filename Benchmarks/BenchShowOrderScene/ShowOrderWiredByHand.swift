import OrdersKit
@_spi(SceneHost) import SceneSDK

/// The orders app's ShowOrder (the plugin's own sources, linked here) built and wired by hand, as
/// the seed article does in `setUpVIPCycle` and its router's `passData`: the scene the container
/// benchmark's fair baseline shows in its detail pane.
@MainActor
public final class ShowOrderWiredByHand {
    private let viewController: ShowOrderViewController
    /// The scene's background work (the order it follows while shown: `observe`).
    private let work: SceneWork

    /// ShowOrder's four parts, connected (its router attached to `navigator`), the id `payload`
    /// carries (the `ShowOrderInput` ListOrders' router encoded) put into its DataStore, its view
    /// loaded. The interactor gets `worker` and the pricing Worker from `services`, as the plugin's
    /// factory builds it.
    public init(
        navigator: any SceneNavigating, passing payload: ScenePayload, worker: any OrdersWorking,
        services: any ServiceResolving
    ) throws {
        let input = try PayloadDecoder().decode(ShowOrderInput.self, from: payload.value)
        let viewController = ShowOrderViewController()
        let interactor = ShowOrderInteractor(worker: worker, pricing: try ShowOrderPricingWorker(services: services))
        let presenter = ShowOrderPresenter()
        let router = ShowOrderRouter()
        viewController.interactor = interactor
        viewController.router = router
        interactor.presenter = presenter
        presenter.viewController = viewController
        router.viewController = viewController
        router.dataStore = interactor
        router.context.attachByHand(to: navigator, scene: "ShowOrder")
        work = interactor.workWiredByHand
        var destination: any ShowOrderDataStore = interactor
        destination.orderID = input.id
        viewController.viewDidLoad()
        self.viewController = viewController
    }

    /// The scene is shown: it reads its order and starts following it.
    public func viewWillAppear() { viewController.viewWillAppear() }

    /// ShowOrder's screen.
    public func render() -> Screen { viewController.render() }

    /// The scene leaves (replaced in its pane): its work is cancelled, as the host cancels a
    /// leaving scene's.
    public func leave() { work.cancelAll() }
}
