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
/// A route may declare how the router shows its destination in code: `Route("Settings", style:
/// .present)`. `scene-host list` and `graph` then show it, and the host refuses the router taking
/// the route in another style (a segue's style is the config's). A route without a style declares
/// none: the router takes it in the style it passes (`.push` unless it passes one).
/// A route that passes nothing is a `Route<Void>`. The string forms (`route(to: "Detail", ...)`)
/// keep working; `scene-host check` reports a string route the router takes but the definition
/// does not declare.
public struct Route<Payload>: Sendable, Equatable {
    /// The destination scene's name, as registered by its plugin.
    public let destination: String
    /// How the router shows the destination when it takes the route in code; nil: not declared.
    public let style: NavigationStyle?
    /// The slot of the source's container the destination is shown in (`SceneDefinition.tab`,
    /// `.pane`): the router pushes into that slot's stack (`.push`) or makes the scene its only
    /// one (`.replace`, a split view's "show detail"), and the slot is selected. Nil: the source's
    /// own stack, as every route without containers.
    public let slot: String?

    public init(_ destination: String, style: NavigationStyle? = nil, slot: String? = nil) {
        self.destination = destination
        self.style = style
        self.slot = slot
    }
}

extension SceneDefinition {
    // Not inlinable: a declaration runs once, at registration, and its record (with the route's
    // style) stays internal to the SDK.

    /// Declares `route`, with the router's handler for it (a segue to its destination calls it).
    public func route<Payload: Codable>(_ route: Route<Payload>, handler: @escaping @MainActor (R) -> (Segue?) throws -> Void) -> Self {
        adding(RouteDeclaration(destination: route.destination, payload: ContractInfo(Payload.self), style: route.style, slot: route.slot, handler: handler))
    }

    /// Declares `route`, which the router takes in code.
    public func route<Payload: Codable>(_ route: Route<Payload>) -> Self {
        adding(RouteDeclaration(destination: route.destination, payload: ContractInfo(Payload.self), style: route.style, slot: route.slot, handler: nil))
    }

    /// Declares `route`, passing nothing, with the router's handler for it.
    public func route(_ route: Route<Void>, handler: @escaping @MainActor (R) -> (Segue?) throws -> Void) -> Self {
        adding(RouteDeclaration(destination: route.destination, payload: nil, style: route.style, slot: route.slot, handler: handler))
    }

    /// Declares `route`, passing nothing, which the router takes in code.
    public func route(_ route: Route<Void>) -> Self {
        adding(RouteDeclaration(destination: route.destination, payload: nil, style: route.style, slot: route.slot, handler: nil))
    }
}

extension RouterRole {
    /// Routes along `route`, passing `input` (of the route's declared type) into the destination's DataStore.
    ///
    /// In code the destination is shown in the route's declared style; a `style` other than it is
    /// refused by the host (`nil`, the default, takes the route's, else `.push`). With a `segue`,
    /// the segue's style applies.
    /// A route into a container's slot (`Route(_:style:slot:)`) is taken in code only: with a
    /// `segue`, the segue's own style and stack apply.
    @inlinable
    public func route<Payload: Encodable>(to route: Route<Payload>, segue: Segue?, style: NavigationStyle? = nil, passing input: Payload) throws {
        if let slot = route.slot, segue == nil {
            try self.route(to: route.destination, inSlot: slot, style: style ?? route.style ?? .push, payload: ScenePayload(input))
            return
        }
        try self.route(to: route.destination, segue: segue, style: style ?? route.style ?? .push, passing: input)
    }

    /// Routes along `route`, which passes nothing, in its style (as the form passing data).
    @inlinable
    public func route(to route: Route<Void>, segue: Segue?, style: NavigationStyle? = nil) throws {
        if let slot = route.slot, segue == nil {
            try self.route(to: route.destination, inSlot: slot, style: style ?? route.style ?? .push, payload: nil)
            return
        }
        try self.route(to: route.destination, segue: segue, style: style ?? route.style ?? .push)
    }
}
