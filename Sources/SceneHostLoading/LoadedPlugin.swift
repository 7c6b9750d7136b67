@_spi(SceneHost) import SceneSDK
import SceneHostCore
import SceneHostNative
import SceneHostContainer
import SceneHostConfig

/// A plugin the host loaded and registered.
package struct LoadedPlugin: Sendable {
    /// Its table name in the config.
    package let configName: String
    /// The name and version it reports in its descriptor.
    package let name: String
    package let version: String
    package let sdkVersion: SemanticVersion
    /// The SceneSDK fingerprint compiled into it: always the host's, or it would not have loaded.
    package let sdkFingerprint: String
    package let swiftVersion: String
    /// The resolved file path.
    package let path: String
    /// The scenes it registered, sorted.
    package let scenes: [String]
    /// The native functions it declares (`scene_native_functions`), in table order.
    package var nativeFunctions: [NativeDeclaration] = []
    /// Its `[plugins.NAME.settings]`, in file order.
    package var settings: [PluginSetting] = []
    /// The settings it declares (`ScenePlugin.settings`), in its order.
    package var settingDeclarations: [SettingDeclaration] = []
    /// The state it declares it keeps in its scene worker's memory (`ScenePlugin.inMemoryState`).
    package var inMemoryState: InMemoryState?
    /// What it declares it needs beyond the sandbox (`ScenePlugin.permissions`).
    package var permissions: [PluginPermission] = []
    /// What the config grants it (`grant = [...]`), each one it declares.
    package var grants: [PluginPermission] = []
}

extension LoadedPlugin {
    /// The plugin `entry` as its probe described it (`metadata`): what a lazily prepared plugin is
    /// known as before (or without) being opened.
    package init(_ entry: PluginEntry, describedBy metadata: PluginMetadata) {
        self.init(
            configName: entry.name, name: metadata.name, version: metadata.version, sdkVersion: metadata.sdkVersion,
            sdkFingerprint: metadata.sdkFingerprint, swiftVersion: metadata.swiftVersion, path: entry.resolvedPath,
            scenes: metadata.scenes.map(\.name), nativeFunctions: metadata.nativeFunctions ?? [],
            settings: entry.settings,
            settingDeclarations: metadata.settings, inMemoryState: metadata.inMemoryState,
            permissions: metadata.permissions, grants: entry.grants)
    }
}

extension LoadedPlugin {
    /// The plugin `entry` as its summary in the start-up cache describes it: one that declares no
    /// settings, no native functions and no in-memory state (`PluginSummary.isPlain`), registered
    /// from its record.
    package init(_ entry: PluginEntry, summarizedBy summary: PluginSummary) {
        let plugin = summary.plugin
        self.init(
            configName: entry.name, name: plugin.name, version: plugin.version, sdkVersion: plugin.sdkVersion,
            sdkFingerprint: plugin.sdkFingerprint, swiftVersion: plugin.swiftVersion, path: entry.resolvedPath,
            scenes: summary.sceneNames, nativeFunctions: [], settings: entry.settings, settingDeclarations: [])
    }
}
