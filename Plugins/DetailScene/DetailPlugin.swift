import SceneSDK

/// The Detail plugin: one scene, "Detail", showing the message it is given.
enum DetailPlugin: ScenePlugin {
    static let name = "DetailScene"
    static let version = "1.0.0"

    static func register(in registry: any SceneRegistry) throws {
        try registry.register(
            SceneDefinition(
                "Detail",
                viewController: DetailViewController.init,
                interactor: { _ in DetailInteractor() },
                presenter: DetailPresenter.init,
                router: DetailRouter.init
            )
            .accepting(DetailInput.self, samples: [DetailInput(message: "Hello from Home")]) { dataStore, input in
                dataStore?.message = input.message
            }
        )
    }
}

@_cdecl("scene_plugin_entry")
public func scenePluginEntry() -> UnsafeRawPointer { DetailPlugin.exportDescriptor() }
