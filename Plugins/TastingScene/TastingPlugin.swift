import SceneSDK

/// The polyglot example's Swift plugin (examples/polyglot.conf): `Tasting`, the app's first scene,
/// routes by name to `Tea` (C) and `Rating` (C++), scenes of other libraries in other languages, and
/// takes Rating's result back; `Comment` is routed to by those two and hands its text back to them.
/// Every value crosses as a declared contract, checked by the host on each crossing and by `check`.
enum TastingPlugin: ScenePlugin {
    static let name = "TastingScene"
    static let version = "1.0.0"

    static func register(in registry: any SceneRegistry) throws {
        try registry.register(
            SceneDefinition(
                "Tasting",
                viewController: TastingViewController.init,
                interactor: { _ in TastingInteractor() },
                presenter: TastingPresenter.init,
                router: TastingRouter.init
            )
            .route(.tea)
            .route(.rating)
            .acceptingResult(RatingResult.self) { dataStore, result in
                dataStore?.rating = result
            }
        )
        try registry.register(
            SceneDefinition(
                "Comment",
                viewController: CommentViewController.init,
                interactor: { _ in CommentInteractor() },
                presenter: CommentPresenter.init,
                router: CommentRouter.init
            )
            .accepting(CommentInput.self, samples: [CommentInput(subject: "Sencha")]) { dataStore, input in
                dataStore?.subject = input.subject
            }
            .returning(CommentResult.self, via: CommentRouter.passDataToPrevious)
        )
    }
}

@_cdecl("scene_plugin_entry")
public func scenePluginEntry() -> UnsafeRawPointer { TastingPlugin.exportDescriptor() }
