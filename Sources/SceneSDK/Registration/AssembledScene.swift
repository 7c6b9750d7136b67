/// A wired scene, ready to be shown: what the navigator keeps on its stack. Host-only (SPI).
///
/// It owns the scene's four parts; dropping it releases them (the parts hold each other only
/// downward strongly, upward weakly). A class, so the navigator's stack moves one reference per
/// scene; the typed work is done by the `WiredScene` it wraps, made by the plugin's inlined wiring.
@_spi(SceneHost) @_spi(SceneTesting) @MainActor
public final class AssembledScene {
    /// The four wired parts.
    public let parts: ScenePartSet
    let wired: AnyWiredScene

    init(_ wired: AnyWiredScene, parts: ScenePartSet) {
        self.wired = wired
        self.parts = parts
    }

    public var name: String { wired.name }

    /// The identity of the declared input's Swift type (nil for none, or a class): a value of
    /// exactly this type is handed over as it is (`accept(exactly:)`).
    public var inputType: ObjectIdentifier? { wired.inputType }

    /// The input the scene was shown with, kept by the host (`Navigator`) so it can build the scene
    /// again from data; stored here, in the object the stack holds anyway, so keeping it costs a
    /// navigation nothing but the store.
    @_spi(SceneHost) public var keptInput: KeptInput = .none
    /// The ViewController, as the frontends drive it.
    public var display: any SceneDisplaying { wired.display }
    /// The router's link to the host.
    public var context: RouterContext { wired.context }

    /// The scene's DataStore (its router's `dataStore`).
    public var currentDataStore: Any? { wired.currentDataStore }

    /// The destinations of the routes the scene's router declared, sorted.
    public var declaredDestinations: [String] { wired.declaredDestinations }

    /// Whether the scene's router declared a route to `destination`.
    public func declaresRoute(to destination: String) -> Bool { wired.declaresRoute(to: destination) }

    /// Passes `payload` into the DataStore, checked against the declared input.
    ///
    /// Throws `missingInput`, `unexpectedPayload` or `contractMismatch`; on error the DataStore is unchanged.
    public func accept(_ payload: ScenePayload?) throws { try wired.accept(payload) }

    /// Passes `value` into the DataStore as it is, when it is of exactly the declared input type
    /// (`SceneBlueprint.inputType`): nothing to check or decode. False, with nothing changed, otherwise.
    public func accept(exactly value: Any) -> Bool { wired.accept(exactly: value) }

    /// Passes `value`, of another type than the declared input (another plugin's contract type),
    /// converted without the payload tree (`PayloadConversion`): the same check and the same
    /// decoded value as `accept(_:)` with `ScenePayload(value)`. False, with nothing changed, when
    /// the value does not fit or the conversion cannot follow it: then pass the payload, whose
    /// error names what does not fit.
    public func accept(converting value: any Encodable) -> Bool { wired.accept(converting: value) }

    /// Builds the scene's input with its link's function from the link's `parameters`, and passes
    /// it into the DataStore (kept as `keptInput`). Throws the function's error, or the SDK's when
    /// the scene declares no link or the input does not fit; on error the DataStore is unchanged.
    public func acceptLink(_ parameters: PayloadValue) throws {
        keptInput = try wired.acceptLink(parameters)
    }

    /// Passes a result from a scene that returned into the DataStore, checked against the accepted result.
    public func acceptResult(_ payload: ScenePayload) throws { try wired.acceptResult(payload) }

    /// The result the scene hands back as it leaves, if it declares one and has one now.
    public func leavingResult() throws -> ScenePayload? { try wired.leavingResult() }

    /// Calls the router's handler for routes to `destination` (`routeTo<Destination>`) with
    /// `segue`; nothing when the router has none.
    public func performRouteHandler(toward destination: String, segue: Segue) throws {
        try wired.performRouteHandler(toward: destination, segue: segue)
    }
}
