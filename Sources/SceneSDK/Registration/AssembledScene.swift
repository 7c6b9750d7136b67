/// A wired scene, ready to be shown: what the navigator keeps on its stack.
///
/// It owns the scene's four parts; dropping it releases them (the parts hold each other only
/// downward strongly, upward weakly).
@MainActor
public struct AssembledScene {
    public let name: String
    /// The ViewController, as the frontends drive it.
    public let display: any SceneDisplaying
    /// The four wired parts.
    public let parts: ScenePartSet
    /// The router's link to the host.
    public let context: RouterContext
    /// The Swift type of the declared input, or nil.
    public let inputTypeName: String?
    let routeDestinations: Set<String>
    let dataStore: @MainActor () -> Any?
    let applyInput: (@MainActor (ScenePayload) throws -> Void)?
    let applyResult: (@MainActor (ScenePayload) throws -> Void)?
    let produceResult: (@MainActor () throws -> ScenePayload?)?
    let handlers: [String: @MainActor (Segue?) throws -> Void]

    /// The scene's DataStore (its router's `dataStore`).
    public var currentDataStore: Any? { dataStore() }

    /// The destinations of the routes the scene's router declared, sorted.
    public var declaredDestinations: [String] { routeDestinations.sorted() }

    /// Whether the scene's router declared a route to `destination`.
    public func declaresRoute(to destination: String) -> Bool {
        routeDestinations.contains(destination)
    }

    /// Passes `payload` into the DataStore, checked against the declared input.
    ///
    /// Throws `missingInput`, `unexpectedPayload` or `contractMismatch`; on error the DataStore is unchanged.
    public func accept(_ payload: ScenePayload?) throws {
        switch (payload, applyInput) {
        case (nil, nil): return
        case (let payload?, nil): throw SceneError.unexpectedPayload(scene: name, contract: .input, payloadType: payload.typeName)
        case (nil, _): throw SceneError.missingInput(scene: name, inputType: inputTypeName ?? "input")
        case (let payload?, let apply?): try apply(payload)
        }
    }

    /// Passes a result from a scene that returned into the DataStore, checked against the accepted result.
    public func acceptResult(_ payload: ScenePayload) throws {
        guard let applyResult else {
            throw SceneError.unexpectedPayload(scene: name, contract: .result, payloadType: payload.typeName)
        }
        try applyResult(payload)
    }

    /// The result the scene hands back as it leaves, if it declares one and has one now.
    public func leavingResult() throws -> ScenePayload? {
        try produceResult?()
    }

    /// The router's handler registered under `name` (e.g. `routeToDetail`), if any.
    public func routeHandler(named name: String) -> (@MainActor (Segue?) throws -> Void)? {
        handlers[name]
    }
}
