@_spi(SceneHost) import SceneSDK
import SceneHostCore
import SceneHostNative

/// The registry one plugin sees while it registers: collects its scenes and services, and
/// hands them to the container only when the whole registration succeeded.
///
/// Also the way to register scenes compiled into the host's own process (tests, benchmarks):
/// `register` them here, then `commit(into:)`.
@MainActor
package final class PluginScopedRegistry: SceneRegistry {
    package let plugin: PluginReference
    package private(set) var blueprints: [SceneBlueprint] = []
    private(set) var services: [(type: Any.Type, factory: @MainActor (any ServiceResolving) throws -> Any)] = []

    /// What the plugin reads as `settings` while it registers.
    package let settings: PluginSettings

    package init(plugin: PluginReference, settings: PluginSettings = PluginSettings()) {
        self.plugin = plugin
        self.settings = settings
    }

    package func register(_ blueprint: SceneBlueprint) throws {
        if blueprints.contains(where: { $0.name == blueprint.name }) {
            throw ContainerError.sceneRegisteredTwice(scene: blueprint.name, plugin: plugin)
        }
        blueprints.append(blueprint)
    }

    package func registerService(_ type: Any.Type, factory: @escaping @MainActor (any ServiceResolving) throws -> Any) {
        services.append((type, factory))
    }

    /// Moves everything into `container`; on a name clash nothing is moved. Services already
    /// registered (by the app, a test, or an earlier plugin) are kept.
    package func commit(into container: SceneContainer) throws {
        for blueprint in blueprints {
            if let existing = container.conflict(adding: blueprint.name, from: plugin) {
                throw ContainerError.duplicateScene(scene: blueprint.name, first: existing, second: plugin)
            }
        }
        for blueprint in blueprints { try container.add(blueprint, from: plugin) }
        for service in services { container.registerServiceIfAbsent(service.type, factory: service.factory) }
    }
}
