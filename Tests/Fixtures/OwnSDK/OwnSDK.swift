import SceneSDK

/// A plugin linked against a static copy of the SDK (the classic manifest mistake): the host
/// must refuse it before calling any of its code.
enum OwnSDKPlugin: ScenePlugin {
    static let name = "FixtureOwnSDK"
    static let version = "0.0.1"

    static func register(in registry: any SceneRegistry) throws {}
}

@_cdecl("scene_plugin_entry")
public func scenePluginEntry() -> UnsafeRawPointer { OwnSDKPlugin.exportDescriptor() }
