/// A wired scene, ready to be shown: what the navigator keeps on its stack. Its requirements are
/// host-only (SPI); the protocol is public only because the wiring that plugins inline makes its one
/// conformer, and is left out of the API reference like the SPI (`@_documentation`).
///
/// The conformer (`WiredScene`, made by the plugin's inlined wiring) owns the scene's four parts;
/// dropping it releases them (the parts hold each other only downward strongly, upward weakly).
/// One object per scene, so the navigator's stack moves one reference per scene and a navigation
/// allocates and frees one object for it. Every requirement has to be met by the conformer: there
/// is no base class whose default answer (no data store, no route, nothing accepted) could stand
/// in for a scene's real one.
@_documentation(visibility: internal) @MainActor
public protocol AssembledScene: AnyObject {
    /// The wired ViewController.
    @_spi(SceneHost) @_spi(SceneTesting) var viewController: AnyObject { get }
    /// The wired interactor (the DataStore).
    @_spi(SceneHost) @_spi(SceneTesting) var interactor: AnyObject { get }
    /// The wired presenter.
    @_spi(SceneHost) @_spi(SceneTesting) var presenter: AnyObject { get }
    /// The wired router.
    @_spi(SceneHost) @_spi(SceneTesting) var router: AnyObject { get }
    /// The scene's name.
    @_spi(SceneHost) @_spi(SceneTesting) var name: String { get }
    /// The scene's background work (`SceneInteractor.perform`): nil when its interactor is not a
    /// `SceneInteractor`, which then starts none the host knows of.
    @_spi(SceneHost) @_spi(SceneTesting) var work: SceneWork? { get }
    /// The ViewController, as the frontends drive it.
    @_spi(SceneHost) @_spi(SceneTesting) var display: any SceneDisplaying { get }
    /// The router's link to the host.
    @_spi(SceneHost) @_spi(SceneTesting) var context: RouterContext { get }

    /// The input the scene was shown with, kept by the host (`Navigator`) so it can build the scene
    /// again from data; stored in the object the stack holds anyway, so keeping it costs a
    /// navigation nothing but the store.
    @_spi(SceneHost) var keptInput: KeptInput { get set }

    /// The identity of the declared input's Swift type (nil for none, or a class): a value of
    /// exactly this type is handed over as it is (`accept(exactly:)`).
    @_spi(SceneHost) @_spi(SceneTesting) var inputType: ObjectIdentifier? { get }

    /// The scene's DataStore (its router's `dataStore`).
    @_spi(SceneHost) @_spi(SceneTesting) var currentDataStore: Any? { get }

    /// The destinations of the routes the scene's router declared, sorted.
    @_spi(SceneHost) @_spi(SceneTesting) var declaredDestinations: [String] { get }

    /// The slots of a container scene (`SceneDefinition.tab`, `.pane`), in declared order; empty
    /// for any other scene.
    @_spi(SceneHost) @_spi(SceneTesting) var declaredSlots: [DeclaredSlot] { get }

    /// Whether the scene's router declared a route to `destination`.
    @_spi(SceneHost) @_spi(SceneTesting) func declaresRoute(to destination: String) -> Bool

    /// The style the route to `destination` was declared with (`Route(_:style:)`); nil when it
    /// declares none (a route declared by name) or there is no such route.
    @_spi(SceneHost) @_spi(SceneTesting) func declaredStyle(toward destination: String) -> NavigationStyle?

    /// Passes `payload` into the DataStore, checked against the declared input.
    ///
    /// Throws `missingInput`, `unexpectedPayload` or `contractMismatch`; on error the DataStore is unchanged.
    @_spi(SceneHost) @_spi(SceneTesting) func accept(_ payload: ScenePayload?) throws

    /// Passes `value` into the DataStore as it is, when it is of exactly the declared input type
    /// (`SceneBlueprint.inputType`): nothing to check or decode. False, with nothing changed, otherwise.
    @_spi(SceneHost) @_spi(SceneTesting) func accept(exactly value: Any) -> Bool

    /// Passes `value`, of another type than the declared input (another plugin's contract type),
    /// converted without the payload tree (`PayloadConversion`): the same check and the same
    /// decoded value as `accept(_:)` with `ScenePayload(value)`. False, with nothing changed, when
    /// the value does not fit or the conversion cannot follow it: then pass the payload, whose
    /// error names what does not fit.
    @_spi(SceneHost) @_spi(SceneTesting) func accept(converting value: any Encodable) -> Bool

    /// The input built with the scene's link function from a link's `parameters` (and `services`,
    /// the container the scene was built from) and passed into the DataStore (`acceptLink`). Throws
    /// the function's error (`LinkRefusal` when it refuses the link), or the SDK's when the scene
    /// declares no link or the input does not fit; on error the DataStore is unchanged.
    @_spi(SceneHost) func linkInput(_ parameters: PayloadValue, services: any ServiceResolving) throws -> KeptInput

    /// Passes a result from a scene that returned into the DataStore, checked against the accepted result.
    @_spi(SceneHost) @_spi(SceneTesting) func acceptResult(_ payload: ScenePayload) throws

    /// The result the scene hands back as it leaves, if it declares one and has one now.
    @_spi(SceneHost) @_spi(SceneTesting) func leavingResult() throws -> ScenePayload?

    /// Calls the router's handler for routes to `destination` (`routeTo<Destination>`) with
    /// `segue`; nothing when the router has none.
    @_spi(SceneHost) @_spi(SceneTesting) func performRouteHandler(toward destination: String, segue: Segue) throws
}

extension AssembledScene {
    /// Builds the scene's input with its link's function from the link's `parameters`, and passes
    /// it into the DataStore (kept as `keptInput`). Throws as `linkInput`; on error nothing changed.
    @_spi(SceneHost) @_spi(SceneTesting) public func acceptLink(_ parameters: PayloadValue, services: any ServiceResolving) throws {
        keptInput = try linkInput(parameters, services: services)
    }
}
