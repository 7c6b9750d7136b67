extension SceneDefinition {
    /// The type-erased form the host registers.
    var blueprint: SceneBlueprint {
        let definition = self
        return SceneBlueprint(
            name: name,
            inputTypeName: input?.typeName,
            routeHandlerNames: handlers.keys.sorted(),
            factories: [
                .viewController: { _ in definition.makeViewController() },
                .interactor: { resolver in try definition.makeInteractor(resolver) },
                .presenter: { _ in definition.makePresenter() },
                .router: { _ in definition.makeRouter() },
            ],
            wire: { parts, navigator in try definition.wire(parts, navigator: navigator) }
        )
    }

    /// Checks all six connections, then makes them (upward references are weak in the base classes).
    private func wire(_ parts: ScenePartSet, navigator: any SceneNavigating) throws -> AssembledScene {
        let vc: V = try cast(parts.viewController, part: .viewController, property: "factory result")
        let interactor: I = try cast(parts.interactor, part: .interactor, property: "factory result")
        let presenter: P = try cast(parts.presenter, part: .presenter, property: "factory result")
        let router: R = try cast(parts.router, part: .router, property: "factory result")
        let vcInteractor: V.Interactor = try cast(interactor, part: .interactor, property: "\(V.self).interactor")
        let vcRouter: V.Router = try cast(router, part: .router, property: "\(V.self).router")
        let interactorPresenter: I.Presenter = try cast(presenter, part: .presenter, property: "\(I.self).presenter")
        let presenterVC: P.ViewController = try cast(vc, part: .viewController, property: "\(P.self).viewController")
        let routerVC: R.ViewController = try cast(vc, part: .viewController, property: "\(R.self).viewController")
        let routerDataStore: R.DataStore = try cast(interactor, part: .interactor, property: "\(R.self).dataStore")

        vc.interactor = vcInteractor
        vc.router = vcRouter
        interactor.presenter = interactorPresenter
        presenter.viewController = presenterVC
        router.viewController = routerVC
        router.dataStore = routerDataStore
        router.context.navigator = navigator
        router.context.sceneName = name

        let boundHandlers = handlers.mapValues { handler in { @MainActor (segue: Segue?) throws in try handler(router, segue) } }
        let applyInput = input.map { declaration in { @MainActor (payload: ScenePayload) throws in try declaration.apply(router, payload) } }
        return AssembledScene(
            name: name, display: vc,
            parts: ScenePartSet(viewController: vc, interactor: interactor, presenter: presenter, router: router),
            context: router.context, inputTypeName: input?.typeName,
            dataStore: { router.dataStore }, applyInput: applyInput, handlers: boundHandlers
        )
    }

    private func cast<T>(_ object: AnyObject, part: ScenePart, property: String) throws -> T {
        guard let typed = object as? T else {
            throw SceneError.wiringMismatch(scene: name, part: part.rawValue, partType: String(describing: type(of: object)), property: property, expected: String(describing: T.self))
        }
        return typed
    }
}
