/// A wired scene, ready to be shown: what the navigator keeps on its stack. Its members are
/// host-only (SPI); the class is public only because the wiring that plugins inline makes it, and
/// is left out of the API reference like the SPI (`@_documentation`).
///
/// It owns the scene's four parts; dropping it releases them (the parts hold each other only
/// downward strongly, upward weakly). One object per scene: the typed work is done by its
/// subclass `WiredScene`, made by the plugin's inlined wiring, so the navigator's stack moves one
/// reference per scene and a navigation allocates and frees one object for it, not two.
@_documentation(visibility: internal) @MainActor
public class AssembledScene {
    /// The four wired parts.
    @_spi(SceneHost) @_spi(SceneTesting) public let parts: ScenePartSet
    /// The scene's name.
    @_spi(SceneHost) @_spi(SceneTesting) public let name: String
    /// The ViewController, as the frontends drive it.
    @_spi(SceneHost) @_spi(SceneTesting) public let display: any SceneDisplaying
    /// The router's link to the host.
    @_spi(SceneHost) @_spi(SceneTesting) public let context: RouterContext

    /// The input the scene was shown with, kept by the host (`Navigator`) so it can build the scene
    /// again from data; stored here, in the object the stack holds anyway, so keeping it costs a
    /// navigation nothing but the store.
    @_spi(SceneHost) public var keptInput: KeptInput = .none

    @usableFromInline
    init(name: String, display: any SceneDisplaying, context: RouterContext, parts: WiredParts) {
        self.name = name
        self.display = display
        self.context = context
        self.parts = ScenePartSet(viewController: parts.viewController, interactor: parts.interactor,
                                  presenter: parts.presenter, router: parts.router)
    }

    /// The identity of the declared input's Swift type (nil for none, or a class): a value of
    /// exactly this type is handed over as it is (`accept(exactly:)`).
    @_spi(SceneHost) @_spi(SceneTesting) public var inputType: ObjectIdentifier? { nil }

    /// The scene's DataStore (its router's `dataStore`).
    @_spi(SceneHost) @_spi(SceneTesting) public var currentDataStore: Any? { nil }

    /// The destinations of the routes the scene's router declared, sorted.
    @_spi(SceneHost) @_spi(SceneTesting) public var declaredDestinations: [String] { [] }

    /// Whether the scene's router declared a route to `destination`.
    @_spi(SceneHost) @_spi(SceneTesting) public func declaresRoute(to destination: String) -> Bool { false }

    /// Passes `payload` into the DataStore, checked against the declared input.
    ///
    /// Throws `missingInput`, `unexpectedPayload` or `contractMismatch`; on error the DataStore is unchanged.
    @_spi(SceneHost) @_spi(SceneTesting) public func accept(_ payload: ScenePayload?) throws {
        if let payload { throw SceneError.unexpectedPayload(scene: name, contract: .input, payloadType: payload.typeName) }
    }

    /// Passes `value` into the DataStore as it is, when it is of exactly the declared input type
    /// (`SceneBlueprint.inputType`): nothing to check or decode. False, with nothing changed, otherwise.
    @_spi(SceneHost) @_spi(SceneTesting) public func accept(exactly value: Any) -> Bool { false }

    /// Passes `value`, of another type than the declared input (another plugin's contract type),
    /// converted without the payload tree (`PayloadConversion`): the same check and the same
    /// decoded value as `accept(_:)` with `ScenePayload(value)`. False, with nothing changed, when
    /// the value does not fit or the conversion cannot follow it: then pass the payload, whose
    /// error names what does not fit.
    @_spi(SceneHost) @_spi(SceneTesting) public func accept(converting value: any Encodable) -> Bool { false }

    /// Builds the scene's input with its link's function from the link's `parameters`, and passes
    /// it into the DataStore (kept as `keptInput`). Throws the function's error, or the SDK's when
    /// the scene declares no link or the input does not fit; on error the DataStore is unchanged.
    @_spi(SceneHost) @_spi(SceneTesting) public final func acceptLink(_ parameters: PayloadValue) throws {
        keptInput = try linkInput(parameters)
    }

    /// The input built from a link's parameters and passed into the DataStore (`acceptLink`).
    func linkInput(_ parameters: PayloadValue) throws -> KeptInput {
        throw SceneError.missingInput(scene: name, inputType: "a link")
    }

    /// Passes a result from a scene that returned into the DataStore, checked against the accepted result.
    @_spi(SceneHost) @_spi(SceneTesting) public func acceptResult(_ payload: ScenePayload) throws {
        throw SceneError.unexpectedPayload(scene: name, contract: .result, payloadType: payload.typeName)
    }

    /// The result the scene hands back as it leaves, if it declares one and has one now.
    @_spi(SceneHost) @_spi(SceneTesting) public func leavingResult() throws -> ScenePayload? { nil }

    /// Calls the router's handler for routes to `destination` (`routeTo<Destination>`) with
    /// `segue`; nothing when the router has none.
    @_spi(SceneHost) @_spi(SceneTesting) public func performRouteHandler(toward destination: String, segue: Segue) throws {}
}
