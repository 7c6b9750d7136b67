import SceneSDK

/// The Greeting plugin: one scene, "Greeting", that routes to Detail (plugin DetailScene) and to
/// Name (plugin NameScene), which hands a new name back.
package enum GreetingPlugin: ScenePlugin {
    package static let name = "GreetingScene"
    package static let version = "1.0.0"

    package static func register(in registry: any SceneRegistry) throws {
        registry.register((any GreetingWorking).self) { _ in GreetingWorker() }
        try registry.register(
            SceneDefinition(
                "Greeting",
                viewController: GreetingViewController.init,
                interactor: { resolver in GreetingInteractor(worker: try resolver.resolve((any GreetingWorking).self)) },
                presenter: GreetingPresenter.init,
                router: GreetingRouter.init
            )
            .route(.detail, handler: GreetingRouter.routeToDetail)
            .route(.name, handler: GreetingRouter.routeToName)
            .acceptingResult(NameResult.self) { dataStore, result in
                dataStore?.name = result.name
            }
        )
    }
}
