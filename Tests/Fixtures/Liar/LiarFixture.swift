import SceneSDK

/// A scene whose router declares it passes Detail a `DetailInput` but passes another shape at
/// run time: `check` cannot see the lie, the run-time check must catch it and change nothing.
enum LiarFixturePlugin: ScenePlugin {
    static let name = "FixtureLiar"
    static let version = "0.0.1"

    static func register(in registry: any SceneRegistry) throws {
        try registry.register(
            SceneDefinition("Liar", viewController: LiarViewController.init, interactor: { _ in LiarInteractor() },
                            presenter: ScenePresenter<LiarViewController>.init, router: LiarRouter.init)
                .route(to: "Detail", passing: DetailInput.self)
        )
    }
}

struct DetailInput: Codable { var message: String }
struct NotDetailInput: Codable { var message: Int }

final class LiarViewController: SceneViewController<LiarInteractor, LiarRouter> {
    override func render() -> Screen {
        Screen(title: "Liar", elements: [
            .textField(id: "note", placeholder: "note", text: interactor?.note ?? ""),
            .button(id: "go", title: "Go"),
        ])
    }

    override func handle(_ event: UserEvent) throws {
        switch event {
        case .edit(field: "note", let text): interactor?.note = text
        case .tap(button: "go"): try router?.route(to: "Detail", segue: nil, passing: NotDetailInput(message: 42))
        default: break
        }
    }
}

final class LiarInteractor: SceneInteractor<ScenePresenter<LiarViewController>> {
    var note = ""
}

final class LiarRouter: SceneRouter<LiarViewController, LiarInteractor> {}

@_cdecl("scene_plugin_entry")
public func scenePluginEntry() -> UnsafeRawPointer { LiarFixturePlugin.exportDescriptor() }
