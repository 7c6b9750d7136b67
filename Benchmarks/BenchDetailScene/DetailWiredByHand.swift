import SceneSDK

/// The demo's Detail (the plugin's own sources, linked here) built and wired by hand, as the seed
/// article does in `setUpVIPCycle` and `passDataToDetail`: the navigation benchmark's fair
/// baseline for the scene a navigation shows.
@MainActor
public struct DetailWiredByHand {
    private let viewController: DetailViewController

    /// Detail's four parts, connected, `message` put into its DataStore, its view loaded.
    public init(message: String) {
        let viewController = DetailViewController()
        let interactor = DetailInteractor()
        let presenter = DetailPresenter()
        let router = DetailRouter()
        viewController.interactor = interactor
        viewController.router = router
        interactor.presenter = presenter
        presenter.viewController = viewController
        router.viewController = viewController
        router.dataStore = interactor
        var destination: any DetailDataStore = interactor
        destination.message = message
        viewController.viewDidLoad()
        self.viewController = viewController
    }

    /// Detail's screen.
    public func render() -> Screen { viewController.render() }
}
