import SceneSDK

/// A plugin that calls fatalError while registering.
enum FatalPlugin: ScenePlugin {
    static let name = "FixtureFatal"
    static let version = "0.0.1"

    static func register(in registry: any SceneRegistry) throws {
        fatalError("FixtureFatal gives up")
    }
}

@_cdecl("scene_plugin_entry")
public func scenePluginEntry() -> UnsafeRawPointer { FatalPlugin.exportDescriptor() }
