@_spi(SceneHost) import SceneSDK
import SceneHostCore

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
    ///
    /// Several plugins may register one service (each that uses it, so each works alone); the
    /// first registration serves them all. They must then agree on every setting they both set,
    /// or one plugin's value would silently go unused: `serviceSettingsDiffer`, and nothing is moved.
    package func commit(into container: SceneContainer) throws {
        for blueprint in blueprints {
            if let existing = container.conflict(adding: blueprint.name, from: plugin) {
                throw ContainerError.duplicateScene(scene: blueprint.name, first: existing, second: plugin)
            }
        }
        for service in services {
            guard let owner = container.serviceOwner(service.type), owner.plugin.name != plugin.name else { continue }
            for key in settings.values.keys.sorted() {
                guard let mine = settings.values[key], let theirs = owner.settings.values[key], mine != theirs else {
                    continue
                }
                throw ContainerError.serviceSettingsDiffer(
                    service: String(describing: service.type), first: owner.plugin, second: plugin, key: key,
                    firstValue: Self.text(theirs), secondValue: Self.text(mine))
            }
        }
        for blueprint in blueprints { try container.add(blueprint, from: plugin) }
        for service in services {
            container.registerServiceIfAbsent(service.type, owner: (plugin, settings), factory: service.factory)
        }
    }

    /// A setting's value as scenes.conf writes it.
    private static func text(_ value: PluginSettings.Value) -> String {
        switch value {
        case .string(let text): return "\"\(text)\""
        case .integer(let number): return String(number)
        case .number(let number): return String(number)
        case .boolean(let flag): return String(flag)
        }
    }
}
