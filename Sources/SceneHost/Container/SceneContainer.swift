@_spi(SceneHost) import SceneSDK

/// The host's dependency container: scenes by name (with the factories of their parts) and
/// services by type.
///
/// A scene is either loaded (its blueprint is here) or known only by its description, with its
/// plugin waiting to be loaded the first time one of its scenes is built (lazy loading). Plugins
/// fill it while they load; an app or a test may then replace a part's or a service's factory
/// to swap a Worker without touching the scene. Lookups are dictionary reads and one closure
/// call each.
@MainActor
public final class SceneContainer: ServiceResolving {
    /// A plugin's registered scene descriptions, shared by the entries of its scenes: a thousand
    /// plugins known by description add a small entry per scene, not a copy of each description
    /// (copying them was most of the cost of registering a recorded start).
    final class RegisteredPlugin {
        let reference: PluginReference
        let scenes: [SceneDescription]

        init(reference: PluginReference, scenes: [SceneDescription]) {
            self.reference = reference
            self.scenes = scenes
        }
    }

    /// A registered scene: its description is `owner.scenes[index]`.
    struct SceneEntry {
        let owner: RegisteredPlugin
        let index: Int

        var description: SceneDescription { owner.scenes[index] }
        var plugin: PluginReference { owner.reference }
    }

    private struct PartKey: Hashable {
        let scene: String
        let part: ScenePart
    }

    private var scenes: [String: SceneEntry] = [:]
    /// The blueprints of loaded scenes (kept apart from `scenes`, whose entries stay small).
    private var blueprints: [String: SceneBlueprint] = [:]
    private var parts: [PartKey: @MainActor (any ServiceResolving) throws -> AnyObject] = [:]
    private var services: [ObjectIdentifier: (name: String, factory: @MainActor (any ServiceResolving) throws -> Any)] = [:]
    /// Loads a plugin known by description only, by its path.
    private var pendingLoads: [String: @MainActor () throws -> Void] = [:]
    /// Scenes built so far with their factories; an entry goes whenever its scene or a factory changes.
    private var buildable: [String: BuildableScene] = [:]
    /// Plugins refused for this run (by config name): building any of their scenes throws this error.
    private var refused: [String: any Error] = [:]
    /// Native functions of loaded plugins, by `PLUGIN.FUNCTION` (SceneContainer+Native.swift).
    var nativeFunctions: [String: NativeFunction] = [:]

    public init() {}

    /// Registered scene names, sorted.
    public var sceneNames: [String] { scenes.keys.sorted() }

    /// How many scenes are registered (without sorting their names).
    public var sceneCount: Int { scenes.count }

    /// The name of the plugin that registered each scene.
    public var pluginNamesByScene: [String: String] { scenes.mapValues(\.plugin.name) }

    /// How many service types are registered.
    var serviceCount: Int { services.count }

    /// What `scene` declares, loaded or not.
    public func description(of scene: String) -> SceneDescription? { scenes[scene]?.description }

    /// The plugin that registered `scene`, if any.
    public func plugin(registering scene: String) -> PluginReference? { scenes[scene]?.plugin }

    /// The blueprint of `scene`, loading its plugin first if it is not loaded yet; nil when no
    /// plugin registers `scene`.
    public func blueprint(named scene: String) throws -> SceneBlueprint? {
        if let blueprint = blueprints[scene] { return blueprint }
        guard let entry = scenes[scene] else { return nil }
        if let load = pendingLoads.removeValue(forKey: entry.plugin.path) {
            try load()
        }
        return blueprints[scene]
    }

    /// `scene`'s blueprint and part factories, loading its plugin first if needed; nil when no
    /// plugin registers it. A missing factory is `unknownScene`, as `resolvePart` reports it.
    func buildableScene(named scene: String) throws -> BuildableScene? {
        if !refused.isEmpty, let plugin = scenes[scene]?.plugin, let error = refused[plugin.name] { throw error }
        if let ready = buildable[scene] { return ready }
        guard let blueprint = try blueprint(named: scene) else { return nil }
        func factory(_ part: ScenePart) throws -> BuildableScene.Factory {
            guard let factory = parts[PartKey(scene: scene, part: part)] else {
                throw ContainerError.unknownScene(scene: scene, requestedBy: "the container", registered: sceneNames)
            }
            return factory
        }
        let ready = BuildableScene(blueprint: blueprint, viewController: try factory(.viewController), interactor: try factory(.interactor),
                                   presenter: try factory(.presenter), router: try factory(.router))
        buildable[scene] = ready
        return ready
    }

    /// The plugin that already holds `scene`, when `plugin` may not add it: another plugin's
    /// scene, or a loaded one. A plugin's own placeholder (from `addPending`) does not count.
    func conflict(adding scene: String, from plugin: PluginReference) -> PluginReference? {
        guard let existing = scenes[scene], existing.plugin.path != plugin.path || blueprints[scene] != nil else { return nil }
        return existing.plugin
    }

    /// Adds a loaded scene and its part factories; a name already taken by another plugin is
    /// `duplicateScene`. The plugin's own placeholder (from `addPending`) is replaced.
    public func add(_ blueprint: SceneBlueprint, from plugin: PluginReference) throws {
        if let existing = conflict(adding: blueprint.name, from: plugin) {
            throw ContainerError.duplicateScene(scene: blueprint.name, first: existing, second: plugin)
        }
        scenes[blueprint.name] = SceneEntry(owner: RegisteredPlugin(reference: plugin, scenes: [SceneDescription(blueprint)]), index: 0)
        blueprints[blueprint.name] = blueprint
        buildable[blueprint.name] = nil
        for (part, factory) in blueprint.factories {
            parts[PartKey(scene: blueprint.name, part: part)] = factory
        }
    }

    /// Makes room for the scenes of `plugins` plugins about to be added, so a thousand `addPending`s
    /// do not grow the tables step by step (a resize copies every entry). Most plugins have one to
    /// three scenes; more only costs the resizes this saves.
    public func reserveCapacity(plugins: Int) {
        scenes.reserveCapacity(scenes.count + 3 * plugins)
        pendingLoads.reserveCapacity(pendingLoads.count + plugins)
    }

    /// Adds the scenes of a plugin that is not loaded yet; `load` loads it (and calls `add`) the
    /// first time one of them is built. A name already taken is `duplicateScene`; nothing is added then.
    public func addPending(_ metadata: PluginMetadata, from plugin: PluginReference, load: @escaping @MainActor () throws -> Void) throws {
        let owner = RegisteredPlugin(reference: plugin, scenes: metadata.scenes)
        // One hash per scene: each name is added and checked in one step, and taken back if one is taken.
        for (index, scene) in metadata.scenes.enumerated() {
            if let existing = scenes.updateValue(SceneEntry(owner: owner, index: index), forKey: scene.name) {
                for added in metadata.scenes[..<index] { scenes[added.name] = nil }
                if existing.owner !== owner { scenes[scene.name] = existing }
                throw ContainerError.duplicateScene(scene: scene.name, first: existing.plugin, second: plugin)
            }
            // Nothing is built while an app starts: no look-up per scene then.
            if !buildable.isEmpty { buildable[scene.name] = nil }
        }
        pendingLoads[plugin.path] = load
    }

    /// Refuses the plugin named `plugin` in the config for the rest of the run: building any of its
    /// scenes throws `error` (a scene worker told its plugin crashed it too often).
    public func refuse(pluginNamed plugin: String, with error: any Error) {
        refused[plugin] = error
    }

    /// Replaces the factory of one part of a registered scene (e.g. a test's presenter double).
    /// The part must still fit its neighbours; wiring checks it on every build.
    public func replacePart(_ part: ScenePart, of scene: String, factory: @escaping @MainActor (any ServiceResolving) throws -> AnyObject) {
        parts[PartKey(scene: scene, part: part)] = factory
        buildable[scene] = nil
    }

    /// Builds one part of `scene` from its registered factory.
    public func resolvePart(_ part: ScenePart, of scene: String) throws -> AnyObject {
        guard let factory = parts[PartKey(scene: scene, part: part)] else {
            throw ContainerError.unknownScene(scene: scene, requestedBy: "the container", registered: sceneNames)
        }
        return try factory(self)
    }

    /// Adds the factory of a service unless one is registered: a plugin's default Worker does
    /// not replace one the app or a test registered, even when the plugin loads later.
    func registerServiceIfAbsent(_ type: Any.Type, factory: @escaping @MainActor (any ServiceResolving) throws -> Any) {
        guard services[ObjectIdentifier(type)] == nil else { return }
        registerService(type, factory: factory)
    }

    /// Drops everything the plugins made or handed over (part factories, blueprints, services,
    /// native functions), so those objects are freed and their `deinit`s run now; the scene
    /// descriptions, pending loads and plugin references (the host's own data) stay.
    ///
    /// For a process about to end without freeing the rest (`SceneApp.releasePluginObjects`).
    public func releasePluginObjects() {
        parts = [:]
        services = [:]
        buildable = [:]
        nativeFunctions = [:]
        blueprints = [:]
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
