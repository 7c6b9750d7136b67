import SceneSDK

/// Scenes whose declared routes are wrong on purpose, one mistake each, for `scene-host check`.
///
/// - Sender routes to Detail passing `message` as an Int (Detail wants a String);
/// - Sender routes to "Nowhere", which no plugin registers;
/// - Sender routes to Home passing a value (Home takes no input);
/// - Sender routes to Returner, which hands back `count` as a String (Sender accepts an Int);
/// - Sender routes to Taker passing nothing, but Taker needs an input;
/// - Miswired's interactor is not the one its ViewController expects;
/// - Lonely is reached by no route.
enum ContractsFixturePlugin: ScenePlugin {
    static let name = "FixtureContracts"
    static let version = "0.0.1"

    static func register(in registry: any SceneRegistry) throws {
        try registry.register(
            scene("Sender")
                .route(to: "Detail", passing: WrongDetailInput.self)
                .route(to: "Nowhere")
                .route(to: "Home", passing: Extra.self)
                .route(to: "Returner")
                .route(to: "Taker")
                .route(to: "Miswired")
                .acceptingResult(SenderResult.self) { _, _ in }
        )
        try registry.register(scene("Returner").returning(ReturnerResult.self, via: FixtureRouter.noResult))
        try registry.register(scene("Taker").accepting(SenderResult.self) { _, _ in })
        try registry.register(scene("Lonely"))
        try registry.register(
            SceneDefinition("Miswired", viewController: FixtureViewController.init, interactor: { _ in SceneInteractor<Void>() },
                            presenter: ScenePresenter<FixtureViewController>.init, router: FixtureRouter.init)
        )
    }

    @MainActor private static func scene(_ name: String) -> SceneDefinition<FixtureViewController, FixtureInteractor, ScenePresenter<FixtureViewController>, FixtureRouter> {
        SceneDefinition(name, viewController: FixtureViewController.init, interactor: { _ in FixtureInteractor() },
                        presenter: ScenePresenter<FixtureViewController>.init, router: FixtureRouter.init)
    }
}

struct WrongDetailInput: Codable { var message: Int }
struct Extra: Codable { var x: Int }
struct SenderResult: Codable { var count: Int }
struct ReturnerResult: Codable { var count: String }

final class FixtureViewController: SceneViewController<FixtureInteractor, FixtureRouter> {}

final class FixtureInteractor: SceneInteractor<ScenePresenter<FixtureViewController>> {}

final class FixtureRouter: SceneRouter<FixtureViewController, FixtureInteractor> {
    func noResult() -> ReturnerResult? { nil }
}

@_cdecl("scene_plugin_entry")
public func scenePluginEntry() -> UnsafeRawPointer { ContractsFixturePlugin.exportDescriptor() }
