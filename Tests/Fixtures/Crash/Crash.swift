import SceneSDK

/// A plugin that dies with SIGSEGV while registering (a write through a bad pointer): only a
/// probe in a child process survives it.
enum CrashPlugin: ScenePlugin {
    static let name = "FixtureCrash"
    static let version = "0.0.1"

    static func register(in registry: any SceneRegistry) throws {
        if let address = UnsafeMutablePointer<Int>(bitPattern: 16) { address.pointee = 1 }
    }
}

@_cdecl("scene_plugin_entry")
public func scenePluginEntry() -> UnsafeRawPointer { CrashPlugin.exportDescriptor() }
