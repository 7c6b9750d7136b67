/// A route written once: the destination scene's name and the type of data it passes, for the
/// `SceneDefinition` that declares it and the router that takes it.
///
/// Declare each route of a scene as a static member, then use it in both places, so a misspelt
/// name or a payload of another type is a compile error instead of a refused route at run time:
/// ```swift
/// extension Route where Payload == DetailInput {
///     static var detail: Self { Route("Detail") }
/// }
/// // the definition:  .route(.detail, handler: HomeRouter.routeToDetail)
/// // the router:      try route(to: .detail, segue: segue, passing: input)
/// ```
/// A route that passes nothing is a `Route<Void>`. The string forms (`route(to: "Detail", ...)`)
/// keep working; `scene-host check` reports a string route the router takes but the definition
/// does not declare.
public struct Route<Payload>: Sendable, Equatable {
    /// The destination scene's name, as registered by its plugin.
    public let destination: String

    public init(_ destination: String) {
        self.destination = destination
    }
}

extension SceneDefinition {
    /// Declares `route`, with the router's handler for it (a segue to its destination calls it).
    @inlinable
    public func route<Payload: Codable>(_ route: Route<Payload>, handler: @escaping @MainActor (R) -> (Segue?) throws -> Void) -> Self {
        self.route(to: route.destination, passing: Payload.self, handler: handler)
    }

    /// Declares `route`, which the router takes in code.
    @inlinable
    public func route<Payload: Codable>(_ route: Route<Payload>) -> Self {
        self.route(to: route.destination, passing: Payload.self)
    }

    /// Declares `route`, passing nothing, with the router's handler for it.
    @inlinable
    public func route(_ route: Route<Void>, handler: @escaping @MainActor (R) -> (Segue?) throws -> Void) -> Self {
        self.route(to: route.destination, handler: handler)
    }

    /// Declares `route`, passing nothing, which the router takes in code.
    @inlinable
    public func route(_ route: Route<Void>) -> Self {
        self.route(to: route.destination)
    }
}

extension RouterRole {
    /// Routes along `route`, passing `input` (of the route's declared type) into the destination's DataStore.
    @inlinable
    public func route<Payload: Encodable>(to route: Route<Payload>, segue: Segue?, style: NavigationStyle = .push, passing input: Payload) throws {
        try self.route(to: route.destination, segue: segue, style: style, passing: input)
    }

    /// Routes along `route`, which passes nothing.
    @inlinable
    public func route(to route: Route<Void>, segue: Segue?, style: NavigationStyle = .push) throws {
        try self.route(to: route.destination, segue: segue, style: style)
    }
}
