/// Errors raised by SDK code on behalf of a scene. The host renders them to text in one place.
public enum SceneError: Error, Equatable, Sendable {
    /// A router made by hand (not wired by the host) tried to navigate.
    case routerNotAttached(router: String)
    /// A router was asked to perform `segue` but routed somewhere else.
    case segueDestinationMismatch(segue: String, source: String, segueDestination: String, requested: String)
    /// The value a router passed cannot be encoded.
    case payloadNotEncodable(type: String, reason: String)
    /// The passed value does not fit the destination's declared input.
    case inputMismatch(scene: String, inputType: String, field: String, problem: InputProblem)
    /// A value was passed to a scene that declares no input.
    case unexpectedInput(scene: String, payloadType: String)
    /// No value was passed to a scene that declares an input.
    case missingInput(scene: String, inputType: String)
    /// A part built for a scene does not conform to what its neighbour expects.
    case wiringMismatch(scene: String, part: String, partType: String, property: String, expected: String)
    /// A factory asked the container for a service nobody registered.
    case serviceNotRegistered(service: String, registered: [String])
    /// A plugin's registration function was called with arguments it cannot use.
    case badRegistrationCall(reason: String)
}

/// Why a passed value does not fit a declared input.
public enum InputProblem: Equatable, Sendable {
    case missing(expected: String)
    case typeMismatch(expected: String, detail: String)
    case invalid(detail: String)
}
