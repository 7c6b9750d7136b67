import SceneSDK

/// A plugin whose registration throws.
enum ThrowsPlugin: ScenePlugin {
    static let name = "FixtureThrows"
    static let version = "0.0.1"

    struct MissingResource: Error, CustomStringConvertible {
        var description: String { "the orders database is not configured" }
    }

    static func register(in registry: any SceneRegistry) throws {
        throw MissingResource()
    }
}

@_cdecl("scene_plugin_entry")
public func scenePluginEntry() -> UnsafeRawPointer { ThrowsPlugin.exportDescriptor() }
