// The descriptor by hand, wrong on purpose: it needs the C layout, which `import SceneSDK` does not give.
import SceneABI
import SceneSDK
#if canImport(Glibc)
import Glibc
#endif

/// A plugin built against another build of the same SceneSDK version: its SDK sources differed
/// (say, a private stored property added), so the layouts it inlined may not be the host's.
@_cdecl("scene_plugin_entry")
public func scenePluginEntry() -> UnsafeRawPointer {
    let descriptor = UnsafeMutablePointer<scene_plugin_descriptor>.allocate(capacity: 1)
    descriptor.initialize(to: scene_plugin_descriptor(
        magic: SCENE_PLUGIN_MAGIC, abi_version: SCENE_PLUGIN_ABI_VERSION,
        sdk_version_major: SCENE_SDK_VERSION_MAJOR, sdk_version_minor: SCENE_SDK_VERSION_MINOR,
        sdk_version_patch: SCENE_SDK_VERSION_PATCH, reserved: 0,
        swift_version: UnsafePointer(strdup(swiftCompilerVersion())),
        plugin_name: UnsafePointer(strdup("FixtureOtherSDKBuild")), plugin_version: UnsafePointer(strdup("0.0.1")),
        plugin_type: nil, register_plugin: nil,
        sdk_fingerprint: UnsafePointer(strdup(String(repeating: "0", count: 64)))))
    return UnsafeRawPointer(descriptor)
}
