@_spi(SceneHost) import SceneSDK

/// The demo's Home (the plugin's own sources, linked here) wired by hand, as the seed article's
/// `setUpVIPCycle` wires a scene: the navigation benchmark's fair baseline. Its tap runs through
/// Home's controller, interactor's DataStore and router (`passDataToDetail`) exactly as in the
/// plugin; only the navigator its router talks to is the benchmark's own.
@MainActor
public final class HomeWiredByHand {
    private let viewController: HomeViewController

    /// Home's four parts, connected, its router attached to `navigator`, `message` typed in.
    public init(navigator: any SceneNavigating, message: String) {
        let viewController = HomeViewController()
        let interactor = HomeInteractor()
        let presenter = HomePresenter()
        let router = HomeRouter()
        viewController.interactor = interactor
        viewController.router = router
        interactor.presenter = presenter
        presenter.viewController = viewController
        router.viewController = viewController
        router.dataStore = interactor
        router.context.attachByHand(to: navigator, scene: "Home")
        interactor.updateMessage(request: Home.UpdateMessage.Request(text: message))
        self.viewController = viewController
    }

    /// A tap on "Open detail", handled by Home's controller: its router passes the message and
    /// routes to Detail in code.
    public func tapOpenDetail() throws {
        try viewController.handle(.tap(button: "openDetail"))
    }

    /// The message in the value Home's router hands its navigator, or nil for another value.
    public static func message(passedIn input: some Encodable) -> String? {
        (input as? DetailInput)?.message
    }
}
