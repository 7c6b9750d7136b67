@_spi(SceneTesting) import SceneSDK

/// One navigation the scene under test asked for, in the order it happened.
public enum RecordedNavigation: Equatable, Sendable {
    /// The scene routed to another scene, in code or through a segue.
    case route(RecordedRoute)
    /// The scene left: popped, dismissed, or popped down to a scene below.
    case exit(RecordedExit)
    /// A tab of the container was selected (or a pane focused), by the router's `selectTab` or
    /// the test's `SceneTestKit.selectTab`.
    case select(slot: String)
}

/// A route the scene's router made, as a value a test compares.
public struct RecordedRoute: Equatable, Sendable {
    /// The destination scene's name.
    public let destination: String
    /// How the destination would be shown.
    public let style: NavigationStyle
    /// What the router passed, encoded as it crosses plugins; nil when it passed nothing.
    public let payload: PayloadValue?
    /// The Swift type the router passed, e.g. `DetailInput`; nil when it passed nothing.
    public let payloadType: String?
    /// The id of the segue performed, or nil when the router navigated in code.
    public let segue: String?
    /// The container slot the destination is shown in (`Route(_:style:slot:)`), or nil for the
    /// source's own stack.
    public let slot: String?

    public init(destination: String, style: NavigationStyle, payload: PayloadValue?, payloadType: String?, segue: String?,
                slot: String? = nil) {
        self.destination = destination
        self.style = style
        self.payload = payload
        self.payloadType = payloadType
        self.segue = segue
        self.slot = slot
    }

    /// The payload decoded into a type of the test's choice, checked field by field.
    ///
    /// Throws `SceneTestingError.noPayload` when the router passed nothing, and the decoding
    /// error when the payload does not fit `type`.
    public func payload<Value: Decodable>(as type: Value.Type) throws -> Value {
        guard let payload else { throw SceneTestingError.noPayload(destination: destination) }
        return try PayloadDecoder().decode(type, from: payload)
    }
}

/// A scene leaving, and the result it handed back.
public struct RecordedExit: Equatable, Sendable {
    /// Where it went: `.previous` (back), `.scene(name)` or `.dismissModal`.
    public let target: BackTarget
    /// The declared result it handed back (`SceneDefinition.returning`), or nil.
    public let result: PayloadValue?
    /// True when the user went back; false when the router left in code.
    public let byUser: Bool

    public init(target: BackTarget, result: PayloadValue?, byUser: Bool) {
        self.target = target
        self.result = result
        self.byUser = byUser
    }

    /// The result decoded into a type of the test's choice; throws `SceneTestingError.noResult` when there is none.
    public func result<Value: Decodable>(as type: Value.Type) throws -> Value {
        guard let result else { throw SceneTestingError.noResult }
        return try PayloadDecoder().decode(type, from: result)
    }
}
