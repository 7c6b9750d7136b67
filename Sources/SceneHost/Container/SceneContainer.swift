import SceneSDK

/// The host's dependency container: scenes by name (with the factories of their parts) and
/// services by type.
///
/// Plugins fill it while they load; an app or a test may then replace a part's or a service's
/// factory to swap a Worker without touching the scene. Lookups are dictionary reads and one
/// closure call each.
@MainActor
public final class SceneContainer: ServiceResolving {
    struct SceneEntry {
        let blueprint: SceneBlueprint
        let plugin: PluginReference
    }

    private struct PartKey: Hashable {
        let scene: String
        let part: ScenePart
    }

    private var scenes: [String: SceneEntry] = [:]
    private var parts: [PartKey: @MainActor (any ServiceResolving) throws -> AnyObject] = [:]
    private var services: [ObjectIdentifier: (name: String, factory: @MainActor (any ServiceResolving) throws -> Any)] = [:]

    public init() {}

    /// Registered scene names, sorted.
    public var sceneNames: [String] { scenes.keys.sorted() }

    /// The blueprint of `scene`, if registered.
    public func blueprint(named scene: String) -> SceneBlueprint? { scenes[scene]?.blueprint }

    /// The plugin that registered `scene`, if any.
    public func plugin(registering scene: String) -> PluginReference? { scenes[scene]?.plugin }

    /// Adds a scene and its part factories; a name already taken is `duplicateScene`.
    public func add(_ blueprint: SceneBlueprint, from plugin: PluginReference) throws {
        if let existing = scenes[blueprint.name] {
            throw HostError.duplicateScene(scene: blueprint.name, first: existing.plugin, second: plugin)
        }
        scenes[blueprint.name] = SceneEntry(blueprint: blueprint, plugin: plugin)
        for (part, factory) in blueprint.factories {
            parts[PartKey(scene: blueprint.name, part: part)] = factory
        }
    }

    /// Replaces the factory of one part of a registered scene (e.g. a test's presenter double).
    /// The part must still fit its neighbours; wiring checks it on every build.
    public func replacePart(_ part: ScenePart, of scene: String, factory: @escaping @MainActor (any ServiceResolving) throws -> AnyObject) {
        parts[PartKey(scene: scene, part: part)] = factory
    }

    /// Builds one part of `scene` from its registered factory.
    public func resolvePart(_ part: ScenePart, of scene: String) throws -> AnyObject {
        guard let factory = parts[PartKey(scene: scene, part: part)] else {
            throw HostError.unknownScene(scene: scene, requestedBy: "the container", registered: sceneNames)
        }
        return try factory(self)
    }

    /// Adds or replaces the factory of a service.
    public func registerService(_ type: Any.Type, factory: @escaping @MainActor (any ServiceResolving) throws -> Any) {
        services[ObjectIdentifier(type)] = (String(describing: type), factory)
    }

    /// Adds or replaces the factory of a service, typed.
    public func register<Service>(_ type: Service.Type, factory: @escaping @MainActor (any ServiceResolving) throws -> Service) {
        registerService(type) { resolver in try factory(resolver) }
    }

    public func resolve<Service>(_ type: Service.Type) throws -> Service {
        guard let entry = services[ObjectIdentifier(type)] else {
            throw SceneError.serviceNotRegistered(service: String(describing: type), registered: services.values.map(\.name).sorted())
        }
        let instance = try entry.factory(self)
        guard let typed = instance as? Service else {
            throw SceneError.serviceNotRegistered(service: String(describing: type), registered: services.values.map(\.name).sorted())
        }
        return typed
    }
}
