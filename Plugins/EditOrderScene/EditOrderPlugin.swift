import SceneSDK

/// The EditOrder plugin: a form over one order, presented modally. Save hands the edited order
/// back to the scene below; Cancel hands nothing back.
enum EditOrderPlugin: ScenePlugin {
    static let name = "EditOrderScene"
    static let version = "1.0.0"

    static func register(in registry: any SceneRegistry) throws {
        try registry.register(
            SceneDefinition(
                "EditOrder",
                viewController: EditOrderViewController.init,
                interactor: { _ in EditOrderInteractor() },
                presenter: EditOrderPresenter.init,
                router: EditOrderRouter.init
            )
            .accepting(EditOrderInput.self) { dataStore, input in
                dataStore?.draft = input.order
            }
            .returning(EditOrderResult.self, via: EditOrderRouter.passDataToShowOrder)
        )
    }
}

@_cdecl("scene_plugin_entry")
public func scenePluginEntry() -> UnsafeRawPointer { EditOrderPlugin.exportDescriptor() }
