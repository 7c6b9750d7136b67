import SceneSDK

/// A plugin shaped like the real ones (three scenes with routes, inputs and results; Codable
/// contracts; about the size of the orders plugins), for the benchmarks. Its name,
/// "RealisticPlugin0000", is patched in copies of the library ("RealisticPlugin0001", ...) to
/// install many distinct plugins; its scenes are named from it at run time ("...List", "...Show",
/// "...Edit") so the one patched literal renames them all.
enum RealisticPlugin: ScenePlugin {
    static let name = "RealisticPlugin0000"
    static let version = "1.0.0"
    static var list: String { name + "List" }
    static var show: String { name + "Show" }
    static var edit: String { name + "Edit" }

    static func register(in registry: any SceneRegistry) throws {
        try registry.register(
            SceneDefinition(list, viewController: RealisticListViewController.init, interactor: { _ in RealisticListInteractor() },
                            presenter: RealisticListPresenter.init, router: RealisticListRouter.init)
                .route(to: show, passing: RealisticShowInput.self)
                .acceptingResult(RealisticItemResult.self) { dataStore, result in dataStore?.save(result.item) }
        )
        try registry.register(
            SceneDefinition(show, viewController: RealisticShowViewController.init, interactor: { _ in RealisticShowInteractor() },
                            presenter: RealisticShowPresenter.init, router: RealisticShowRouter.init)
                .accepting(RealisticShowInput.self) { dataStore, input in dataStore?.item = input.item }
                .route(to: edit, passing: RealisticEditInput.self)
                .acceptingResult(RealisticItemResult.self) { dataStore, result in
                    dataStore?.item = result.item
                    dataStore?.wasEdited = true
                }
                .returning(RealisticItemResult.self, via: RealisticShowRouter.passDataBack)
        )
        try registry.register(
            SceneDefinition(edit, viewController: RealisticEditViewController.init, interactor: { _ in RealisticEditInteractor() },
                            presenter: RealisticEditPresenter.init, router: RealisticEditRouter.init)
                .accepting(RealisticEditInput.self) { dataStore, input in dataStore?.item = input.item }
                .returning(RealisticItemResult.self, via: RealisticEditRouter.passDataBack)
        )
    }
}

@_cdecl("scene_plugin_entry")
public func scenePluginEntry() -> UnsafeRawPointer { RealisticPlugin.exportDescriptor() }
