extension SceneDefinition {
    /// The type-erased form the host registers.
    @inlinable
    var blueprint: SceneBlueprint {
        let definition = self
        let recipe = SceneRecipe(self)
        return SceneBlueprint(
            name: name,
            input: input.map { ContractInfo(typeName: $0.typeName, schema: $0.schema) },
            inputType: input?.typeID,
            acceptedResult: acceptedResult.map { ContractInfo(typeName: $0.typeName, schema: $0.schema) },
            returnedResult: returnedResult?.info,
            routes: routes.map(\.declared),
            link: link,
            factories: [
                .viewController: { _ in definition.makeViewController() },
                .interactor: { resolver in try definition.makeInteractor(resolver) },
                .presenter: { _ in definition.makePresenter() },
                .router: { _ in definition.makeRouter() },
            ],
            wire: { parts, navigator in try definition.wire(parts, navigator: navigator, recipe: recipe) }
        )
    }

    /// Checks all six connections, then makes them (upward references are weak in the base classes).
    @inlinable
    func wire(_ parts: WiredParts, navigator: any SceneNavigating, recipe: SceneRecipe<V, I, P, R>) throws -> AnyWiredScene {
        let vc: V = try cast(parts.viewController, part: .viewController, property: "factory result")
        let interactor: I = try cast(parts.interactor, part: .interactor, property: "factory result")
        let presenter: P = try cast(parts.presenter, part: .presenter, property: "factory result")
        let router: R = try cast(parts.router, part: .router, property: "factory result")
        let vcInteractor: V.Interactor = try cast(interactor, part: .interactor, property: "\(V.self).interactor")
        let vcRouter: V.Router = try cast(router, part: .router, property: "\(V.self).router")
        let interactorPresenter: I.Presenter = try cast(presenter, part: .presenter, property: "\(I.self).presenter")
        // The SDK's base classes take their ViewController as a plain object (class casts, no
        // conformance look-up); then the two checks of the ViewController's type are needed once
        // per ViewController class, as a cast depends on that class alone.
        let presenterBase = presenter as? ScenePresenter<P.ViewController>
        let routerBase = router as? SceneRouter<R.ViewController, R.DataStore>
        let viewControllerClass = ObjectIdentifier(type(of: vc))
        var presenterVC: P.ViewController?
        var routerVC: R.ViewController?
        if presenterBase == nil || routerBase == nil || recipe.checkedViewControllerClass != viewControllerClass {
            presenterVC = try cast(vc, part: .viewController, property: "\(P.self).viewController") as P.ViewController
            routerVC = try cast(vc, part: .viewController, property: "\(R.self).viewController") as R.ViewController
        }
        let routerDataStore: R.DataStore = try cast(interactor, part: .interactor, property: "\(R.self).dataStore")

        vc.interactor = vcInteractor
        vc.router = vcRouter
        interactor.presenter = interactorPresenter
        if let presenterBase {
            presenterBase.link(viewController: vc)
        } else if let presenter = presenter as? ViewControllerLinking {
            presenter.link(viewController: vc)
        } else {
            presenter.viewController = presenterVC
        }
        if let routerBase {
            routerBase.link(viewController: vc)
        } else if let router = router as? ViewControllerLinking {
            router.link(viewController: vc)
        } else {
            router.viewController = routerVC
        }
        if presenterBase != nil, routerBase != nil { recipe.checkedViewControllerClass = viewControllerClass }
        router.dataStore = routerDataStore
        router.context.attach(to: navigator, scene: name)

        return WiredScene(name: name, display: vc, router: router, recipe: recipe)
    }

    /// The message text is built only on failure: naming types is slow, and wiring is on every navigation.
    @inlinable
    func cast<T>(_ object: AnyObject, part: ScenePart, property: @autoclosure () -> String) throws -> T {
        guard let typed = object as? T else {
            throw SceneError.wiringMismatch(scene: name, part: part.rawValue, partType: String(describing: type(of: object)), property: property(), expected: String(describing: T.self))
        }
        return typed
    }
}
