import SceneSDK

/// The Home plugin: one scene, "Home", with a text field and two ways to reach Detail.
enum HomePlugin: ScenePlugin {
    static let name = "HomeScene"
    static let version = "1.0.0"

    static func register(in registry: any SceneRegistry) throws {
        try registry.register(
            SceneDefinition(
                "Home",
                viewController: HomeViewController.init,
                interactor: { _ in HomeInteractor() },
                presenter: HomePresenter.init,
                router: HomeRouter.init
            )
            .route(.detail, handler: HomeRouter.routeToDetail)
        )
    }
}

@_cdecl("scene_plugin_entry")
public func scenePluginEntry() -> UnsafeRawPointer { HomePlugin.exportDescriptor() }
