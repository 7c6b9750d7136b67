/// A plugin: a name, a version and one registration point listing its scenes.
///
/// Export it from the plugin with one line:
/// ```swift
/// @_cdecl("scene_plugin_entry") public func scenePluginEntry() -> UnsafeRawPointer { HomePlugin.exportDescriptor() }
/// ```
public protocol ScenePlugin {
    /// The plugin's name, shown in messages and `scene-host list`.
    static var name: String { get }
    /// The plugin's own version, free form.
    static var version: String { get }
    /// The settings it takes in `[plugins.NAME.settings]`: the host refuses a config that sets
    /// another key or a value of another type before any scene runs. None unless declared.
    static var settings: [SettingDeclaration] { get }
    /// State it keeps in its scene worker's memory that every user should see alike
    /// (`InMemoryState`): `check` reports it, and `serve` warns when it runs several workers.
    /// None unless declared.
    static var inMemoryState: InMemoryState? { get }
    /// What its code needs beyond the sandbox (`PluginPermission`): each must also be granted in the
    /// config, or the calls fail with EPERM. None unless declared.
    static var permissions: [PluginPermission] { get }
    /// Registers the plugin's scenes and services. Called once, on the main actor.
    @MainActor static func register(in registry: any SceneRegistry) throws
}

extension ScenePlugin {
    /// No settings: a config that gives the plugin any is refused.
    public static var settings: [SettingDeclaration] { [] }

    /// No state in memory that users share.
    public static var inMemoryState: InMemoryState? { nil }

    /// Nothing beyond the sandbox.
    public static var permissions: [PluginPermission] { [] }
}
