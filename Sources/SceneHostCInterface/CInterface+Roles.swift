extension CInterface {
    /// The destination a route handler's pattern names.
    package static let destinationPattern = "<Destination>"

    /// Every role of a C scene: the catalogue's, then the route handler's pattern
    /// (`Router_routeTo<Destination>WithSegue`).
    package static var roles: [CRole] {
        CRole.catalogue + [CRole.routeHandler(toward: destinationPattern)]
    }
}

extension CRole.Requirement {
    /// Whether a role of this requirement takes the fields of a declared type after its parameters
    /// (the input's, the accepted result's).
    package var takesFields: Bool {
        switch self {
        case .withInput, .withAcceptedResult: return true
        case .always, .withReturnedResult, .optional: return false
        }
    }
}
