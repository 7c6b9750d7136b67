#if canImport(Glibc)
import Glibc
#endif
@_exported import SceneABI

extension ScenePlugin {
    /// The plugin descriptor for `scene_plugin_entry`.
    ///
    /// Its versions and SDK fingerprint are compiled into the plugin (`@_alwaysEmitIntoClient`), so
    /// they describe the plugin's build, not the host's SDK. The host calls the entry once per load; each call
    /// allocates a descriptor that lives for the process (plugins are never unloaded).
    @_alwaysEmitIntoClient
    public static func exportDescriptor() -> UnsafeRawPointer {
        let descriptor = UnsafeMutablePointer<scene_plugin_descriptor>.allocate(capacity: 1)
        descriptor.initialize(to: scene_plugin_descriptor(
            magic: SCENE_PLUGIN_MAGIC,
            abi_version: SCENE_PLUGIN_ABI_VERSION,
            sdk_version_major: SCENE_SDK_VERSION_MAJOR,
            sdk_version_minor: SCENE_SDK_VERSION_MINOR,
            sdk_version_patch: SCENE_SDK_VERSION_PATCH,
            reserved: 0,
            swift_version: UnsafePointer(strdup(swiftCompilerVersion())),
            plugin_name: UnsafePointer(strdup(name)),
            plugin_version: UnsafePointer(strdup(version)),
            plugin_type: unsafeBitCast(Self.self as Any.Type, to: UnsafeRawPointer.self),
            register_plugin: sceneSDKRegisterPlugin,
            sdk_fingerprint: UnsafePointer(strdup(sceneSDKFingerprint()))
        ))
        return UnsafeRawPointer(descriptor)
    }
}
