import SceneSDK

/// The Name plugin: one scene, "Name", that edits a name and hands it back on Save.
package enum NamePlugin: ScenePlugin {
    package static let name = "NameScene"
    package static let version = "1.0.0"

    package static func register(in registry: any SceneRegistry) throws {
        try registry.register(
            SceneDefinition(
                "Name",
                viewController: NameViewController.init,
                interactor: { _ in NameInteractor() },
                presenter: NamePresenter.init,
                router: NameRouter.init
            )
            .accepting(NameInput.self) { dataStore, input in
                dataStore?.name = input.name
            }
            .returning(NameResult.self, via: NameRouter.passDataToPrevious)
        )
    }
}
