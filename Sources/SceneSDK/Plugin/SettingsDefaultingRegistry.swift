/// The host's registry as a plugin sees it while registering: the same scenes and services, with
/// its settings' declared defaults filled in (`PluginSettings.applyingDefaults(of:)`).
/// The testing kit registers plugins through it too.
@_spi(SceneTesting) @MainActor
public final class SettingsDefaultingRegistry: SceneRegistry {
    private let base: any SceneRegistry
    public let settings: PluginSettings

    public init(_ base: any SceneRegistry, declared: [SettingDeclaration]) {
        self.base = base
        self.settings = base.settings.applyingDefaults(of: declared)
    }

    public func register(_ blueprint: SceneBlueprint) throws {
        try base.register(blueprint)
    }

    public func registerService(_ type: Any.Type, factory: @escaping @MainActor (any ServiceResolving) throws -> Any) {
        base.registerService(type, factory: factory)
    }
}
