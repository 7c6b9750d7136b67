/// Where a plugin puts its scenes and services when the host loads it. Implemented by the host.
@MainActor
public protocol SceneRegistry: AnyObject {
    /// Adds a scene. Throws when a scene of the same name is already registered.
    func register(_ blueprint: SceneBlueprint) throws
    /// Adds (or replaces) the factory of a service, resolved by type through `ServiceResolving`.
    func registerService(_ type: Any.Type, factory: @escaping @MainActor (any ServiceResolving) throws -> Any)
    /// The plugin's `[plugins.NAME.settings]` from scenes.conf (empty when there are none).
    var settings: PluginSettings { get }
}

extension SceneRegistry {
    /// No settings: registries that do not come from a config (tests, tools).
    public var settings: PluginSettings { PluginSettings() }

    /// Adds a scene declared with `SceneDefinition`.
    ///
    /// Always inlined: plugins call it on `any SceneRegistry`, whose opened type keeps the
    /// optimizer from specializing a generic method of the protocol; inlined, the blueprint (the
    /// wiring run on every navigation) is specialized for the plugin's own four types.
    @inlinable @inline(__always)
    public func register<V, I, P, R>(_ definition: SceneDefinition<V, I, P, R>) throws {
        try register(definition.blueprint)
    }

    /// Adds (or replaces) the factory of a Worker or shared service.
    public func register<Service>(_ type: Service.Type, factory: @escaping @MainActor (any ServiceResolving) throws -> Service) {
        registerService(type) { resolver in try factory(resolver) }
    }
}
