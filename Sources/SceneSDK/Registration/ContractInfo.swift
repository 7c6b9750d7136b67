/// A declared payload type, as the host and `scene-host check` see it. Host-only (SPI).
@_spi(SceneHost)
public struct ContractInfo: Codable, Equatable, Sendable {
    /// The Swift type name.
    public let typeName: String
    /// Its fields and types.
    public let schema: PayloadSchema

    public init(typeName: String, schema: PayloadSchema) {
        self.typeName = typeName
        self.schema = schema
    }

    init<Value: Decodable>(_ type: Value.Type) {
        self.init(typeName: _typeName(type, qualified: false), schema: .of(type))
    }
}

/// A route a scene's router can take, as declared at registration. Host-only (SPI).
@_spi(SceneHost)
public struct DeclaredRoute: Codable, Equatable, Sendable {
    /// The destination scene's name.
    public let destination: String
    /// The handler's name (`routeTo<Destination>`), when the router handles segues to it.
    public let handlerName: String?
    /// What the route passes, if anything.
    public let payload: ContractInfo?
    /// How the router shows the destination in code, when the route declares it (a `Route` value
    /// does; a route declared by name does not, and the router may take it in any style).
    public let style: NavigationStyle?
    /// The container slot the route shows its destination in (`Route(_:style:slot:)`); nil: the
    /// source's own stack.
    public let slot: String?

    public init(destination: String, handlerName: String?, payload: ContractInfo?, style: NavigationStyle? = nil,
                slot: String? = nil) {
        self.destination = destination
        self.handlerName = handlerName
        self.payload = payload
        self.style = style
        self.slot = slot
    }
}

/// One route of a `SceneDefinition`, typed.
@MainActor @usableFromInline
struct RouteDeclaration<R: RouterRole> {
    let destination: String
    let payload: ContractInfo?
    let style: NavigationStyle?
    var slot: String? = nil
    let handler: (@MainActor (R) -> (Segue?) throws -> Void)?

    var declared: DeclaredRoute {
        DeclaredRoute(destination: destination, handlerName: handler.map { _ in RouteHandlerName.forDestination(destination) }, payload: payload, style: style,
                      slot: slot)
    }
}

/// A scene's declared returned result and how its router produces it.
@MainActor @usableFromInline
struct ReturnDeclaration<R: RouterRole> {
    let info: ContractInfo
    let produce: @MainActor (R) throws -> ScenePayload?
}
