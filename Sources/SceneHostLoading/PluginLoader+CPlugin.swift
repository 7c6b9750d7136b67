#if canImport(Glibc)
import Glibc
#endif
@_spi(SceneHost) import SceneSDK
import Logging
import SceneHostCore
import SceneHostNative
import SceneHostContainer
import SceneHostConfig
import SceneHostCScenes

extension PluginLoader {
    /// Registers a C plugin (`scene_host.h`), whose handshake `descriptor` the opened library
    /// exports: the same steps as a Swift plugin's registration, with the C interface's checks
    /// (version, declarations, roles) in place of the SDK build's. A C plugin declares no settings
    /// and no permissions, so a config that gives it any is refused as for any plugin that declares none.
    func loadC(
        _ entry: PluginEntry, file: PluginFile, handle: UnsafeMutableRawPointer, descriptor: UnsafeMutableRawPointer,
        natives: [NativeFunction], into container: SceneContainer, expected: PluginMetadata?
    ) throws -> LoadedPlugin {
        let plugin = file.plugin
        try checkMapped(descriptor, file: file)
        if dlsym(handle, "scene_plugin_entry") != nil {
            throw PluginLoadError.pluginCSceneRefused(plugin, .twoEntries)
        }
        func register(into registry: PluginScopedRegistry) throws -> CPlugin {
            do {
                return try CPlugin.register(
                    descriptor: UnsafeRawPointer(descriptor), handle: handle, exported: file.exportedFunctions,
                    plugin: plugin.name,
                    into: registry)
            } catch let problem as CPluginProblem {
                throw PluginLoadError.pluginCSceneRefused(plugin, problem)
            }
        }
        let registry = PluginScopedRegistry(plugin: plugin, settings: entry.pluginSettings)
        let registered = try register(into: registry)
        if inspector == nil, !entry.settings.isEmpty {
            try settingsCheck.check(entry, plugin: plugin, declared: [])
        }
        if inspector == nil { try GrantCheck.check(entry, plugin: plugin, declared: []) }
        let scenes = registry.blueprints.map(\.name).sorted()
        try commit(
            registry, scenes: scenes, expected: expected, natives: natives, into: container,
            registeringAgain: {
                let again = PluginScopedRegistry(plugin: plugin, settings: entry.pluginSettings)
                _ = try register(into: again)
                return again.blueprints.map(\.name).sorted()
            })
        logger.debug(
            "loaded C plugin",
            metadata: [
                "plugin": "\(entry.name)", "path": "\(entry.resolvedPath)",
                "scenes": "\(scenes.joined(separator: ","))",
            ])
        return LoadedPlugin(
            configName: entry.name, name: registered.name, version: registered.version,
            sdkVersion: policy.sdkVersion, sdkFingerprint: policy.sdkFingerprint,
            swiftVersion: CPlugin.languageVersion,
            path: entry.resolvedPath, scenes: scenes, nativeFunctions: file.nativeDeclarations,
            settings: entry.settings, grants: entry.grants)
    }
}
