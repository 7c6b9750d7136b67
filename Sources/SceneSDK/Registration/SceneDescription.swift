/// What a scene declares (name, input, results, routes, link), without any of its code.
///
/// The one declaration value of a scene: its `SceneBlueprint` carries it, the probe cache stores
/// it for a plugin not loaded yet, and the host's graph, `check`, `list` and `graph` work from it
/// alone. Host-only (SPI).
@_spi(SceneHost)
public struct SceneDescription: Equatable, Sendable {
    public let name: String
    public let input: ContractInfo?
    public let acceptedResult: ContractInfo?
    public let returnedResult: ContractInfo?
    public let routes: [DeclaredRoute]
    /// The scene's deep link, if it declares one.
    public let link: DeclaredLink?
    /// The slots of a container scene, in declared order; empty for any other scene.
    public let slots: [DeclaredSlot]

    public init(name: String, input: ContractInfo?, acceptedResult: ContractInfo?, returnedResult: ContractInfo?,
                routes: [DeclaredRoute], link: DeclaredLink? = nil, slots: [DeclaredSlot] = []) {
        self.name = name
        self.input = input
        self.acceptedResult = acceptedResult
        self.returnedResult = returnedResult
        self.routes = routes
        self.link = link
        self.slots = slots
    }
}
