#if canImport(Glibc)
import Glibc
#endif
// Internal: the C descriptor is the host's business. A plugin gets no C type from `import SceneSDK`;
// the descriptor is filled in here, in the library, from values the plugin's build hands over.
internal import SceneABI

extension ScenePlugin {
    /// The plugin descriptor for `scene_plugin_entry`: return it from that function, the plugin's one C symbol.
    ///
    /// The facts about the build it records — the plugin ABI, the SDK version and fingerprint, the Swift
    /// compiler — are compiled into the plugin (`@_alwaysEmitIntoClient`), so they describe the plugin's build,
    /// not the host's SDK: the host refuses a plugin built against another SDK build. The host calls the entry
    /// once per load; each call allocates a descriptor that lives for the process (plugins are never unloaded).
    @_alwaysEmitIntoClient
    public static func exportDescriptor() -> UnsafeRawPointer {
        makePluginDescriptor(
            Self.self,
            abiVersion: CompiledSDK.abiVersion,
            sdkVersion: CompiledSDK.version,
            swiftVersion: swiftCompilerVersion(),
            sdkFingerprint: sceneSDKFingerprint()
        )
    }
}

/// The plugin ABI and SDK version as compiled into the CALLER (`@_alwaysEmitIntoClient`).
///
/// The same numbers as `scene_plugin_abi.h`'s macros, written again in Swift because inlined code
/// cannot name the internally imported C module; the host's tests check that they agree
/// (PluginDescriptorTests). The SDK library's own values are `SceneSDKInfo`'s.
@usableFromInline
enum CompiledSDK {
    /// SCENE_PLUGIN_ABI_VERSION.
    @_alwaysEmitIntoClient static var abiVersion: UInt32 { 2 }
    /// SCENE_SDK_VERSION_MAJOR, _MINOR, _PATCH.
    @_alwaysEmitIntoClient static var version: (major: UInt32, minor: UInt32, patch: UInt32) { (0, 1, 0) }
}

/// Fills in a descriptor for `plugin` with the plugin build's facts, which the caller passes from
/// its own compiled code (never this library's values: the host compares the two).
///
/// Not inlined: the C layout stays inside the SDK. `@usableFromInline` because `exportDescriptor()`,
/// compiled into each plugin, calls it; a plugin author never does.
@usableFromInline
func makePluginDescriptor(_ plugin: any ScenePlugin.Type, abiVersion: UInt32, sdkVersion: (major: UInt32, minor: UInt32, patch: UInt32),
                          swiftVersion: String, sdkFingerprint: String) -> UnsafeRawPointer {
    let descriptor = UnsafeMutablePointer<scene_plugin_descriptor>.allocate(capacity: 1)
    descriptor.initialize(to: scene_plugin_descriptor(
        magic: SCENE_PLUGIN_MAGIC,
        abi_version: abiVersion,
        sdk_version_major: sdkVersion.major,
        sdk_version_minor: sdkVersion.minor,
        sdk_version_patch: sdkVersion.patch,
        reserved: 0,
        swift_version: UnsafePointer(strdup(swiftVersion)),
        plugin_name: UnsafePointer(strdup(plugin.name)),
        plugin_version: UnsafePointer(strdup(plugin.version)),
        plugin_type: unsafeBitCast(plugin as Any.Type, to: UnsafeRawPointer.self),
        register_plugin: sceneSDKRegisterPlugin,
        sdk_fingerprint: UnsafePointer(strdup(sdkFingerprint))
    ))
    return UnsafeRawPointer(descriptor)
}
