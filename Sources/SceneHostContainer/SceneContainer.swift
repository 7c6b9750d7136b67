@_spi(SceneHost) import SceneSDK
import SceneHostCore
import SceneHostNative

/// The host's dependency container: scenes by name (with the factories of their parts) and
/// services by type.
///
/// A scene is either loaded (its blueprint is here) or known only by its description, with its
/// plugin waiting to be loaded the first time one of its scenes is built (lazy loading). Plugins
/// fill it while they load; an app or a test may then replace a part's or a service's factory
/// to swap a Worker without touching the scene. Lookups are dictionary reads and one closure
/// call each.
@MainActor
package final class SceneContainer: ServiceResolving {
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
    private var services: [ObjectIdentifier: (name: String, factory: @MainActor (any ServiceResolving) throws -> Any)] =
        [:]
    /// Which plugin registered each service that a plugin registered (`serviceOwner`).
    private var serviceOwners: [ObjectIdentifier: (plugin: PluginReference, settings: PluginSettings)] = [:]
    /// Loads a plugin known by description only, by its path.
    private var pendingLoads: [String: @MainActor () throws -> Void] = [:]
    /// How each scene built so far is built: its blueprint's typed build, or, once a part factory
    /// was replaced, the current factories and the blueprint's wiring. An entry goes whenever its
    /// scene or a factory changes, so a navigation hashes the scene's name once, not five times.
    private var builders: [String: Builder] = [:]
    /// Scenes one of whose part factories was replaced (`replacePart`): built from `parts`, not by
    /// their blueprint's own typed build.
    private var replacedParts: Set<String> = []
    /// Plugins refused for this run (by config name): building any of their scenes throws this error.
    private var refused: [String: any Error] = [:]
    /// Native functions of loaded plugins, by `PLUGIN.FUNCTION` (SceneContainer+Native.swift).
    package var nativeFunctions: [String: NativeFunction] = [:]
    /// Plugins known from a checked start and registered when first needed (`addDeferred`).
    private var deferred: DeferredPlugins?
    /// Scenes of deferred plugins whose registration failed, with the error building them throws.
    private var unregistered: [String: any Error] = [:]

    /// A container with the host's own services: the wall clock scenes read (`SceneClock`), the
    /// system's or one `[host] clock` pins. Registered first, so a plugin's registration of the same
    /// type never replaces it.
    package init(clock: SceneClock = .system) {
        register(SceneClock.self) { _ in clock }
    }

    /// How many services the host registers itself (`init`): not counted as a plugin's.
    private static let hostServices = 1

    /// Registered scene names, sorted.
    package var sceneNames: [String] {
        registerDeferred()
        return scenes.keys.sorted()
    }

    /// How many scenes are registered (without sorting their names), deferred ones included.
    package var sceneCount: Int { scenes.count + (deferred?.waitingScenes ?? 0) }

    /// The name of the plugin that registered each scene.
    var pluginNamesByScene: [String: String] {
        registerDeferred()
        return scenes.mapValues(\.plugin.name)
    }

    /// The config name of the plugin of a scene, as a function other threads may call: the
    /// registered scenes as they are now, then a pass over the deferred descriptions (a worker's
    /// fault names the plugin; registering a thousand plugins for that is not needed).
    package var sceneOwners: @Sendable (String) -> String? {
        var owners: [String: String] = [:]
        owners.reserveCapacity(scenes.count)
        for (scene, entry) in scenes { owners[scene] = entry.plugin.name }
        var plugins: [(String, [String])] = []
        if let deferred {
            let positions = deferred.waiting
            plugins.reserveCapacity(positions.count)
            for index in positions { plugins.append((deferred.names[index], deferred.sceneNames[index])) }
        }
        let registered = owners, waiting = plugins
        return { scene in
            registered[scene] ?? waiting.first { $0.1.contains(scene) }?.0
        }
    }

    /// How many service types the plugins registered (the host's own are not counted).
    package var serviceCount: Int { max(0, services.count - Self.hostServices) }

    /// What `scene` declares, loaded or not.
    package func description(of scene: String) -> SceneDescription? {
        registerDeferred(declaring: scene)
        return scenes[scene]?.description
    }

    /// The plugin that registered `scene`, if any.
    package func plugin(registering scene: String) -> PluginReference? {
        registerDeferred(declaring: scene)
        return scenes[scene]?.plugin
    }

    /// Adds plugins known by their recorded scene names (`sceneNames`, with their config `names`),
    /// each registered by `register(container, index)` — which adds its scenes with `addPending` —
    /// the first time one of its scenes is asked for, and all of them when the whole table is.
    ///
    /// For a start the start-up cache answered for: it was checked with these plugins, so their
    /// scene names do not collide. Should a registration fail all the same, the plugin is refused
    /// for the run with that error (`refuse`): building its scenes reports it.
    package func addDeferred(
        sceneNames: [[String]], names: [String], register: @escaping @MainActor (SceneContainer, Int) throws -> Void
    ) {
        registerDeferred()
        guard !sceneNames.isEmpty else { return }
        deferred = DeferredPlugins(sceneNames: sceneNames, names: names, register: register)
    }

    /// `addDeferred(sceneNames:names:register:)` for `count` plugins whose names are made by
    /// `table` only when first needed: a scene worker's first screen needs none.
    package func addDeferred(
        count: Int, table: @escaping @MainActor () -> DeferredPlugins.Table,
        register: @escaping @MainActor (SceneContainer, Int) throws -> Void
    ) {
        registerDeferred()
        guard count > 0 else { return }
        deferred = DeferredPlugins(count: count, table: table, register: register)
    }

    /// Registers every deferred plugin now.
    private func registerDeferred() {
        guard let waiting = deferred else { return }
        // Cleared first: the registrations add through `addPending`, which comes back here.
        deferred = nil
        let plugins = waiting.waiting
        scenes.reserveCapacity(scenes.count + waiting.waitingScenes)
        pendingLoads.reserveCapacity(pendingLoads.count + plugins.count)
        for index in plugins { keep(waiting.registerOne(index, into: self), of: waiting, index) }
    }

    /// Registers the deferred plugin declaring `scene`, when `scene` is not registered yet.
    private func registerDeferred(declaring scene: String) {
        guard let waiting = deferred, scenes[scene] == nil else { return }
        switch waiting.scan(for: scene) {
        case .exhausted:
            registerDeferred()
        case .absent:
            return
        case .found(let index):
            deferred = nil
            keep(waiting.registerOne(index, into: self), of: waiting, index)
            deferred = waiting.isEmpty ? nil : waiting
        }
    }

    /// Keeps a deferred plugin's failed registration: its plugin is refused, and building any of
    /// the scenes it declares throws the error (they were never added).
    private func keep(_ failure: (any Error)?, of waiting: DeferredPlugins, _ index: Int) {
        guard let failure else { return }
        refused[waiting.names[index]] = failure
        for scene in waiting.sceneNames[index] where scenes[scene] == nil { unregistered[scene] = failure }
    }

    /// The blueprint of `scene`, loading its plugin first if it is not loaded yet; nil when no
    /// plugin registers `scene`.
    package func blueprint(named scene: String) throws -> SceneBlueprint? {
        if let blueprint = blueprints[scene] { return blueprint }
        registerDeferred(declaring: scene)
        guard let entry = scenes[scene] else { return nil }
        if let load = pendingLoads.removeValue(forKey: entry.plugin.path) {
            try load()
        }
        return blueprints[scene]
    }

    /// Builds a ready scene (its parts made and wired) for a navigator.
    package typealias Builder = @MainActor (any ServiceResolving, any SceneNavigating) throws -> AssembledScene

    /// How to build `scene` with the current factories, loading its plugin first if needed; nil when
    /// no plugin registers it. A missing factory is `unknownScene`, as `resolvePart` reports it.
    package func builder(named scene: String) throws -> Builder? {
        registerDeferred(declaring: scene)
        if !unregistered.isEmpty, let error = unregistered[scene] { throw error }
        if !refused.isEmpty, let plugin = scenes[scene]?.plugin, let error = refused[plugin.name] { throw error }
        if let ready = builders[scene] { return ready }
        guard let blueprint = try blueprint(named: scene) else { return nil }
        let ready: Builder
        if replacedParts.contains(scene) {
            func factory(_ part: ScenePart) throws -> @MainActor (any ServiceResolving) throws -> AnyObject {
                guard let factory = parts[PartKey(scene: scene, part: part)] else {
                    throw ContainerError.unknownScene(
                        scene: scene, requestedBy: "the container", registered: sceneNames)
                }
                return factory
            }
            let (viewController, interactor, presenter, router) = (
                try factory(.viewController), try factory(.interactor),
                try factory(.presenter), try factory(.router)
            )
            // In the container's order; the blueprint's wiring checks every part's type.
            ready = { resolver, navigator in
                try blueprint.assemble(
                    viewController: try viewController(resolver), interactor: try interactor(resolver),
                    presenter: try presenter(resolver), router: try router(resolver), navigator: navigator)
            }
        } else {
            // The blueprint's own factories: made and wired typed, no part erased and cast back.
            ready = { resolver, navigator in try blueprint.build(resolver: resolver, navigator: navigator) }
        }
        builders[scene] = ready
        return ready
    }

    /// The plugin that already holds `scene`, when `plugin` may not add it: another plugin's
    /// scene, or a loaded one. A plugin's own placeholder (from `addPending`) does not count.
    package func conflict(adding scene: String, from plugin: PluginReference) -> PluginReference? {
        registerDeferred(declaring: scene)
        guard let existing = scenes[scene], existing.plugin.path != plugin.path || blueprints[scene] != nil else {
            return nil
        }
        return existing.plugin
    }

    /// Adds a loaded scene and its part factories; a name already taken by another plugin is
    /// `duplicateScene`. The plugin's own placeholder (from `addPending`) is replaced.
    package func add(_ blueprint: SceneBlueprint, from plugin: PluginReference) throws {
        if let existing = conflict(adding: blueprint.name, from: plugin) {
            throw ContainerError.duplicateScene(scene: blueprint.name, first: existing, second: plugin)
        }
        scenes[blueprint.name] = SceneEntry(
            owner: RegisteredPlugin(reference: plugin, scenes: [blueprint.declared]), index: 0)
        blueprints[blueprint.name] = blueprint
        builders[blueprint.name] = nil
        replacedParts.remove(blueprint.name)
        for (part, factory) in blueprint.factories {
            parts[PartKey(scene: blueprint.name, part: part)] = factory
        }
    }

    /// Makes room for the scenes of `plugins` plugins about to be added, so a thousand `addPending`s
    /// do not grow the tables step by step (a resize copies every entry). Most plugins have one to
    /// three scenes; more only costs the resizes this saves.
    package func reserveCapacity(plugins: Int) {
        scenes.reserveCapacity(scenes.count + 3 * plugins)
        pendingLoads.reserveCapacity(pendingLoads.count + plugins)
    }

    /// Adds the scenes of a plugin that is not loaded yet; `load` loads it (and calls `add`) the
    /// first time one of them is built. A name already taken is `duplicateScene`; nothing is added then.
    package func addPending(
        _ metadata: PluginMetadata, from plugin: PluginReference, load: @escaping @MainActor () throws -> Void
    ) throws {
        registerDeferred()
        let owner = RegisteredPlugin(reference: plugin, scenes: metadata.scenes)
        // One hash per scene: each name is added and checked in one step, and taken back if one is taken.
        for (index, scene) in metadata.scenes.enumerated() {
            if let existing = scenes.updateValue(SceneEntry(owner: owner, index: index), forKey: scene.name) {
                for added in metadata.scenes[..<index] { scenes[added.name] = nil }
                if existing.owner !== owner { scenes[scene.name] = existing }
                throw ContainerError.duplicateScene(scene: scene.name, first: existing.plugin, second: plugin)
            }
            // Nothing is built while an app starts: no look-up per scene then.
            if !builders.isEmpty { builders[scene.name] = nil }
        }
        pendingLoads[plugin.path] = load
    }

    /// Refuses the plugin named `plugin` in the config for the rest of the run: building any of its
    /// scenes throws `error` (a scene worker told its plugin crashed it too often).
    package func refuse(pluginNamed plugin: String, with error: any Error) {
        refused[plugin] = error
    }

    /// Replaces the factory of one part of a registered scene (e.g. a test's presenter double).
    /// The part must still fit its neighbours; wiring checks it on every build.
    func replacePart(
        _ part: ScenePart, of scene: String, factory: @escaping @MainActor (any ServiceResolving) throws -> AnyObject
    ) {
        parts[PartKey(scene: scene, part: part)] = factory
        replacedParts.insert(scene)
        builders[scene] = nil
    }

    /// Builds one part of `scene` from its registered factory.
    package func resolvePart(_ part: ScenePart, of scene: String) throws -> AnyObject {
        guard let factory = parts[PartKey(scene: scene, part: part)] else {
            throw ContainerError.unknownScene(scene: scene, requestedBy: "the container", registered: sceneNames)
        }
        return try factory(self)
    }

    /// Adds the factory of a service unless one is registered: a plugin's default Worker does
    /// not replace one the app or a test registered, even when the plugin loads later.
    func registerServiceIfAbsent(
        _ type: Any.Type, owner: (plugin: PluginReference, settings: PluginSettings)? = nil,
        factory: @escaping @MainActor (any ServiceResolving) throws -> Any
    ) {
        guard services[ObjectIdentifier(type)] == nil else { return }
        registerService(type, factory: factory)
        if let owner { serviceOwners[ObjectIdentifier(type)] = owner }
    }

    /// The plugin whose registration of `type` serves the app, with the settings it was given
    /// (nil: none, or the app or a test registered it).
    func serviceOwner(_ type: Any.Type) -> (plugin: PluginReference, settings: PluginSettings)? {
        serviceOwners[ObjectIdentifier(type)]
    }

    /// Drops everything the plugins made or handed over (part factories, blueprints, services,
    /// native functions), so those objects are freed and their `deinit`s run now; the scene
    /// descriptions, pending loads and plugin references (the host's own data) stay.
    ///
    /// For a process about to end without freeing the rest (`SceneApp.releasePluginObjects`).
    package func releasePluginObjects() {
        parts = [:]
        replacedParts = []
        services = [:]
        serviceOwners = [:]
        builders = [:]
        nativeFunctions = [:]
        blueprints = [:]
    }

    /// Adds or replaces the factory of a service.
    package func registerService(_ type: Any.Type, factory: @escaping @MainActor (any ServiceResolving) throws -> Any) {
        services[ObjectIdentifier(type)] = (String(describing: type), factory)
        serviceOwners[ObjectIdentifier(type)] = nil
    }

    /// Adds or replaces the factory of a service, typed.
    package func register<Service>(
        _ type: Service.Type, factory: @escaping @MainActor (any ServiceResolving) throws -> Service
    ) {
        registerService(type) { resolver in try factory(resolver) }
    }

    package func resolve<Service>(_ type: Service.Type) throws -> Service {
        guard let entry = services[ObjectIdentifier(type)] else {
            throw SceneError.serviceNotRegistered(
                service: String(describing: type), registered: services.values.map(\.name).sorted())
        }
        let instance = try entry.factory(self)
        guard let typed = instance as? Service else {
            throw SceneError.serviceNotRegistered(
                service: String(describing: type), registered: services.values.map(\.name).sorted())
        }
        return typed
    }
}
