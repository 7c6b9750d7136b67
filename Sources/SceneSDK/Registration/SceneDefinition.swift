/// Declares one scene of a plugin: its name, the factories of its four parts, the routes its
/// router can take, the input its DataStore accepts and the results it takes back.
///
/// ```swift
/// try registry.register(
///     SceneDefinition("Detail",
///                     viewController: DetailViewController.init,
///                     interactor: { _ in DetailInteractor() },
///                     presenter: DetailPresenter.init,
///                     router: DetailRouter.init)
///         .accepting(DetailInput.self) { dataStore, input in dataStore?.message = input.message }
/// )
/// ```
/// The host resolves the parts through its container and wires them; the parts' types are
/// checked against each other by `scene-host check` and on every build, never by a crash.
@MainActor
public struct SceneDefinition<V: ViewControllerRole, I: InteractorRole, P: PresenterRole, R: RouterRole> {
    // Usable from inline code: the plugin's compiled registration specializes the wiring for
    // its own types, which keeps generic-metadata look-ups out of every navigation.
    @usableFromInline let name: String
    @usableFromInline let makeViewController: @MainActor () -> V
    @usableFromInline let makeInteractor: @MainActor (any ServiceResolving) throws -> I
    @usableFromInline let makePresenter: @MainActor () -> P
    @usableFromInline let makeRouter: @MainActor () -> R
    @usableFromInline var routes: [RouteDeclaration<R>] = []
    @usableFromInline var input: ContractDeclaration<R>?
    /// Sample inputs (`accepting(_:samples:into:)`), of the declared input's type: the probe shows
    /// the scene with each.
    @usableFromInline var samples: [Any] = []
    @usableFromInline var acceptedResult: ContractDeclaration<R>?
    @usableFromInline var returnedResult: ReturnDeclaration<R>?
    @usableFromInline var link: LinkDeclaration?
    /// The slots of a container scene (`tab`, `pane`), in declared order; empty for any other scene.
    var slots: [DeclaredSlot] = []

    /// Declares the scene `name` with the factories of its four parts.
    ///
    /// Only the interactor's factory is given the container: Workers and services belong to the
    /// business logic. The other three take nothing, so `HomeViewController.init` fits as is.
    /// - Parameters:
    ///   - name: the scene's name, unique across every loaded plugin; routes and segues use it.
    ///   - viewController: builds the ViewController.
    ///   - interactor: builds the interactor; resolve its Workers from the container given.
    ///   - presenter: builds the Presenter.
    ///   - router: builds the Router.
    public init(
        _ name: String,
        viewController: @escaping @MainActor () -> V,
        interactor: @escaping @MainActor (any ServiceResolving) throws -> I,
        presenter: @escaping @MainActor () -> P,
        router: @escaping @MainActor () -> R
    ) {
        self.name = name
        self.makeViewController = viewController
        self.makeInteractor = interactor
        self.makePresenter = presenter
        self.makeRouter = router
    }

    // MARK: Routes

    /// Declares a route to `destination` that passes no data, with the router's handler for it.
    ///
    /// The handler is registered as `routeTo<destination>`, the name by which the host finds it
    /// when a segue to `destination` fires (the stand-in for `NSSelectorFromString`).
    public func route(to destination: String, handler: @escaping @MainActor (R) -> (Segue?) throws -> Void) -> Self {
        adding(RouteDeclaration(destination: destination, payload: nil, style: nil, handler: handler))
    }

    /// Declares a route to `destination` that passes a `Payload`, with the router's handler for it.
    ///
    /// `scene-host check` compares `Payload`'s fields with the destination's declared input.
    public func route<Payload: Codable>(to destination: String, passing payload: Payload.Type, handler: @escaping @MainActor (R) -> (Segue?) throws -> Void) -> Self {
        adding(RouteDeclaration(destination: destination, payload: ContractInfo(Payload.self), style: nil, handler: handler))
    }

    /// Declares a route the router makes in code, passing a `Payload` (or nothing).
    ///
    /// A router may only navigate to scenes its routes name, so `check` sees every route.
    public func route<Payload: Codable>(to destination: String, passing payload: Payload.Type) -> Self {
        adding(RouteDeclaration(destination: destination, payload: ContractInfo(Payload.self), style: nil, handler: nil))
    }

    /// Declares a route the router makes in code without passing data.
    public func route(to destination: String) -> Self {
        adding(RouteDeclaration(destination: destination, payload: nil, style: nil, handler: nil))
    }

    func adding(_ route: RouteDeclaration<R>) -> Self {
        var copy = self
        copy.routes.removeAll { $0.destination == route.destination }
        copy.routes.append(route)
        return copy
    }

    // MARK: Passing data

    /// Declares the input the scene's DataStore accepts when it is shown, and how it takes it.
    ///
    /// Sources in other plugins pass any `Encodable` value of the same shape; a missing,
    /// mistyped or unknown field is a `SceneError.contractMismatch` and the navigation does not happen.
    @inlinable
    public func accepting<Input: Decodable>(_ type: Input.Type, into apply: @escaping @MainActor (inout R.DataStore?, Input) -> Void) -> Self {
        var copy = self
        copy.input = .declaring(scene: name, kind: .input, type: type, apply: apply)
        return copy
    }

    /// Declares the input the scene's DataStore accepts, as `accepting(_:into:)`, with sample
    /// inputs the host's checks show the scene with.
    ///
    /// The probe (`scene-host check`, every start, every reload under `--watch`) exercises a scene
    /// once per sample: a new scene given the sample as its input, its lifecycle, a render, every
    /// event its screen offers (each button tapped), leaving it and a render again. So code that
    /// runs only when there is data (a button shown when a record is found) is run before the
    /// plugin is loaded, and a crash there refuses the plugin, naming the sample. A scene that
    /// takes input and declares no samples is probed once without its input.
    /// Samples are values the scene can meet in use, cheap to make: they are built whenever the
    /// plugin registers, and shown only in the probe.
    @inlinable
    public func accepting<Input: Decodable>(
        _ type: Input.Type, samples: [Input], into apply: @escaping @MainActor (inout R.DataStore?, Input) -> Void
    ) -> Self {
        var copy = accepting(type, into: apply)
        copy.samples = samples
        return copy
    }

    /// Declares the result the scene's DataStore takes back when a scene above it returns.
    @inlinable
    public func acceptingResult<Result: Decodable>(_ type: Result.Type, into apply: @escaping @MainActor (inout R.DataStore?, Result) -> Void) -> Self {
        var copy = self
        copy.acceptedResult = .declaring(scene: name, kind: .result, type: type, apply: apply)
        return copy
    }

    /// Declares the result this scene hands back when it is popped or dismissed: the router's
    /// `produce` method is asked then (nil: nothing is handed back, e.g. on Cancel).
    public func returning<Result: Codable>(_ type: Result.Type, via produce: @escaping @MainActor (R) -> () -> Result?) -> Self {
        var copy = self
        copy.returnedResult = ReturnDeclaration(info: ContractInfo(Result.self)) { router in
            try produce(router)().map { try ScenePayload($0) }
        }
        return copy
    }
}

extension SceneDefinition {
    // MARK: Deep links

    /// Declares the scene's deep link: a path such as `orders/2` opens the app at this scene.
    ///
    /// `template` is literal words (`a`-`z`, `0`-`9`, `-`, `_`, `.`) and `{name}` placeholders separated
    /// by `/`; each placeholder names a field of `Parameters`, and every field has one. Fields may be
    /// `Int`, `String`, `Bool` or `Double`. The host converts the path's text to them, then `input`
    /// builds the scene's declared input (it runs where the scene runs; a thrown error fails the
    /// opening, which changes nothing; a thrown `LinkRefusal` refuses the link: a 404 in `serve`).
    /// To look up what the path names, take the form whose function is also given the scene's
    /// services. Opening the link shows the initial scene and pushes along the
    /// shortest declared route to this scene, so every scene on the way must take no input.
    /// `scene-host check` checks all of this. One link per scene: a second call replaces the first.
    ///
    /// ```swift
    /// .link("orders/{id}", parameters: OrderLink.self) { link in ShowOrderInput(orderID: link.id) }
    /// ```
    public func link<Parameters: Decodable, Input: Codable>(_ template: String, parameters: Parameters.Type,
                                                           input build: @escaping @MainActor (Parameters) throws -> Input) -> Self {
        link(template, parameters: parameters) { parameters, _ in try build(parameters) }
    }

    /// Declares the scene's deep link, whose function is also given the scene's services (those its
    /// interactor's factory gets), so it can look up what the path names and refuse the link.
    ///
    /// Throw `LinkRefusal` to refuse it: the opening changes nothing, `serve` answers 404 with the
    /// refusal's message and `run --open` exits 9. Otherwise as `link(_:parameters:input:)`.
    /// ```swift
    /// .link("orders/{id}", parameters: OrderLink.self) { link, services in
    ///     guard try services.resolve(OrdersWorker.self).order(id: link.id) != nil else { throw LinkRefusal("There is no order \(link.id).") }
    ///     return ShowOrderInput(orderID: link.id)
    /// }
    /// ```
    public func link<Parameters: Decodable, Input: Codable>(_ template: String, parameters: Parameters.Type,
                                                           input build: @escaping @MainActor (Parameters, any ServiceResolving) throws -> Input) -> Self {
        var copy = self
        copy.link = LinkDeclaration(scene: name, template: template, parameters: parameters, input: Input.self, build: build)
        return copy
    }
}

/// How scene-host names route handlers, so the host and `SceneDefinition` agree.
@_spi(SceneHost) public enum RouteHandlerName {
    /// `routeTo<Destination>`, e.g. `routeToDetail`.
    public static func forDestination(_ destination: String) -> String { "routeTo" + destination }
}
