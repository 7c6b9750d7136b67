extension SceneDefinition {
    /// The type-erased form the host registers.
    var blueprint: SceneBlueprint {
        let definition = self
        return SceneBlueprint(
            name: name,
            input: input.map { ContractInfo(typeName: $0.typeName, schema: $0.schema) },
            acceptedResult: acceptedResult.map { ContractInfo(typeName: $0.typeName, schema: $0.schema) },
            returnedResult: returnedResult?.info,
            routes: routes.map(\.declared),
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

        var handlers: [String: @MainActor (Segue?) throws -> Void] = [:]
        for route in routes {
            guard let handler = route.handler else { continue }
            handlers[RouteHandlerName.forDestination(route.destination)] = { segue in try handler(router)(segue) }
        }
        let input = self.input, acceptedResult = self.acceptedResult, returnedResult = self.returnedResult
        var applyInput: (@MainActor (ScenePayload) throws -> Void)?
        if let input { applyInput = { payload in try input.apply(router, payload) } }
        var applyResult: (@MainActor (ScenePayload) throws -> Void)?
        if let acceptedResult { applyResult = { payload in try acceptedResult.apply(router, payload) } }
        var produceResult: (@MainActor () throws -> ScenePayload?)?
        if let returnedResult { produceResult = { try returnedResult.produce(router) } }
        let dataStore: @MainActor () -> Any? = { router.dataStore }
        return AssembledScene(
            name: name, display: vc,
            parts: ScenePartSet(viewController: vc, interactor: interactor, presenter: presenter, router: router),
            context: router.context, inputTypeName: input?.typeName,
            routeDestinations: Set(routes.map(\.destination)),
            dataStore: dataStore, applyInput: applyInput, applyResult: applyResult,
            produceResult: produceResult, handlers: handlers
        )
    }

    private func cast<T>(_ object: AnyObject, part: ScenePart, property: String) throws -> T {
        guard let typed = object as? T else {
            throw SceneError.wiringMismatch(scene: name, part: part.rawValue, partType: String(describing: type(of: object)), property: property, expected: String(describing: T.self))
        }
        return typed
    }
}
