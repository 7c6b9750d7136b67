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
    let dataStore: @MainActor () -> Any?
    let applyInput: (@MainActor (ScenePayload) throws -> Void)?
    let handlers: [String: @MainActor (Segue?) throws -> Void]

    /// The scene's DataStore (its router's `dataStore`).
    public var currentDataStore: Any? { dataStore() }

    /// Passes `payload` into the DataStore, checked against the declared input.
    ///
    /// Throws `missingInput`, `unexpectedInput` or `inputMismatch`; on error the DataStore is unchanged.
    public func accept(_ payload: ScenePayload?) throws {
        switch (payload, applyInput, inputTypeName) {
        case (nil, nil, _): return
        case (let payload?, nil, _): throw SceneError.unexpectedInput(scene: name, payloadType: payload.typeName)
        case (nil, _, let inputType): throw SceneError.missingInput(scene: name, inputType: inputType ?? "input")
        case (let payload?, let apply?, _): try apply(payload)
        }
    }

    /// The router's handler registered under `name` (e.g. `routeToDetail`), if any.
    public func routeHandler(named name: String) -> (@MainActor (Segue?) throws -> Void)? {
        handlers[name]
    }
}
