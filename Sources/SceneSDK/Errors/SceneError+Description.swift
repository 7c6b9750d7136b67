// The SDK's errors carry their own text, so the testing kit shows what the host would print
// (a contract mismatch as "field 'x': expected Int, given String", not a dump of the enum).
extension SceneError: CustomStringConvertible {
    /// This error as a clause, without a leading "error: ": what the host prints after it, and
    /// what a failing test shows.
    public var description: String {
        switch self {
        case .routerNotAttached(let router):
            return "router \(router) is not wired to a host; only routers that scene-host built can navigate"
        case .segueDestinationMismatch(let segue, let source, let destination, let requested):
            return "segue '\(segue)' of scene '\(source)' goes to '\(destination)', but its router routed to '\(requested)'"
        case .payloadNotEncodable(let type, let reason):
            return "the value passed (\(type)) cannot be encoded: \(reason)"
        case .contractMismatch(let scene, let contract, let type, let mismatches):
            let what = contract == .input ? "the input \(type) of scene '\(scene)'" : "the result \(type) that scene '\(scene)' accepts"
            return "the value does not fit \(what): " + mismatches.map(\.description).joined(separator: "; ")
        case .unexpectedPayload(let scene, let contract, let payloadType):
            return contract == .input
                ? "scene '\(scene)' declares no input, but a \(payloadType) was passed"
                : "scene '\(scene)' accepts no result, but a \(payloadType) was handed back; declare it with acceptingResult(_:into:)"
        case .missingInput(let scene, let inputType):
            return "scene '\(scene)' needs an input (\(inputType)), but none was passed; pass one with route(to:segue:passing:)"
        case .wiringMismatch(let scene, let part, let partType, let property, let expected):
            return "in scene '\(scene)', the \(part) \(partType) cannot be used as \(property), which expects \(expected)"
        case .nativeSignatureMismatch(let function, let declared, let requested):
            return "native function \(function) is declared as \(declared), but the scene asks for it as \(requested); make the Swift function type match the declared signature"
        case .nativeResultMismatch(let function, let expected):
            return "native function \(function) returned a value that is not of type \(expected)"
        case .serviceNotRegistered(let service, let registered):
            let list = registered.isEmpty ? "none is registered" : "registered: \(registered.joined(separator: ", "))"
            return "no service of type \(service) is registered (\(list)); register it with registry.register(\(service).self) { ... }"
        }
    }
}

extension FieldMismatch: CustomStringConvertible {
    /// This field's misfit as a clause.
    public var description: String {
        switch (expected, given) {
        case (nil, let given):
            return "field '\(field)' (\(given ?? "given")) is not part of it"
        case (let expected?, nil):
            return "field '\(field)' is missing (expected \(expected))"
        case (let expected?, let given?):
            return "field '\(field)': expected \(expected), given \(given)"
        }
    }
}
