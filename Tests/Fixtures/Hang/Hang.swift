#if canImport(Glibc)
import Glibc
#endif
import SceneSDK

/// A plugin that never returns from registration.
enum HangPlugin: ScenePlugin {
    static let name = "FixtureHang"
    static let version = "0.0.1"

    static func register(in registry: any SceneRegistry) throws {
        while true { sleep(1) }
    }
}

@_cdecl("scene_plugin_entry")
public func scenePluginEntry() -> UnsafeRawPointer { HangPlugin.exportDescriptor() }
