@_spi(SceneHost) import SceneHostContainer
@_spi(SceneHost) import SceneHostCore
@_spi(SceneHost) import SceneHostNavigation
@_spi(SceneHost) import SceneSDK

/// The seed's two scenes (Home passes a message to Detail), compiled into the benchmark so the
/// same classes can be wired by the host and by hand.
struct BenchDetailInput: Codable { var message: String }

@MainActor protocol BenchDetailDisplayLogic: AnyObject { func displayMessage(_ text: String) }
@MainActor protocol BenchDetailBusinessLogic { func showMessage() }
@MainActor protocol BenchDetailDataStore: AnyObject { var message: String { get set } }
@MainActor protocol BenchDetailPresentationLogic { func presentMessage(_ message: String) }

final class BenchDetailViewController: SceneViewController<any BenchDetailBusinessLogic, BenchDetailRouter>,
    BenchDetailDisplayLogic
{
    private var text = ""
    override func viewDidLoad() { interactor?.showMessage() }
    override func render() -> Screen {
        Screen(title: "Detail", elements: [.label(id: "message", text: text), .button(id: "done", title: "Done")])
    }
    func displayMessage(_ text: String) { self.text = text }
}

final class BenchDetailInteractor: SceneInteractor<any BenchDetailPresentationLogic>, BenchDetailBusinessLogic,
    BenchDetailDataStore
{
    var message = ""
    func showMessage() { presenter?.presentMessage(message) }
}

final class BenchDetailPresenter: ScenePresenter<any BenchDetailDisplayLogic>, BenchDetailPresentationLogic {
    func presentMessage(_ message: String) {
        viewController?.displayMessage(message.isEmpty ? "(no message)" : message)
    }
}

final class BenchDetailRouter: SceneRouter<BenchDetailViewController, any BenchDetailDataStore> {}

@MainActor protocol BenchHomeDataStore: AnyObject { var message: String { get set } }

final class BenchHomeViewController: SceneViewController<BenchHomeInteractor, BenchHomeRouter> {
    override func render() -> Screen {
        Screen(
            title: "Home",
            elements: [.textField(id: "message", placeholder: "message", text: interactor?.message ?? "")])
    }
}

final class BenchHomeInteractor: SceneInteractor<ScenePresenter<BenchHomeViewController>>, BenchHomeDataStore {
    var message = "Hello"
}

final class BenchHomeRouter: SceneRouter<BenchHomeViewController, any BenchHomeDataStore> {
    func routeToDetail() throws {
        try route(
            to: "BenchDetail", segue: nil, style: .push, passing: BenchDetailInput(message: dataStore?.message ?? ""))
    }
}

@MainActor
enum BenchScenes {
    /// The baseline of the navigation figures: Detail built, wired, filled and shown by hand, as
    /// the seed article does (`setUpVIPCycle`, `passDataToDetail`), pushed on `stack`, rendered, popped.
    static func detailByHand(message: String, stack: inout [AnyObject]) {
        let viewController = BenchDetailViewController()
        let interactor = BenchDetailInteractor()
        let presenter = BenchDetailPresenter()
        let router = BenchDetailRouter()
        viewController.interactor = interactor
        viewController.router = router
        interactor.presenter = presenter
        presenter.viewController = viewController
        router.viewController = viewController
        router.dataStore = interactor
        interactor.message = message
        viewController.viewDidLoad()
        stack.append(viewController)
        _ = viewController.render()
        stack.removeLast()
    }

    static let plugin = PluginReference(
        name: "Bench", path: "(in process)", location: SourceLocation(file: "bench", line: 1, column: 1))

    static func detail(
        named name: String = "BenchDetail"
    ) -> SceneDefinition<BenchDetailViewController, BenchDetailInteractor, BenchDetailPresenter, BenchDetailRouter> {
        SceneDefinition(
            name, viewController: BenchDetailViewController.init, interactor: { _ in BenchDetailInteractor() },
            presenter: BenchDetailPresenter.init, router: BenchDetailRouter.init
        )
        .accepting(BenchDetailInput.self) { dataStore, input in dataStore?.message = input.message }
    }

    static var home:
        SceneDefinition<
            BenchHomeViewController, BenchHomeInteractor, ScenePresenter<BenchHomeViewController>, BenchHomeRouter
        >
    {
        SceneDefinition(
            "BenchHome", viewController: BenchHomeViewController.init, interactor: { _ in BenchHomeInteractor() },
            presenter: ScenePresenter<BenchHomeViewController>.init, router: BenchHomeRouter.init
        )
        .route(to: "BenchDetail", passing: BenchDetailInput.self)
    }

    /// A navigator showing BenchHome, with BenchDetail registered.
    static func navigator() throws -> (Navigator, BenchHomeRouter) {
        let container = SceneContainer()
        let registry = PluginScopedRegistry(plugin: plugin)
        try registry.register(home)
        try registry.register(detail())
        try registry.commit(into: container)
        let navigator = Navigator(container: container, segues: [])
        try navigator.start(at: "BenchHome")
        guard let router = navigator.top?.router as? BenchHomeRouter else {
            throw BenchFailure("BenchHome has no BenchHomeRouter")
        }
        return (navigator, router)
    }
}

/// A benchmark that could not run.
struct BenchFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
