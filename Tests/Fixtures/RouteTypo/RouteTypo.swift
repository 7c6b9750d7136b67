import SceneSDK

/// Two note scenes whose list's router misspells its declared route in code
/// (`route(to: "NoteEdtior")`): the mistake `scene-host check` must report from the probe.
enum RouteTypoPlugin: ScenePlugin {
    static let name = "FixtureRouteTypo"
    static let version = "0.0.1"

    static func register(in registry: any SceneRegistry) throws {
        try registry.register(
            SceneDefinition("NoteList", viewController: NoteListViewController.init, interactor: { _ in NoteListInteractor() },
                            presenter: ScenePresenter<NoteListViewController>.init, router: NoteListRouter.init)
                .route(to: "NoteEditor")
        )
        try registry.register(
            SceneDefinition("NoteEditor", viewController: NoteEditorViewController.init, interactor: { _ in NoteEditorInteractor() },
                            presenter: ScenePresenter<NoteEditorViewController>.init, router: NoteEditorRouter.init)
        )
    }
}

final class NoteListViewController: SceneViewController<NoteListInteractor, NoteListRouter> {
    override func render() -> Screen {
        Screen(title: "Notes", elements: [.button(id: "edit", title: "Edit")])
    }

    override func handle(_ event: UserEvent) throws {
        guard case .tap(button: "edit") = event else { return }
        try router?.routeToNoteEditor(segue: nil)
    }
}

final class NoteListInteractor: SceneInteractor<ScenePresenter<NoteListViewController>> {}

final class NoteListRouter: SceneRouter<NoteListViewController, NoteListInteractor> {
    // MARK: Routing

    func routeToNoteEditor(segue: Segue?) throws {
        // The typo: the definition declares "NoteEditor".
        try route(to: "NoteEdtior", segue: segue)
    }
}

final class NoteEditorViewController: SceneViewController<NoteEditorInteractor, NoteEditorRouter> {
    override func render() -> Screen {
        Screen(title: "Note", elements: [.label(id: "text", text: "a note")])
    }
}

final class NoteEditorInteractor: SceneInteractor<ScenePresenter<NoteEditorViewController>> {}

final class NoteEditorRouter: SceneRouter<NoteEditorViewController, NoteEditorInteractor> {}

@_cdecl("scene_plugin_entry")
public func scenePluginEntry() -> UnsafeRawPointer { RouteTypoPlugin.exportDescriptor() }
