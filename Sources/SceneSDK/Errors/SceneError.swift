/// Errors raised by SDK code on behalf of a scene. The host renders them to text in one place.
public enum SceneError: Error, Equatable, Sendable {
    /// A router made by hand (not wired by the host) tried to navigate.
    case routerNotAttached(router: String)
    /// A router was asked to perform `segue` but routed somewhere else.
    case segueDestinationMismatch(segue: String, source: String, segueDestination: String, requested: String)
    /// The value a router passed cannot be encoded.
    case payloadNotEncodable(type: String, reason: String)
    /// The passed value does not fit the scene's declared input or accepted result.
    case contractMismatch(scene: String, contract: ContractKind, type: String, mismatches: [FieldMismatch])
    /// A value was passed to a scene that declares no input (or accepts no result).
    case unexpectedPayload(scene: String, contract: ContractKind, payloadType: String)
    /// No value was passed to a scene that declares an input.
    case missingInput(scene: String, inputType: String)
    /// A part built for a scene does not conform to what its neighbour expects.
    case wiringMismatch(scene: String, part: String, partType: String, property: String, expected: String)
    /// A factory asked the container for a service nobody registered.
    case serviceNotRegistered(service: String, registered: [String])
    /// A factory asked for a native function as a Swift type that does not match its declared signature
    /// (both as signature text, e.g. `double(int64)` and `double(int32)`).
    case nativeSignatureMismatch(function: String, declared: String, requested: String)
    /// A native function returned a value the Swift type asked for cannot hold.
    case nativeResultMismatch(function: String, expected: String)
}

/// Which declared contract of a scene a payload is checked against.
public enum ContractKind: String, Equatable, Sendable {
    /// What the scene takes when it is shown (`SceneDefinition.accepting`).
    case input
    /// What the scene takes back from a scene above it that returns (`SceneDefinition.acceptingResult`).
    case result
}
