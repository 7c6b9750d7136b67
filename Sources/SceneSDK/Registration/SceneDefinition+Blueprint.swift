extension SceneDefinition {
    /// The type-erased form the host registers.
    @inlinable
    var blueprint: SceneBlueprint {
        let definition = self
        return SceneBlueprint(
            self,
            viewController: { _ in definition.makeViewController() },
            interactor: { resolver in try definition.makeInteractor(resolver) },
            presenter: { _ in definition.makePresenter() },
            router: { _ in definition.makeRouter() },
            dataStore: { router in (router as? R)?.dataStore },
            wire: { blueprint, vc, interactor, presenter, router, navigator in
                try definition.wire(vc, interactor, presenter, router, navigator: navigator, blueprint: blueprint)
            },
            build: { blueprint, resolver, navigator in try definition.build(resolver, navigator: navigator, blueprint: blueprint) }
        )
    }

    /// Checks that parts resolved from the container (a factory may have been replaced) are of the
    /// definition's types, then connects them (`connect`).
    @inlinable
    func wire(_ vcPart: AnyObject, _ interactorPart: AnyObject, _ presenterPart: AnyObject, _ routerPart: AnyObject,
              navigator: any SceneNavigating, blueprint: SceneBlueprint) throws -> AssembledScene {
        guard let vc = vcPart as? V else { throw mismatch(vcPart, "ViewController", "factory result", V.self) }
        guard let interactor = interactorPart as? I else { throw mismatch(interactorPart, "Interactor", "factory result", I.self) }
        guard let presenter = presenterPart as? P else { throw mismatch(presenterPart, "Presenter", "factory result", P.self) }
        guard let router = routerPart as? R else { throw mismatch(routerPart, "Router", "factory result", R.self) }
        return try connect(vc, interactor, presenter, router, navigator: navigator, blueprint: blueprint)
    }

    /// Makes the four parts with the definition's own factories, in the container's order, and
    /// connects them: typed from the factory to the wiring, so no part is erased and cast back.
    @inlinable
    func build(_ resolver: any ServiceResolving, navigator: any SceneNavigating, blueprint: SceneBlueprint) throws -> AssembledScene {
        let vc = makeViewController()
        let interactor = try makeInteractor(resolver)
        let presenter = makePresenter()
        let router = makeRouter()
        return try connect(vc, interactor, presenter, router, navigator: navigator, blueprint: blueprint)
    }

    /// Checks all six connections, then makes them (upward references are weak in the base classes).
    @inlinable
    func connect(_ vc: V, _ interactor: I, _ presenter: P, _ router: R, navigator: any SceneNavigating,
                 blueprint: SceneBlueprint) throws -> AssembledScene {
        // Each cast is written out here, not in a generic helper: the plugin's specialized wiring then
        // decides a cast from a part's own class to a protocol it conforms to at compile time, instead
        // of a conformance look-up (a locked hash map) on every navigation.
        guard let vcInteractor = interactor as? V.Interactor else { throw mismatch(interactor, "Interactor", "\(V.self).interactor", V.Interactor.self) }
        guard let vcRouter = router as? V.Router else { throw mismatch(router, "Router", "\(V.self).router", V.Router.self) }
        guard let interactorPresenter = presenter as? I.Presenter else { throw mismatch(presenter, "Presenter", "\(I.self).presenter", I.Presenter.self) }
        // The SDK's base classes take their ViewController as a plain object (class casts, no
        // conformance look-up); then the two checks of the ViewController's type are needed once
        // per ViewController class, as a cast depends on that class alone.
        let presenterBase = presenter as? ScenePresenter<P.ViewController>
        let routerBase = router as? SceneRouter<R.ViewController, R.DataStore>
        let viewControllerClass = ObjectIdentifier(type(of: vc))
        var presenterVC: P.ViewController?
        var routerVC: R.ViewController?
        if presenterBase == nil || routerBase == nil || blueprint.checkedViewControllerClass != viewControllerClass {
            guard let asPresenterVC = vc as? P.ViewController else { throw mismatch(vc, "ViewController", "\(P.self).viewController", P.ViewController.self) }
            guard let asRouterVC = vc as? R.ViewController else { throw mismatch(vc, "ViewController", "\(R.self).viewController", R.ViewController.self) }
            presenterVC = asPresenterVC
            routerVC = asRouterVC
        }
        guard let routerDataStore = interactor as? R.DataStore else { throw mismatch(interactor, "Interactor", "\(R.self).dataStore", R.DataStore.self) }

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
        if presenterBase != nil, routerBase != nil { blueprint.checkedViewControllerClass = viewControllerClass }
        router.dataStore = routerDataStore
        router.context.attach(to: navigator, scene: name)

        return WiredScene(blueprint: blueprint, display: vc, context: router.context, work: (interactor as? any SceneWorkOwning)?.sceneWork,
                          viewController: vc, interactor: interactor, presenter: presenter, router: router)
    }

    /// The error of a connection that does not fit; built only on failure (naming types is slow).
    /// `part` is a `ScenePart` raw value, spelled out by the callers: inlined code cannot name the
    /// SPI enum (`SceneDefinitionWiringTests` checks each spelling).
    @usableFromInline
    func mismatch(_ object: Any, _ part: String, _ property: String, _ expected: Any.Type) -> SceneError {
        SceneError.wiringMismatch(scene: name, part: part, partType: String(describing: type(of: object)), property: property,
                                  expected: String(describing: expected))
    }
}
